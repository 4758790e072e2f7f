# The quick form of examples/cycles.sp: Kaufman 1 at depth 5.
set preset default
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
search suite:kaufman#1 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 5 --cycles
