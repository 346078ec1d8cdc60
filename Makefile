# gcnabi: build, test, check, bench. `make help` lists the targets.
CC       ?= cc
CFLAGS   ?= -O2 -g
WARN     := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror
CPPFLAGS := -D_POSIX_C_SOURCE=200809L -Icore -Iobserve -Igenerators -Iio -Iemit -Ifinal -Iengine -Icli
SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
B        := build

CORE_SRC  := $(wildcard core/*.c)
OBS_SRC   := $(wildcard observe/*.c)
GEN_SRC   := $(wildcard generators/*.c)
FINAL_SRC := $(wildcard final/*.c)
IO_SRC    := $(wildcard io/*.c)
EMIT_SRC  := $(wildcard emit/*.c)
ENGINE_SRC:= $(wildcard engine/*.c)
CLI_SRC   := $(wildcard cli/*.c)
LIB_SRC   := $(CORE_SRC) $(OBS_SRC) $(GEN_SRC) $(FINAL_SRC) $(IO_SRC) $(EMIT_SRC) $(ENGINE_SRC) $(filter-out cli/main.c,$(CLI_SRC))
UNIT_SRC  := $(wildcard tests/unit/test_*.c)
HDRS      := $(wildcard core/*.h observe/*.h generators/*.h final/*.h io/*.h emit/*.h engine/*.h cli/*.h tests/unit/*.h)

obj = $(patsubst %.c,$(B)/$(1)/%.o,$(2))

.PHONY: all test test-quick unit check bench deps clean help nightly selftest harness-test fuzz fuzz-replay fuzz-build afl fuzz-bench fuzz-feed
# Keep the test objects between runs.
.SECONDARY:
all: $(B)/gcnabi

# --- release build -------------------------------------------------------
$(B)/rel/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo "CC      $<"
	@$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -c $< -o $@

$(B)/gcnabi: $(call obj,rel,$(LIB_SRC) cli/main.c)
	$(CC) $(CFLAGS) $^ -o $@ -lpthread

# --- sanitizer build (used by the tests) ----------------------------------
$(B)/san/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo "CC san  $<"
	@$(CC) $(CPPFLAGS) $(WARN) -O1 -g $(SAN) -c $< -o $@

$(B)/gcnabi-san: $(call obj,san,$(LIB_SRC) cli/main.c)
	$(CC) $(SAN) $^ -o $@ -lpthread

$(B)/tests/%: $(B)/san/tests/unit/%.o $(call obj,san,$(LIB_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $^ -o $@ -lcmocka -lpthread -lm

UNIT_BINS := $(patsubst tests/unit/%.c,$(B)/tests/%,$(UNIT_SRC))

unit: $(UNIT_BINS)
	@fail=0; for t in $(UNIT_BINS); do $$t || fail=1; done; exit $$fail

# make test: the cmocka unit tests, the fuzz corpus replay, lit and pytest
# in parallel on JOBS cores, then one line 'N passed, N failed'
# (tests/suite.sh); make test-quick: the newest llc only, no slow tests.
# pytest and xdist come from Debian (make deps), under Debian's python3.
PYTEST_PY   ?= /usr/bin/python3
LIT         ?= $(lastword $(sort $(wildcard /usr/lib/llvm-*/build/utils/lit/lit.py)))
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
PYTEST_ARGS ?=
SUITE_ENV    = TR=$(B)/test-results JOBS=$(JOBS) PYTEST_PY=$(PYTEST_PY) LIT=$(LIT) UNIT_BINS="$(UNIT_BINS)" \
               MAKE="$(MAKE)" PYTEST_ARGS="$(PYTEST_ARGS)"

# What the suites run is built first, on JOBS cores (half the time of a
# serial build on a clean clone).
TEST_BINS    = $(B)/gcnabi $(B)/gcnabi-san $(UNIT_BINS) $(FUZZ_REPLAY_BINS)

test:
	@$(MAKE) -s --no-print-directory -j$(JOBS) $(TEST_BINS)
	@$(SUITE_ENV) sh tests/suite.sh full

test-quick:
	@$(MAKE) -s --no-print-directory -j$(JOBS) $(TEST_BINS)
	@$(SUITE_ENV) sh tests/suite.sh quick

harness-test: $(B)/gcnabi $(B)/gcnabi-san
	$(PYTEST_PY) -m pytest -q -n $(JOBS) -p no:cacheprovider tests/test_harness.py tests/test_reproducers.py

