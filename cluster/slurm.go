package cluster

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"
	"unicode"

	"splitpoint/suggest"
)

// Slurm is an sbatch script's settings: a coordinator task (the sweep
// with an embedded NATS server) on the allocation's first node and Nodes
// worker tasks on the others.
type Slurm struct {
	Spec      string // the sweep's spec file, as the job sees it
	DB        string // the results database, as the job sees it
	Nodes     int    // worker nodes (the allocation has Nodes+1)
	Time      string // Slurm's time limit: MM, HH:MM:SS, D-HH:MM:SS …
	Port      int    // the embedded server's port
	Partition string // "": the cluster's default
	Binary    string // the splitpoint binary ("": splitpoint on PATH)
	Name      string // the job's name
	Files     string // the workers' directory of file: positions ("": none)
}

var (
	slurmTime = regexp.MustCompile(`^(\d+-)?\d+(:\d{1,2}){0,2}$`)
	// slurmWord is a job name or partition as it may stand on an #SBATCH
	// line unquoted: no blank, quote, '#', '%' (a file name pattern of
	// --output) or shell character; a partition may be a list.
	slurmName      = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]*$`)
	slurmPartition = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*(,[A-Za-z0-9][A-Za-z0-9._-]*)*$`)
)

// Check reports a setting sbatch would refuse or a name the script could
// misread: the job's name and partition stand unquoted on #SBATCH lines,
// so they are words of letters, digits and ._+- (a partition may be a
// comma-separated list); the paths are single-quoted in shell lines, so
// they may hold any character but a control character (a newline would
// end the line it is on).
func (s *Slurm) Check() error {
	for _, p := range []struct{ flag, v string }{{"spec", s.Spec}, {"--db", s.DB}, {"--files", s.Files}, {"--bin", s.Binary}} {
		if strings.IndexFunc(p.v, func(r rune) bool { return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' }) >= 0 {
			return fmt.Errorf("%s %s: a path in a shell line may hold no control character", p.flag, suggest.Echo(p.v))
		}
	}
	switch {
	case !slurmName.MatchString(s.Name):
		return fmt.Errorf("job name %s: want letters, digits and ._+- only (it stands unquoted on an #SBATCH line; rename the spec file)", suggest.Echo(s.Name))
	case s.Partition != "" && !slurmPartition.MatchString(s.Partition):
		return fmt.Errorf("--partition %s: want a partition name (letters, digits and ._-) or a comma-separated list of them", suggest.Echo(s.Partition))
	case s.Nodes < 1:
		return fmt.Errorf("--nodes %d: want at least one worker node", s.Nodes)
	case !slurmTime.MatchString(s.Time):
		return fmt.Errorf("--time %s: want a Slurm time limit such as 30, 2:00:00 or 1-12:00:00", suggest.Echo(s.Time))
	case s.Port < 1 || s.Port > 65535:
		return fmt.Errorf("--port %d: want 1..65535", s.Port)
	case s.Spec == "":
		return fmt.Errorf("no spec file")
	}
	return nil
}

// shellQuote quotes s for bash: 'it'\”s'.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

var sbatch = template.Must(template.New("sbatch").Funcs(template.FuncMap{"q": shellQuote}).Parse(`#!/bin/bash
# {{.Name}}: a splitpoint sweep over {{.Nodes}} worker nodes.
# Written by "splitpoint slurm" (mode 0600); submit this file as is with sbatch.
#SBATCH --job-name={{.Name}}
#SBATCH --nodes={{.Total}}
#SBATCH --ntasks={{.Total}}
#SBATCH --ntasks-per-node=1
#SBATCH --exclusive
#SBATCH --time={{.Time}}
#SBATCH --output={{.Name}}-%j.out
{{- if .Partition}}
#SBATCH --partition={{.Partition}}
{{- end}}
set -euo pipefail
SP={{q .Bin}}
NODES=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))
COORD=${NODES[0]}
URL=nats://$COORD:{{.Port}}
# The sweep's id, this job's: its server's store and keys are its own.
SWEEP=slurm-$SLURM_JOB_ID
# The workers' key: the coordinator makes one for its sweep and writes it
# here, on the shared file system, mode 0600 in a directory of mode 0700;
# the workers read it there (no secret on a command line or in this
# script). An earlier one goes first, so that no worker takes it.
CREDS={{q .Store}}/"$SWEEP"/auth/worker.nk
rm -f "$CREDS"

# The coordinator: the sweep, with an embedded NATS server (JetStream store
# and keys beside the database) that lets in only the holders of its keys,
# on the first node.
srun --nodes=1 --ntasks=1 --nodelist="$COORD" "$SP" sweep --spec {{q .Spec}} --db {{q .DB}} \
  --nats embedded --nats-port {{.Port}} --resume "$SWEEP" &
COORD_PID=$!

# The workers, one per other node: they wait for the key, then for the
# server (reconnecting), and stop after a minute without jobs.
srun --nodes={{.Nodes}} --ntasks={{.Nodes}} --exclude="$COORD" "$SP" worker --nats "$URL" --nats-creds "$CREDS"{{if .Files}} --files {{q .Files}}{{end}} --idle 60s &
WORKERS_PID=$!

status=0
wait $COORD_PID || status=$?
kill -INT $WORKERS_PID 2>/dev/null || true
wait $WORKERS_PID || true
exit $status
`))

// Write writes the sbatch script.
func (s *Slurm) Write(w io.Writer) error {
	if err := s.Check(); err != nil {
		return err
	}
	bin := s.Binary
	if bin == "" {
		bin = "splitpoint"
	}
	return sbatch.Execute(w, struct {
		Slurm
		Total int
		Bin   string
		Store string
	}{*s, s.Nodes + 1, bin, filepath.Join(filepath.Dir(s.DB), "splitpoint-nats")})
}
