package examples

// reproTheorems is the reproduction "theorems".
var reproTheorems = Reproduction{Name: "theorems", Paper: "StarTech §3, Theorems 1 and 2", Notebook: "theorems.sp", Takes: "about a minute, 4.5 GB",
	What: "Jamboree on best- and worst-ordered uniform trees on the infinite machine against the theorems' efficiency and parallelism"}
