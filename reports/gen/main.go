package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"splitpoint/atomicfile"
)

// want is the echarts release package reports is written for; it must
// match reports.EchartsVersion and package.json.
const want = "5.4.3"

func main() {
	dst := flag.String("o", filepath.Join("assets", "echarts.min.js"), "destination file")
	flag.Parse()
	if err := run(*dst); err != nil {
		fmt.Fprintln(os.Stderr, "reports/gen:", err)
		os.Exit(1)
	}
}

func run(dst string) error {
	pkgDir, err := findEcharts()
	if err != nil {
		return err
	}
	var meta struct {
		Version string `json:"version"`
	}
	raw, err := os.ReadFile(filepath.Join(pkgDir, "package.json"))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		return fmt.Errorf("%s: %v", pkgDir, err)
	}
	if meta.Version != want {
		return fmt.Errorf("%s holds echarts %s, want %s: run `npm ci` in the repository root", pkgDir, meta.Version, want)
	}
	js, err := os.ReadFile(filepath.Join(pkgDir, "dist", "echarts.min.js"))
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(dst, js); err != nil {
		return err
	}
	fmt.Printf("reports/gen: copied echarts %s (%d bytes) to %s\n", meta.Version, len(js), dst)
	return nil
}

// findEcharts looks for node_modules/echarts in the working directory and
// its parents.
func findEcharts() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "node_modules", "echarts")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("node_modules/echarts not found above the working directory: run `npm ci` in the repository root first")
		}
		dir = parent
	}
}
