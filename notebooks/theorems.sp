# StarTech's Theorems 1 and 2 (Kuszmaul 1995 §3): Jamboree on uniform
# best-ordered and worst-ordered trees on the infinite simulated machine,
# measured beside what the theorems predict. The worst-ordered rows come on
# two trees: the spec's order=worst (alpha-beta cuts deep on it) and
# worst-full, synth.FullWorst's literal tree that alpha-beta searches whole,
# the tree Theorem 2 is about. About a minute; 4.5 GB of memory at peak
# (the infinite simulated machine on the b=8, d=8 worst-ordered rows).

theorems --b 2,4,8 --d 4,6,8
