package examples

// reproStartechTt is the reproduction "startech-tt".
var reproStartechTt = Reproduction{Name: "startech-tt", Paper: "StarTech Fig. 4", Notebook: "tt-size.sp", Takes: "under a minute",
	What: "nodes searched against the transposition table's size, serially and by Jamboree on 64 simulated processors"}
