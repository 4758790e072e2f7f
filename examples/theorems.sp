# StarTech's Theorems 1 and 2 (Kuszmaul 1995 §3): Jamboree on uniform
# best-ordered and worst-ordered trees on the infinite simulated machine,
# measured beside what the theorems predict.

theorems --b 2,4,8 --d 4,6,8
