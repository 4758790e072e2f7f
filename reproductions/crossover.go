package reproductions

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"splitpoint/fits"
)

// predictsCrossover is the measure of the claim that W and C measured on a
// small machine predict a big machine (StarTech §4, 000:L405; *Socrates
// §2.6, 001:L776-780): T_P ≈ c1·W/P + c∞·C + c0 is fitted to the runs of
// the configurations base and variant, each on its own, with P ≤ smallP
// (predictAt), and each configuration's T at bigP is predicted from its W
// and C at the largest P ≤ smallP. The measure is 1
// when the prediction puts the variant on the same side of base at bigP as
// the run does (slower or not), 0 when not; NaN when a fit is impossible.
func predictsCrossover(base, variant string, smallP, bigP int) func(context.Context, Querier) (float64, error) {
	return func(ctx context.Context, db Querier) (float64, error) {
		var pred, meas [2]float64
		for i, v := range []string{base, variant} {
			var err error
			pred[i], meas[i], err = predictAt(ctx, db, v, smallP, bigP)
			if err != nil {
				return math.NaN(), err
			}
		}
		if math.IsNaN(meas[0]) || math.IsNaN(meas[1]) {
			return math.NaN(), nil
		}
		if (pred[1] > pred[0]) == (meas[1] > meas[0]) {
			return 1, nil
		}
		return 0, nil
	}
}

// smallFit is T_P ≈ c1·W/P + c∞·C + c0 fitted to the runs (one per
// position and P) of the configuration variants = v with P ≤ smallP, as
// the notebook's fit does, with each position's run at the largest
// P ≤ smallP, whose W and C predict the bigger machines, and the T
// measured per P and position.
type smallFit struct {
	res  *fits.Result
	last map[string]fits.Obs
	t    map[int]map[string]float64
	ps   []int
}

func fitSmall(ctx context.Context, db Querier, v string, smallP int) (*smallFit, error) {
	t, err := db.Query(ctx, "SELECT position_id, p, work, span, time FROM runs WHERE role = 'parallel' AND variants = ? ORDER BY p, position_id", v)
	if err != nil {
		return nil, err
	}
	f := &smallFit{last: map[string]fits.Obs{}, t: map[int]map[string]float64{}}
	var train []fits.Obs
	for _, r := range t.Rows {
		pos := fmt.Sprint(r[0])
		o := fits.Obs{P: num(r[1]), Work: num(r[2]), Span: num(r[3]), Time: num(r[4])}
		if o.P <= float64(smallP) {
			train = append(train, o)
			if o.P >= f.last[pos].P {
				f.last[pos] = o
			}
		}
		p := int(o.P)
		if f.t[p] == nil {
			f.t[p] = map[string]float64{}
			f.ps = append(f.ps, p)
		}
		f.t[p][pos] = o.Time
	}
	if f.res, err = fits.Fit(train, fits.Full); err != nil {
		return nil, fmt.Errorf("%s: fitting P ≤ %d: %w", v, smallP, err)
	}
	return f, nil
}

// at returns the T predicted and measured at P, summed over the positions
// measured there (NaN, NaN if none).
func (f *smallFit) at(p int) (pred, meas float64) {
	if len(f.t[p]) == 0 {
		return math.NaN(), math.NaN()
	}
	for pos, tm := range f.t[p] {
		o, ok := f.last[pos]
		if !ok {
			continue
		}
		pred += f.res.C1.Value*o.Work/float64(p) + f.res.Cinf.Value*o.Span + f.res.C0.Value
		meas += tm
	}
	return pred, meas
}

// predictAt returns the T of configuration v at bigP predicted by its fit
// from P ≤ smallP and the T measured there (smallFit).
func predictAt(ctx context.Context, db Querier, v string, smallP, bigP int) (pred, meas float64, err error) {
	f, err := fitSmall(ctx, db, v, smallP)
	if err != nil {
		return math.NaN(), math.NaN(), err
	}
	pred, meas = f.at(bigP)
	return pred, meas, nil
}

// predictedCrossover is the measure of the claim that the fit from
// P ≤ smallP predicts where the variant crosses base: log2 of the
// crossover P that the two fits predict (over the machine sizes of the
// run: the smallest P from which the variant's predicted T exceeds
// base's at every larger P, when it is below at some smaller P) over the
// crossover measured (crossoverP); 0 when they agree (also when neither
// has one: the fits predict the absence), ±1 a factor of 2, +Inf when
// only one of them has a crossover.
func predictedCrossover(base, variant string, smallP int) func(context.Context, Querier) (float64, error) {
	return func(ctx context.Context, db Querier) (float64, error) {
		m, err := crossoverP(base, variant)(ctx, db)
		if err != nil || math.IsNaN(m) {
			return math.NaN(), err
		}
		fb, err := fitSmall(ctx, db, base, smallP)
		if err != nil {
			return math.NaN(), err
		}
		fv, err := fitSmall(ctx, db, variant, smallP)
		if err != nil {
			return math.NaN(), err
		}
		var slower []bool
		for _, p := range fb.ps {
			tb, _ := fb.at(p)
			tv, _ := fv.at(p)
			slower = append(slower, tv > tb)
		}
		at := len(slower)
		for at > 0 && slower[at-1] {
			at--
		}
		switch predicted := at > 0 && at < len(slower) && slices.Contains(slower[:at], false); {
		case !predicted && m == 0:
			return 0, nil
		case !predicted || m == 0:
			return math.Inf(1), nil
		}
		return math.Log2(float64(fb.ps[at]) / m), nil
	}
}

