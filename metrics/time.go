package metrics

import "fmt"

// FormatTime writes a time t measured in unit for a person: nanoseconds
// (the pool's wall clock) in ms or s, any other unit (the simulator's
// cost units) as a count with its unit's name. JSON keeps the raw count.
func FormatTime(t int64, unit string) string {
	if unit != "ns" {
		if unit == "" {
			unit = "units"
		}
		return fmt.Sprintf("%d %s", t, unit)
	}
	switch d := float64(t); {
	case t == 0:
		return "0 ms"
	case d < 1e7:
		return fmt.Sprintf("%.3f ms", d/1e6)
	case d < 1e9:
		return fmt.Sprintf("%.1f ms", d/1e6)
	default:
		return fmt.Sprintf("%.3f s", d/1e9)
	}
}
