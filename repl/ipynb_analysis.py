# %% [markdown] analysis
# ## Analysis
#
# The cells below read the session's runs into pandas, read-only, and draw
# the report's figures with matplotlib: speedup, work W, critical path C,
# search overhead and idle time against P, per algorithm and machine, and
# the fit of T_P ≈ c1·W/P + c∞·C + c0 with its residuals. They need
# numpy, pandas and matplotlib, not splitpoint, and run without the cells
# above. Change a line to ask another question: filter `par`, group by
# `position_id`, plot another column (results/doc.go describes them all).

# %% load
import pathlib
import sqlite3
from contextlib import closing
from math import lgamma

import matplotlib.pyplot as plt
from matplotlib.ticker import FuncFormatter
import numpy as np
import pandas as pd

# The results database of the session, opened read-only: these cells never
# change it. Re-run, the commands above store their runs in session SESSION
# (the first code cell) instead; to analyse those, set DB = NOTEBOOK_DB.
DB = pathlib.Path("results.db")
NOTEBOOK_DB = pathlib.Path("notebook/results.db")

# The measures of view derived (results/derive.go), as numbers (NaN where a
# run has none, e.g. no serial baseline to compare with).
MEASURES = ["work", "span", "time", "speedup", "efficiency", "search_overhead", "idle_fraction"]

if DB.exists():
    with closing(sqlite3.connect(DB.resolve().as_uri() + "?mode=ro", uri=True)) as con:
        runs = pd.read_sql_query("SELECT * FROM derived ORDER BY id", con)
else:
    runs = pd.DataFrame(columns=["role", "algo", "variants", "machine", "p", "failed", "time_unit", "position", "position_id"] + MEASURES)
runs[MEASURES] = runs[MEASURES].apply(pd.to_numeric).astype(float)

# The parallel runs that finished: label is the algorithm with its variants
# (jamboree+deferred), P the processors (inf: the simulator's infinite machine).
par = runs[(runs.role == "parallel") & runs.failed.isna()].copy()
par["label"] = np.where(par.variants.fillna("") == "", par.algo, par.algo + "+" + par.variants.fillna(""))
par["P"] = np.where(pd.to_numeric(par.p) < 0, np.inf, pd.to_numeric(par.p)).astype(float)
finite = par[np.isfinite(par.P)]
MACHINES = sorted(finite.machine.unique(), key=lambda m: (m != "sim", m))  # the simulator first
NAMES = {"sim": "simulated machine", "pool": "goroutine pool"}

print(f"{len(runs)} runs in {DB}: {len(par)} parallel, {len(finite)} of them on finite machines")
if par.empty:
    print("This session has no parallel runs: the figures and the fit below have nothing to show. "
          "Run a sweep (sweep --sim 1,2,4,8 …) in the session and export it again.")

# %% summary
# Means over the positions per algorithm, machine and P, as the report's
# summary table: speedup T_S/T_P, efficiency T_S/W, search overhead
# nodes_P/nodes_serial − 1, idle time over P·T_P, W and C in cost units.
summary = par.groupby(["label", "machine", "P"])[MEASURES].mean()
summary


# %% against_p
PLAIN = FuncFormatter(lambda v, _: f"{v:g}")  # log axes read 1, 2, 4 … and 0.1, 1, 10, not powers


def against_p(measure, ylabel, scale=1.0, logy=False, linear=False):
    """Draws the mean of a measure over the positions against P: one panel per
    machine, one line per algorithm; linear adds the line y = P."""
    data = finite.dropna(subset=[measure])
    if data.empty:
        print(f"No {measure} of a run on a finite machine to draw against P.")
        return
    machines = [m for m in MACHINES if m in set(data.machine)]
    fig, axes = plt.subplots(1, len(machines), figsize=(6 * len(machines), 4), squeeze=False)
    for ax, machine in zip(axes[0], machines):
        for label, g in data[data.machine == machine].groupby("label", sort=False):
            mean = g.groupby("P")[measure].mean() * scale
            ax.plot(mean.index, mean.values, marker="o", label=label)
        if linear:
            ps = sorted(data[data.machine == machine].P.unique())
            ax.plot(ps, ps, "k--", linewidth=1, label="linear speedup")
        ax.set(title=f"{ylabel} against P ({NAMES.get(machine, machine)})", xlabel="processors P", ylabel=ylabel)
        if machine == "sim":
            ax.set_xscale("log", base=2)
            ax.xaxis.set_major_formatter(PLAIN)
        if logy:
            ax.set_yscale("log")
            ax.yaxis.set_major_formatter(PLAIN)
        ax.legend(loc="best")  # matplotlib puts it where it covers the fewest points
    plt.show()


# %% speedup
# Speedup T_S/T_P against P, mean over the positions (on the simulator T_S is
# the serial baseline's work in cost units, on the pool its wall time).
against_p("speedup", "speedup T_S/T_P", logy=True, linear=True)

# %% work-span
# Work W and critical path C against P, in cost units (StarTech Figs. 6 and 7;
# the report draws one line per position: group by position_id to see them).
against_p("work", "work W", logy=True)
against_p("span", "critical path C", logy=True)

