package cluster

import (
	"bytes"
	"strings"
	"testing"
)

// goodSlurm is a valid sbatch script's settings.
func goodSlurm() Slurm {
	return Slurm{Spec: "sweep.yaml", DB: "/shared/r.db", Nodes: 2, Time: "1:00:00", Port: 4222, Partition: "short", Name: "splitpoint-sweep"}
}

// TestSlurmRefusesHostileNames: no setting can add a line to the script,
// end its #SBATCH block or leave a shell word unquoted: a name a shell or
// an #SBATCH line could misread is refused, by Check and by Write, and a
// path with a quote is quoted so that the shell reads it back whole.
func TestSlurmRefusesHostileNames(t *testing.T) {
	hostile := []string{"a\nrm -rf ~", "a\r#SBATCH --nodes=100", "a\x00b", "a b", "a;b", "$(id)", "`id`", "a'b", "a\"b", "x%j", "a#b", "a\tb", "-", "a\\b", "a\u2028b"}
	set := map[string]func(*Slurm, string){
		"partition": func(s *Slurm, v string) { s.Partition = v },
		"name":      func(s *Slurm, v string) { s.Name = v },
		"time":      func(s *Slurm, v string) { s.Time = v },
	}
	for field, f := range set {
		for _, v := range hostile {
			s := goodSlurm()
			f(&s, v)
			if err := s.Check(); err == nil {
				t.Errorf("%s %q: accepted", field, v)
			} else if strings.ContainsAny(err.Error(), "\n\r\x00") {
				t.Errorf("%s %q: the error %q holds a control character", field, v, err)
			}
			var buf bytes.Buffer
			if err := s.Write(&buf); err == nil {
				t.Errorf("%s %q: written", field, v)
			}
		}
	}
	// Paths go into shell lines, single-quoted: a control character is
	// refused, any other character is quoted.
	paths := map[string]func(*Slurm, string){
		"spec":  func(s *Slurm, v string) { s.Spec = v },
		"db":    func(s *Slurm, v string) { s.DB = v },
		"files": func(s *Slurm, v string) { s.Files = v },
		"bin":   func(s *Slurm, v string) { s.Binary = v },
	}
	for field, f := range paths {
		for _, v := range []string{"a\nb", "a\rb", "a\x00b", "a\x1bb", "a\u2028b"} {
			s := goodSlurm()
			f(&s, v)
			if err := s.Check(); err == nil {
				t.Errorf("%s %q: accepted", field, v)
			}
		}
		for _, v := range []string{"it's.yaml", "$(id).yaml", "a b/`id`;x"} {
			s := goodSlurm()
			f(&s, v)
			var buf bytes.Buffer
			if err := s.Write(&buf); err != nil {
				t.Errorf("%s %q: %v", field, v, err)
				continue
			}
			if !strings.Contains(buf.String(), shellQuote(v)) {
				t.Errorf("%s %q: not single-quoted in\n%s", field, v, buf.String())
			}
		}
	}
	// Every #SBATCH line comes before the first command.
	s := goodSlurm()
	var buf bytes.Buffer
	if err := s.Write(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	cmd := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "#SBATCH") && cmd:
			t.Errorf("#SBATCH line after a command: %q", l)
		case l != "" && !strings.HasPrefix(l, "#"):
			cmd = true
		}
	}
}

// FuzzSlurm: whatever the names, a script written has its settings on
// the lines they belong to: as many lines as the valid script, and every
// #SBATCH line before the first command.
func FuzzSlurm(f *testing.F) {
	f.Add("short", "splitpoint-sweep", "sweep.yaml", "/shared/r.db")
	f.Add("a\nb", "x y", "it's", "$(id)")
	f.Fuzz(func(t *testing.T, partition, name, spec, db string) {
		s := goodSlurm()
		var want bytes.Buffer
		if err := s.Write(&want); err != nil {
			t.Fatal(err)
		}
		s.Partition, s.Name, s.Spec, s.DB = partition, name, spec, db
		var got bytes.Buffer
		if err := s.Write(&got); err != nil {
			return
		}
		n := strings.Count(want.String(), "\n")
		if partition == "" {
			n--
		}
		if strings.Count(got.String(), "\n") != n {
			t.Fatalf("%q %q %q %q: %d lines, want %d:\n%s", partition, name, spec, db, strings.Count(got.String(), "\n"), n, got.String())
		}
	})
}
