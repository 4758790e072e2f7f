package cluster

import (
	"bufio"
	"os"
	"runtime"
	"strings"
)

// Host is the machine a worker runs on, recorded with every run it
// reports so that a report never takes two machines' wall times for one.
type Host struct {
	Name  string `json:"name"`
	CPU   string `json:"cpu"`
	Cores int    `json:"cores"`
}

// ThisHost is this process's host: its hostname, CPU model (from
// /proc/cpuinfo where there is one, else GOARCH) and logical cores.
func ThisHost() Host {
	h := Host{CPU: runtime.GOARCH, Cores: runtime.NumCPU()}
	h.Name, _ = os.Hostname()
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), ":")
			if ok && strings.TrimSpace(k) == "model name" {
				h.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	return h
}
