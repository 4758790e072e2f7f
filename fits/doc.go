// Package fits fits the work/critical-path performance model of parallel
// game-tree search to measured runs and judges it.
//
// Each run on P processors is an observation of its work W, its critical
// path (span) C and its running time T_P. The model of StarTech and *Socrates
// is
//
//	T_P ≈ c1·W/P + c∞·C + c0
//
// fitted by ordinary least squares. Kuszmaul (StarTech, 1995, section
// "Critical Path and Work of StarTech", equation 2) reports
// T_P ≈ 1.02·W/P + 1.5·C + 4.3 seconds; Joerg and Kuszmaul (*Socrates, 1994,
// section 2, equation 1) fit T_predicted = c1·C + c2·W/P + c3 and report
// T ≈ (0.95 ± 0.04)·C + (1.091 ± 0.001)·W/P + 0. The papers use the fit to
// develop on a small machine and predict a big one: see Validate.
//
// Fit returns coefficients with standard errors and 95 % confidence
// intervals, R², the correlation of predicted with measured times, the mean
// error and mean relative error, and the same errors for Brent's bound
// W/P + C and for the published coefficients. Predict gives confidence and
// prediction intervals for runs not measured. ReadCSV reads observations;
// WriteFit and WriteValidation print results as text; Result and Validation
// marshal to JSON.
//
// Data problems (too few runs, a singular design, a negative time) are
// returned as errors; a caller's programming mistake (an unknown Model, a
// non-positive P given to Predict) panics with a message starting "fits: ".
//
// Example: ExampleFit fits the model to runs and finds the coefficients
// (example_test.go).
package fits
