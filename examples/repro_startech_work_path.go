package examples

// reproStartechWorkPath is the reproduction "startech-work-path".
var reproStartechWorkPath = Reproduction{Name: "startech-work-path", Paper: "StarTech Figs. 6 and 7", Notebook: "workpath.sp", Takes: "2 minutes of CPU (9½ minutes at load 14)",
	Published: `StarTech Figs. 6 and 7: W and C of each Kaufman position on 1 … 512 processors and the best
serial program ('S'); Jamboree does "about 2 to 3 times more work" than the best serial program;
C is "less than 0.1 % of the total work" under tournament conditions (average parallelism over 1000);
*Socrates: "the work increases by about a factor of two to three as the number of processors increases
from 1 to 128", C "fairly stable".`,
	Findings: `2026-11-24 (docs/reproductions.md), depth 6: W over the serial Scout's grows 1.06 (P = 1), 2.01 (32),
3.37 (128), 4.59 (512); C stays at 2,400-3,600 units, 0.29 % of W at P = 512. From 1 to 128 processors
the work grows 3.2× (*Socrates: 2 to 3); at 512 it is 4.6× the serial work, not 2 to 3, because these
searches are small for 512 processors (W/C 387; StarTech's were over 1000).`,
	What: "W and C against P for every Kaufman position (one chart each), W over the serial Scout's per P"}