// num is a results value as a float64.
func num(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return math.NaN()
}

// ratioRow is one machine size of a variant set against its base: the
// sums over the positions of T, W and C of each.
type ratioRow struct {
	p                  int
	tv, tb, wv, wb, cv float64
	cb                 float64
}

// ratios returns the rows of variant against base per P (role parallel,
// the positions both ran at that P), in increasing P.
func ratios(ctx context.Context, db Querier, base, variant string) ([]ratioRow, error) {
	t, err := db.Query(ctx, "SELECT v.p, SUM(v.time), SUM(b.time), SUM(v.work), SUM(b.work), SUM(v.span), SUM(b.span) FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.role = 'parallel' AND b.variants = ? WHERE v.role = 'parallel' AND v.variants = ? GROUP BY v.p ORDER BY v.p", base, variant)
	if err != nil {
		return nil, err
	}
	var rs []ratioRow
	for _, r := range t.Rows {
		rs = append(rs, ratioRow{p: int(num(r[0])), tv: num(r[1]), tb: num(r[2]), wv: num(r[3]), wb: num(r[4]), cv: num(r[5]), cb: num(r[6])})
	}
	return rs, nil
}

// crossoverP is the measure of the claim that a variant is faster on a
// small machine and slower on a big one (StarTech §4, 000:L397; *Socrates
// §2.6, 001:L769-771): the smallest P from which variant is slower than
// base at every larger P measured, when it is faster at some smaller P;
// 0 when there is no such P (never faster, or never slower from some P on).
func crossoverP(base, variant string) func(context.Context, Querier) (float64, error) {
	return func(ctx context.Context, db Querier) (float64, error) {
		rs, err := ratios(ctx, db, base, variant)
		if err != nil || len(rs) == 0 {
			return math.NaN(), err
		}
		at := len(rs)
		for at > 0 && rs[at-1].tv > rs[at-1].tb {
			at--
		}
		if at == len(rs) || at == 0 {
			return 0, nil
		}
		for _, r := range rs[:at] {
			if r.tv < r.tb {
				return float64(rs[at].p), nil
			}
		}
		return 0, nil
	}
}

// crossoverReason says, from W and C, why variant crosses base where it
// does or does not cross it: the ratios of T, W and C at P = 8 (the small
// machine of the claims), the largest small P (≤ smallP) and the largest P, and the crossover that
// Brent's bound W/P + C predicts from W and C at that small P:
// P* = (W_b − W_v)/(C_v − C_b) when the variant does less work and has the
// longer critical path; none when it does no less work (never faster) or
// its critical path is no longer (never slower).
func crossoverReason(base, variant string, smallP int) func(context.Context, Querier) (string, error) {
	return func(ctx context.Context, db Querier) (string, error) {
		rs, err := ratios(ctx, db, base, variant)
		if err != nil || len(rs) == 0 {
			return "", err
		}
		small, eight := -1, -1
		for i, r := range rs {
			if r.p <= smallP {
				small = i
			}
			if r.p == 8 {
				eight = i
			}
		}
		var parts []string
		for _, i := range []int{eight, small, len(rs) - 1} {
			if i < 0 || (len(parts) > 0 && strings.HasPrefix(parts[len(parts)-1], fmt.Sprintf("P = %d:", rs[i].p))) {
				continue
			}
			r := rs[i]
			parts = append(parts, fmt.Sprintf("P = %d: T ×%.3f, W ×%.3f, C ×%.3f", r.p, r.tv/r.tb, r.wv/r.wb, r.cv/r.cb))
		}
		s := variant + " against " + base + ": " + strings.Join(parts, "; ")
		if small < 0 {
			return s, nil
		}
		r := rs[small]
		switch {
		case r.wv >= r.wb:
			s += fmt.Sprintf("; at P = %d it does no less work, so W/P + C never puts it ahead: no crossover", r.p)
		case r.cv <= r.cb:
			s += fmt.Sprintf("; at P = %d it does less work and its critical path is no longer, so W/P + C never puts it behind: no crossover", r.p)
		default:
			s += fmt.Sprintf("; W/P + C from P = %d puts the crossover at P ≈ %.0f", r.p, (r.wb-r.wv)/(r.cv-r.cb))
		}
		return s, nil
	}
}

// predictionReason prints what predictsCrossover compared: the T of base
// and variant at bigP predicted by each one's fit from P ≤ smallP, and the
// T measured.
func predictionReason(base, variant string, smallP, bigP int) func(context.Context, Querier) (string, error) {
	return func(ctx context.Context, db Querier) (string, error) {
		var s []string
		for _, v := range []string{base, variant} {
			pred, meas, err := predictAt(ctx, db, v, smallP, bigP)
			if err != nil {
				return "", err
			}
			s = append(s, fmt.Sprintf("%s predicted T %.4g, measured %.4g", v, pred, meas))
		}
		return fmt.Sprintf("the fits from P ≤ %d at P = %d: %s", smallP, bigP, strings.Join(s, "; ")), nil
	}
}
