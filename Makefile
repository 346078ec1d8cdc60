# gcnabi: build, test, check, bench. `make help` lists the targets.
CC       ?= cc
CFLAGS   ?= -O2 -g
WARN     := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror
CPPFLAGS := -D_POSIX_C_SOURCE=200809L -Icore -Iobserve -Igenerators -Icli
SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
B        := build

CORE_SRC  := $(wildcard core/*.c)
OBS_SRC   := $(wildcard observe/*.c)
GEN_SRC   := $(wildcard generators/*.c)
CLI_SRC   := $(wildcard cli/*.c)
LIB_SRC   := $(CORE_SRC) $(OBS_SRC) $(GEN_SRC) $(filter-out cli/main.c,$(CLI_SRC))
UNIT_SRC  := $(wildcard tests/unit/test_*.c)
HDRS      := $(wildcard core/*.h observe/*.h generators/*.h cli/*.h)

obj = $(patsubst %.c,$(B)/$(1)/%.o,$(2))

.PHONY: all test unit check bench deps clean help
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

# make test: unit tests (ASan+UBSan), golden corpus, every installed llc.
test: unit $(B)/gcnabi $(B)/gcnabi-san
	python3 tests/run_tests.py

# The main job; COUNT=N SEED=S OUT=DIR to change it.
check: $(B)/gcnabi
	sh tests/check.sh

$(B)/bench_place: $(B)/rel/tests/bench/bench_place.o $(call obj,rel,$(CORE_SRC) $(GEN_SRC))
	$(CC) $(CFLAGS) $^ -o $@

bench: $(B)/gcnabi $(B)/bench_place
	$(B)/bench_place
	python3 tests/bench.py

deps:
	sh tests/deps.sh

clean:
	rm -rf $(B)

help:
	@echo "make            build build/gcnabi"
	@echo "make deps       install llvm-15/16/19/22, cmocka, afl++ through apt (skips what is present)"
	@echo "make test       unit tests under ASan+UBSan, golden corpus, check against every llc"
	@echo "make check      differential check of the model against every installed llc"
	@echo "make bench      placement throughput and check overhead"
