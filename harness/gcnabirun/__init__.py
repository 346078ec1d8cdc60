"""gcnabi-run: the nightly harness. It orchestrates build/gcnabi (gen, check,
place, emit, diff) and llc, FileCheck, lit; it does not re-implement the
model, the generators or the parsers."""
