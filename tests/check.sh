#!/bin/sh
# make check: the main job. A differential check of the model against every
# llc installed here, on fresh random signatures plus the golden cases.
# Known differences (exit bit 4: caller/callee disagreements that a profile
# switch explains) pass; model-vs-llc divergences (8), unexpected llc
# refusals (16) and errors (1) fail.
set -u
count=${COUNT:-300}
seed=${SEED:-$(date +%Y%m%d)}
out=${OUT:-reports/check-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
./build/gcnabi gen --seed "$seed" --count "$count" > "$out/signatures.ll" || exit 1
cat cases/golden/*.ll >> "$out/signatures.ll"
echo "gcnabi check: $count random signatures (gcnabi gen --seed $seed) + cases/golden/*.ll"
./build/gcnabi check --out "$out" "$out/signatures.ll"
status=$?
ln -sfn "$(basename "$out")" reports/latest
echo "exit status $status (1 error, 4 known differences only, 8 model/llc divergence, 16 llc refused unexpectedly)"
[ $((status & 25)) -eq 0 ]
