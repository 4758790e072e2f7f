// Package cluster spreads the workbench beyond one process on NATS JetStream:
// a sweep's planned runs become jobs on a work-queue stream
// that any number of workers (splitpoint worker --nats URL) take, run and
// answer on a results stream, and the coordinator (splitpoint sweep --nats
// URL) stores each answer in the session's database exactly once.
//
// Subjects and streams (one pair for all sweeps):
//
//	stream SPLITPOINT_JOBS     splitpoint.jobs.<sweep>.<job>     work queue: a job leaves when a worker acks it
//	stream SPLITPOINT_RESULTS  splitpoint.results.<sweep>.<job>  a finished run's row as JSON
//	core   splitpoint.cancel.<sweep>                              Ctrl-C: workers drop that sweep's jobs
//
// Workers share the durable pull consumer "workers" on the jobs stream and
// take one job at a time; a job not acknowledged within AckWait (a worker
// that died) is delivered to another, and a worker on a long job tells the
// server it is alive (InProgress) every AckWait/3. The coordinator's
// durable consumer "coord-<sweep>" on the results stream survives its
// restart: re-attached with the same sweep id it gets what arrived
// meanwhile, and the store (results.Store.InsertJob, unique per sweep and
// job) keeps each job once whatever the redeliveries. A job is also run
// once when its run is known to be finished: a resumed coordinator
// withdraws from the jobs stream the jobs whose runs it has stored (an
// acknowledgement lost with an embedded server that died with its
// coordinator), and a worker given a job again whose run is on the results
// stream acknowledges it unrun.
//
// Every server the workbench starts (StartServer, StartSweepServer) lets
// in only the holders of its nkeys (Auth): the owner's, with every
// permission, and the workers', allowed only what a worker does for one
// sweep (WorkerPermissions), with the subjects and consumer above scoped
// to it (WorkersConsumer), in an account of their own that imports only
// those requests from the owner's (link), so that no answer of the server
// can be steered onto the owner's subjects. The coordinator stores a run
// only when it is what its job asked for and possible for it (CheckRun),
// retries a job a worker failed (MaxTries) and prints worker text as one
// bounded line; see validate.go. Commands reach other servers with the user's
// credentials and CA (Creds). A worker runs a job only when the sweep's
// command line could have planned it (JobMsg.Check) and reads file:
// positions only inside its directory (Worker.Files); see docs/cluster.md.
//
// Coordinator.Progress reports where a sweep stands (the terminal UI's
// cluster machine shows it); Dial and DialNow also reach a server of this
// process without a listener by its inprocess:// URL (Server.URL), which
// the tests hand to the commands.
package cluster