# The nightly run of the harness: every llc, every axis, within BUDGET
# (e.g. make nightly BUDGET=10m); reports/latest/ holds its reports.
BUDGET ?= 20m
nightly: $(B)/gcnabi
	@s=0; harness/gcnabi-run nightly --budget $(BUDGET) $(NIGHTLY_ARGS) || s=$$?; [ $$((s & 123)) -eq 0 ]

selftest: $(B)/gcnabi
	harness/gcnabi-run selftest

# Exit bit 4 (known differences only) passes; 1 error, 2 usage, 8 new
# divergence, 16 new compiler crash, 32 infrastructure and 64 results
# incomplete fail (mask 123).
# The main job: the harness's default run (every llc, every CPU and
# selector, call graphs, reports/latest/); COUNT=N SEED=S GRAPHS=G.
check: $(B)/gcnabi
	@s=0; harness/gcnabi-run run --count $(or $(COUNT),300) --graphs $(or $(GRAPHS),20) $(if $(SEED),--seed $(SEED)) \
	  cases/golden/default.ll cases/golden/gfx.ll || s=$$?; [ $$((s & 123)) -eq 0 ]

$(B)/bench_place: $(B)/rel/tests/bench/bench_place.o $(call obj,rel,$(CORE_SRC) $(GEN_SRC))
	$(CC) $(CFLAGS) $^ -o $@

bench: $(B)/gcnabi $(B)/bench_place
	$(B)/bench_place
	python3 tests/bench.py
	python3 tests/bench.py --harness
	python3 tests/bench.py --ab
	python3 tests/bench.py --final-code --count 300

deps:
	sh tests/deps.sh

