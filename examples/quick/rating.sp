# The quick form of examples/rating.sp: depth 4, four machine sizes.
set preset default
# the papers' scheduler: a thief steals the last child (solve, like search,
# otherwise orders steals by levels on chess positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param no_killer_handover=true
set grain 0
set seed 1
solve suite:kaufman --algo jamboree --variants deferred,rid --depth 4 --time 10s --sim 1,16,128,512
report --sweep all --out rating-quick-report --title "Rating against P (StarTech Fig. 5, quick form)"
