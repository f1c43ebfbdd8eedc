#!/bin/sh
# The engine's nodes per second of CPU (bench/bench_engine.c).
echo "== engine: nodes per second of CPU time, fixed depths"
"$2/bench_engine"
