package main

import "strings"

// smallStacksEnv returns env with adaptivestackstart=0 added to GODEBUG
// (startSmallStacks), and false when GODEBUG already names the setting.
func smallStacksEnv(env []string) ([]string, bool) {
	const key, setting = "GODEBUG=", "adaptivestackstart=0"
	out := make([]string, 0, len(env)+1)
	found := false
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, key); ok {
			for _, s := range strings.Split(v, ",") {
				if strings.HasPrefix(s, "adaptivestackstart=") {
					return nil, false
				}
			}
			if v != "" {
				kv += ","
			}
			kv += setting
			found = true
		}
		out = append(out, kv)
	}
	if !found {
		out = append(out, key+setting)
	}
	return out, true
}
