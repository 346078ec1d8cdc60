#!/bin/sh
# make check: the main job. A differential check of the model against every
# llc installed here, on fresh random signatures plus the golden cases, then
# on random call graphs (every call site against its callee). Known
# differences (exit bit 4: caller/callee disagreements that a profile switch
# explains) pass; model-vs-llc divergences (8), unexpected llc refusals (16)
# and errors (1) fail.
set -u
count=${COUNT:-300}
graphs=${GRAPHS:-20}
seed=${SEED:-$(date +%Y%m%d)}
out=${OUT:-reports/check-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out/graphs"
./build/gcnabi gen --seed "$seed" --count "$count" > "$out/signatures.ll" || exit 1
cat cases/golden/*.ll >> "$out/signatures.ll"
echo "gcnabi check: $count random signatures (gcnabi gen --seed $seed) + cases/golden/*.ll"
./build/gcnabi check --out "$out" "$out/signatures.ll"
status=$?
ln -sfn "$(basename "$out")" reports/latest
./build/gcnabi gen --callgraph --seed "$seed" --count "$graphs" > "$out/graphs/graphs.ll" || exit 1
echo
echo "gcnabi check: $graphs random call graphs (gcnabi gen --callgraph --seed $seed)"
./build/gcnabi check --out "$out/graphs" "$out/graphs/graphs.ll"
graph_status=$?
status=$((status | graph_status))
echo "exit status $status (1 error, 4 known differences only, 8 model/llc divergence, 16 llc refused unexpectedly)"
[ $((status & 25)) -eq 0 ]
