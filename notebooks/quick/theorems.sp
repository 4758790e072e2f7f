# The quick form of notebooks/theorems.sp: b = 2, 4 and d = 4, 6.
theorems --b 2,4 --d 4,6
