package reports

import "math"

// hostile is a string no part of the page may ever run.
const hostile = `<script>alert(1)</script>`

// sampleReport exercises every kind of section and chart, with a hostile
// position id in data strings.
func sampleReport() *Report {
	threads := []float64{1, 2, 4, 8, 16}
	return &Report{
		Title: "Speedup study " + hostile,
		Meta: []KV{
			{"date", "2025-01-02 03:04:05 UTC"},
			{"version", "v0.3.0-test"},
			{"seed", "42"},
			{"machine", "2 cores, 24 GiB"},
		},
		Sections: []Section{
			{Heading: "Summary", Text: "Young Brothers Wait beats PVS on wide trees.\n\nSecond paragraph with " + hostile + "."},
			{Heading: "Settings of the run", KV: []KV{{"suite", "wac"}, {"depth", "7"}}},
			{Heading: "Speedup", Text: "Dashed: linear speedup.", Chart: &Chart{
				ID: "speedup", Title: "Speedup vs threads", XLabel: "threads", YLabel: "speedup", LogX: true, LogY: true,
				Series: []Series{
					{Name: "YBWC", X: threads, Y: []float64{1, 1.9, 3.5, 6.1, 9.8}},
					{Name: "PVS", X: threads, Y: []float64{1, 1.7, 2.9, 4.2, 5.0}},
					{Name: "linear", X: threads, Y: threads, Dashed: true},
				},
			}},
			{Chart: &Chart{
				ID: "nodes", Title: "Nodes per position", XLabel: "position", YLabel: "nodes", Kind: Scatter,
				Series: []Series{
					{Name: "pos " + hostile, X: []float64{1, 2, 3, 4, 5, 6}, Y: []float64{120, 340, 90, 560, 410, 230}},
					{Name: "mean", X: []float64{1, 6}, Y: []float64{291, 291}, Dashed: true},
				},
			}},
			{Chart: &Chart{
				ID: "overhead", Title: "Search overhead", XLabel: "threads", YLabel: "extra nodes (%)", Kind: Bar,
				Series: []Series{
					{Name: "YBWC", X: []float64{2, 4, 8}, Y: []float64{4, 9, 17}},
					{Name: "PVS", X: []float64{2, 4, 8, 16}, Y: []float64{6, 14, 30, 55}},
				},
			}},
			{Chart: &Chart{
				ID: "profile", Title: "Busy threads over time", XLabel: "time (ms)", YLabel: "busy threads", Kind: Area,
				Series: []Series{{Name: "busy", X: ramp(200), Y: wave(200)}},
			}},
			{Heading: "Results", Text: "One row per position.", Table: &Table{
				ID: "results", Title: "Results & nodes_{total} at 50% load",
				Columns: []string{"position", "nodes", "speedup", "note"},
				Rows: [][]string{
					{hostile, "123456", "3.5x", "a \\ b & c"},
					{"WAC.002", "98765", "–", "ok"},
					{"WAC.003", "1.5e6", "12%", "$x$ #1 ~ ^"},
				},
			}},
		},
	}
}

func ramp(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i)
	}
	return x
}

func wave(n int) []float64 {
	y := make([]float64, n)
	for i := range y {
		y[i] = 8 + 6*math.Sin(float64(i)/15)*math.Exp(-float64(i)/150)
	}
	return y
}