# %% overheads
# Search overhead nodes_P/nodes_serial − 1 and idle time over P·T_P, in %
# (Lu Figs. 5.10 and 5.11).
against_p("search_overhead", "search overhead %", scale=100)
against_p("idle_fraction", "idle %", scale=100)


# %% fit
def t975(dof):
    """The 0.975 quantile of Student's t with dof degrees of freedom: its
    density integrated numerically (what the 95 % intervals use)."""
    x = np.linspace(0, 1000, 1_000_001)
    density = np.exp(lgamma((dof + 1) / 2) - lgamma(dof / 2)) / np.sqrt(dof * np.pi) * (1 + x**2 / dof) ** (-(dof + 1) / 2)
    cdf = 0.5 + np.concatenate([[0], np.cumsum((density[1:] + density[:-1]) / 2 * np.diff(x))])
    return np.interp(0.975, cdf, x)


def fit_model(g):
    """Fits T_P ≈ c1·W/P + c∞·C + c0 by ordinary least squares to the runs g
    and judges it as splitpoint's fit does (fits/fit.go, fits/identify.go):
    W/P is 0 on the infinite machine, runs with T_P = 0 are left out, and
    the runs must span 3 values of P and give no cost a negative 95 %
    interval. Returns the coefficients with their standard errors and the
    fitted times, or the reason there is no fit."""
    g = g[g.time > 0]
    X = np.column_stack([np.where(np.isfinite(g.P), g.work / g.P, 0.0), g.span, np.ones(len(g))])
    T = g.time.to_numpy(float)
    n, k = X.shape
    if n <= k:
        return f"too few runs: {n}, the model needs at least {k + 1}"
    if np.isfinite(g.P).any() and np.all(np.abs(T - g.span) <= 1e-9 * np.maximum(T, 1)):
        return "the time of every run is its critical path (T_P = C): compare W and C instead"
    scale = np.abs(X).max(axis=0)
    if (scale == 0).any() or np.linalg.cond(X / scale) > 1e10:
        return "the runs cannot tell W/P, C and the constant apart (W/P or C zero in every run, or proportional)"
    if g.P.nunique() < k:
        return f"runs on {g.P.nunique()} value(s) of P only, and the model has {k} coefficients: run {k} or more"
    coef, _, _, _ = np.linalg.lstsq(X, T, rcond=None)
    predicted = X @ coef
    residuals = T - predicted
    se = np.sqrt(np.diag(residuals @ residuals / (n - k) * np.linalg.inv(X.T @ X)))
    for name, c, e in zip(["c1", "c∞", "c0"], coef, se):
        if c + t975(n - k) * e < 0:
            return f"{name} = {c:.4g} ± {e:.4g} is negative, and a cost cannot be: the times do not follow the model"
    r2 = 1 - residuals @ residuals / ((T - T.mean()) @ (T - T.mean()))
    return dict(c1=coef[0], c1_se=se[0], cinf=coef[1], cinf_se=se[1], c0=coef[2], c0_se=se[2], runs=n, R2=r2,
                mean_rel_error_pct=100 * np.mean(np.abs(residuals) / T), unit=g.time_unit.iloc[0],
                measured=T, predicted=predicted)


# One fit per algorithm and machine. On the pool T_P is in ns while W and C
# are in cost units, so c1 and c∞ there are ns per unit.
fitted, not_fitted = {}, {}
for (label, machine), g in par.groupby(["label", "machine"], sort=False):
    f = fit_model(g)
    if isinstance(f, str):
        not_fitted[(label, machine)] = f
    else:
        fitted[(label, machine)] = f
for (label, machine), why in not_fitted.items():
    print(f"{label} on {machine}: not fitted: {why}")
if not fitted:
    print("No algorithm and machine with runs to fit.")
fits = pd.DataFrame({key: {c: v for c, v in f.items() if c not in ("measured", "predicted")} for key, f in fitted.items()}).T
fits

# %% residuals
# Predicted against measured T_P with y = x, and the relative residuals
# (measured − predicted)/measured, per fitted algorithm and machine.
for (label, machine), f in fitted.items():
    T, pred = f["measured"], f["predicted"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4))
    left.scatter(T, pred, label="runs")
    left.plot([T.min(), T.max()], [T.min(), T.max()], "k--", linewidth=1, label="y = x")
    left.set(xscale="log", yscale="log", title=f"predicted against measured T_P: {label} ({NAMES.get(machine, machine)})",
             xlabel=f"measured T_P ({f['unit']})", ylabel=f"predicted T_P ({f['unit']})")
    left.legend(loc="best")
    right.scatter(T, 100 * (T - pred) / T)
    right.axhline(0, color="k", linewidth=1)
    right.set(xscale="log", title=f"residuals: {label} ({NAMES.get(machine, machine)})",
              xlabel=f"measured T_P ({f['unit']})", ylabel="(measured − predicted)/measured %")
    plt.show()
if not fitted:
    print("No fit, so no residuals to draw.")
