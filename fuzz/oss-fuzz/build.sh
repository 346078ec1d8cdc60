#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build: every fuzz target with the engine and
# sanitizer the infrastructure chose ($CC, $CFLAGS, $LIB_FUZZING_ENGINE),
# plus its seed corpus and dictionary, into $OUT. Works for libFuzzer, AFL++
# and honggfuzz, and for address, undefined and memory sanitizers.
cd "$SRC/gcnabi"
mkdir -p build/oss-fuzz
python3 fuzz/embed_layouts.py $(ls layouts/*.layout | sort) > build/oss-fuzz/layouts.c
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -Icore -Iobserve -Igenerators -Ifuzz"
lib="core/*.c observe/*.c generators/*.c fuzz/fuzz_data_producer.c fuzz/fuzz_model.c build/oss-fuzz/layouts.c"
for src in fuzz/*.c; do
	t=$(basename "$src" .c)
	case $t in fuzz_data_producer|fuzz_model|regression_driver) continue ;; esac
	# shellcheck disable=SC2086
	$CC $CFLAGS $flags $lib "$src" $LIB_FUZZING_ENGINE -o "$OUT/$t"
	if [ -d "fuzz/corpus/$t" ]; then
		(cd "fuzz/corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
	fi
done
cp fuzz/sig.dict "$OUT/sig_parse.dict"
cp fuzz/sig.dict "$OUT/sig_model.dict"
cp fuzz/mir.dict "$OUT/mir_observe.dict"
cp fuzz/layout.dict "$OUT/layout_parse.dict"
