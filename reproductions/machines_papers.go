package reproductions

// The papers' machines (Reproduction.Machine).
var (
	// machineTC2000 is Lu's (sched.TC2000Costs).
	machineTC2000 = Machine{Name: "BBN TC2000, NUMA shared memory through a Butterfly switch, 2–16 searchers and the controller on a processor of its own",
		Costs: "tc2000", Source: "Lu §4.2, 003:L926-932",
		Note: "node 141 µs (sequential Chinook on the TC2000, Table C.1); a remote reference 4 µs (BBN's Butterfly figure, the TC2000's own not found); taking a spin lock two remote references; a table entry held two, a split-node post four; the table's lock granularity is not given (4096 locks in the preset, tt_locks=1 the other bound); the switch's contention is not modelled"}
	// machineCM5 is StarTech's and *Socrates's (sched.CM5Costs).
	machineCM5 = Machine{Name: "Thinking Machines CM-5, up to 512 SPARC processors with a data network",
		Costs: "cm5", Source: "StarTech §2-4, *Socrates §5.1",
		Note: "node 30 units of about 160 cycles (StarTech Fig. 4's serial rate), a global table read 10 (\"around 1600 cycles\", *Socrates §5.1), a steal request 16, migration, abort and wake 4, spawn 1"}
	// machineCM5Unfiltered is machineCM5 for reproductions whose claims
	// do not select the costs (Machine.Unfiltered).
	machineCM5Unfiltered = func() Machine { m := machineCM5; m.Unfiltered = true; return m }()
	// machineVAX is Bhattacharya and Bagchi's: its time is the paper's
	// own accounting, which the run's terminal preset is.
	machineVAX = Machine{Name: "one VAX 11/750, N VMS processes",
		Source: "Bhattacharya & Bagchi §4, 002:L80-84",
		Note:   "The paper times nothing on it: its running times are terminal counts (one per terminal examined, all else free), and the run's own cost model is that accounting (--costs terminal), so the free machine here is the paper's and no second machine runs."}
	// machineAxon is Vučković's: the paper measures nodes only.
	machineAxon = Machine{Name: "two AMD Sempron 2600+ PCs (256 MB, 50 MB hash each) on a 100 Mbit LAN",
		Source: "Vučković §5-6, 004",
		Note:   "The paper measures nodes, not time (\"time saving is in direct correspondence with node saving, because of constant NPS factor\", §6), and its searchers share nothing but two or three short messages a second, so no cost of the machine enters its figures: the free machine is the paper's measure and no second machine runs. The paper gives no latency or node rate from which a cost model could be made."}
	// machineNone is for reproductions whose claims do not depend on a
	// machine.
	machineTheory = Machine{Name: "none: the theorems are about the trees",
		Source: "StarTech §3",
		Note:   "Theorems 1 and 2 bound W and C of Jamboree on uniform trees; no machine enters them, so none runs."}
	machineModern = Machine{Name: "the machines of the modern engines' papers (several, none of them modelled)",
		Source: "Hyatt; Feldmann; Weill",
		Note:   "The comparison runs the workbench's own rows; the papers it cites do not give costs of their machines from which a preset could be made."}
)