# --- fuzzing (fuzz/) --------------------------------------------------------
# Each fuzz/<target>.c is one LLVMFuzzerTestOneInput linked with the pure
# libraries only, in three builds: a replay binary (cc, ASan+UBSan, main in
# regression_driver.c), libFuzzer (clang, ASan+UBSan) and AFL++ (persistent).
FUZZ_TARGETS  := sig_parse sig_model layout_parse mir_observe mir_roundtrip model_invariants model_differential asm_check
FUZZ_LIB_SRC  := $(CORE_SRC) $(OBS_SRC) $(GEN_SRC) $(FINAL_SRC)
FUZZ_SUPPORT  := fuzz/fuzz_data_producer.c fuzz/fuzz_model.c $(B)/fuzz/layouts.c
FUZZ_HDRS     := $(HDRS) $(wildcard fuzz/*.h)
FUZZ_CPPFLAGS := $(CPPFLAGS) -Ifuzz
FUZZ_CC       ?= clang-14
AFL_CC        ?= afl-clang-fast
FUZZ_SECONDS  ?= 20
LIBFUZZER_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Edge coverage without comparison tracing: trace-cmp cost 2-3x in exec/s on
# the model targets; the dictionaries give the parsers their keywords.
LIBFUZZER_COV := -fsanitize=fuzzer-no-link -fno-sanitize-coverage=trace-cmp

$(B)/fuzz/layouts.c: fuzz/embed_layouts.py $(wildcard layouts/*.layout)
	@mkdir -p $(dir $@)
	python3 fuzz/embed_layouts.py $(sort $(wildcard layouts/*.layout)) > $@

$(B)/fuzz-replay/%.o: %.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@echo "CC fuzz $<"
	@$(CC) $(FUZZ_CPPFLAGS) $(WARN) -O1 -g $(SAN) -c $< -o $@

$(B)/fuzz-libfuzzer/%.o: %.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@echo "CC libFuzzer $<"
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(WARN) -O2 -g $(LIBFUZZER_SAN) $(LIBFUZZER_COV) -c $< -o $@

# The harness itself (oracles, data producer) gets no coverage feedback:
# the model's branches are what the fuzzer should steer by, and
# instrumenting the oracles' loops over every part costs most of the time.
$(B)/fuzz-libfuzzer/fuzz/%.o: fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@echo "CC libFuzzer harness $<"
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(WARN) -O2 -g $(LIBFUZZER_SAN) -c $< -o $@

$(B)/fuzz-libfuzzer/$(B)/fuzz/%.o: $(B)/fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(WARN) -O2 -g $(LIBFUZZER_SAN) -c $< -o $@

# Throughput build (coverage, no sanitizers) for fuzz-bench.
$(B)/fuzz-fast/%.o: %.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(WARN) -O2 -g $(LIBFUZZER_COV) -c $< -o $@

$(B)/fuzz-fast/fuzz/%.o: fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(WARN) -O2 -g -c $< -o $@

$(B)/fuzz-fast/$(B)/fuzz/%.o: $(B)/fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(WARN) -O2 -g -c $< -o $@

$(B)/fuzz-afl/%.o: %.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@echo "CC afl  $<"
	@$(AFL_CC) $(FUZZ_CPPFLAGS) $(WARN) -Wno-unused-parameter -O2 -g -c $< -o $@

fuzz_objs = $(call obj,$(1),fuzz/$(2).c $(FUZZ_SUPPORT) $(FUZZ_LIB_SRC))

$(B)/fuzz/replay/%: $(call fuzz_objs,fuzz-replay,%) $(B)/fuzz-replay/fuzz/regression_driver.o
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $^ -o $@

$(B)/fuzz/libfuzzer/%: $(call fuzz_objs,fuzz-libfuzzer,%)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(LIBFUZZER_SAN) -fsanitize=fuzzer $^ -o $@

# Distillation build of sig_model: coverage on the model's sources only, so
# -merge=1 keeps the signatures that take distinct paths through the model,
# not through the parser.
FUZZ_MODEL_SRC := core/cc.c core/shader_os.c core/chain_dvgpr.c core/kernel.c core/split.c
$(B)/fuzz-distil/%.o: %.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(WARN) -O2 -g $(if $(filter $<,$(FUZZ_MODEL_SRC)),$(LIBFUZZER_COV)) -c $< -o $@

$(B)/fuzz/distil/%: $(call fuzz_objs,fuzz-distil,%)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -fsanitize=fuzzer $^ -o $@

$(B)/fuzz/fast/%: $(call fuzz_objs,fuzz-fast,%)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -fsanitize=fuzzer $^ -o $@

$(B)/fuzz/afl/%: $(call fuzz_objs,fuzz-afl,%) $(B)/fuzz-afl/fuzz/regression_driver.o
	@mkdir -p $(dir $@)
	$(AFL_CC) $^ -o $@

FUZZ_REPLAY_BINS := $(addprefix $(B)/fuzz/replay/,$(FUZZ_TARGETS))

# Replays every committed corpus (and crash input kept there) without an engine.
fuzz-replay: $(FUZZ_REPLAY_BINS)
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  if $(B)/fuzz/replay/$$t fuzz/corpus/$$t; then echo "[PASS] fuzz replay $$t"; else echo "[FAIL] fuzz replay $$t"; fail=1; fi; \
	done; exit $$fail

fuzz-build: $(addprefix $(B)/fuzz/libfuzzer/,$(FUZZ_TARGETS))

# libFuzzer, one target after another, FUZZ_SECONDS each; new inputs are
# merged into fuzz/corpus/<target>. TARGETS=... to pick some.
fuzz: fuzz-build
	python3 fuzz/fuzz.py run --seconds $(FUZZ_SECONDS) $(TARGETS)

fuzz-bench: fuzz-build $(addprefix $(B)/fuzz/fast/,$(FUZZ_TARGETS))
	python3 fuzz/fuzz.py bench $(TARGETS)

# AFL++ persistent-mode builds; fuzz/afl.sh TARGET [N] starts 1 main + N secondaries.
afl: $(addprefix $(B)/fuzz/afl/,$(FUZZ_TARGETS))

# Distil generated signatures by model coverage, then gcnabi check them, distilled first.
fuzz-feed: $(B)/gcnabi $(B)/fuzz/distil/sig_model
	python3 fuzz/fuzz.py feed $(FEED_ARGS)

clean:
	rm -rf $(B)

help:
	@echo "make            build build/gcnabi"
	@echo "make deps       install llvm-15/16/19/22, cmocka, afl++, pytest through apt (skips what is present)"
	@echo "make test       unit, fuzz replay, lit (golden corpus) and pytest (every llc) on all cores; one closing line"
	@echo "make test-quick the same with the newest llc only and no slow tests (the edit-compile loop)"
	@echo "make check      the harness's default run: model vs every installed llc, every axis (reports/latest)"
	@echo "make nightly    time-budgeted run over every axis (BUDGET=20m), minimized lit reproducers"
	@echo "make selftest   plant two errors; fails unless the harness finds and minimizes both"
	@echo "make bench      placement throughput and check overhead"
	@echo "make fuzz       libFuzzer (ASan+UBSan) on every target, FUZZ_SECONDS each, corpora merged"
	@echo "make afl        AFL++ persistent-mode builds (fuzz/afl.sh starts the instances)"
	@echo "make fuzz-bench executions per second of each fuzz target"
	@echo "make fuzz-feed  distil signatures by model coverage and check them against llc"
