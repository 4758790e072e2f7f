package examples

// reproStartechRating is the reproduction "startech-rating".
var reproStartechRating = Reproduction{Name: "startech-rating", Paper: "StarTech Fig. 5", Notebook: "rating.sp", Takes: "3 minutes of CPU (11½ minutes at load 12)",
	Published: `StarTech Fig. 5 (top-20 time, rating 2930 − 200·log10 t20):
  P = 1 8936.95 s 2139,  4 3152.54 s 2230,  16 1240.72 s 2311,  64 573.19 s 2378,  256 378.72 s 2414,  512 319.38 s 2429`,
	Findings: `2026-11-24 (docs/reproductions.md): NOT reproduced. At depth 6 the same 6 of 25 positions are solved at
every P, so t20 ≈ 14 × the 60 s limit and the rating is flat (2345); StarTech's slope comes from reaching
tournament depths faster, and simulating searches of that size at 10 machine sizes is beyond this
2-core machine. The notebook is the method: raise --depth and --time on a bigger machine.`,
	What: "Kaufman's rating estimate against P, solving the suite on the simulated machine"}
