#!/bin/bash -eu
# ClusterFuzzLite runs $SRC/build.sh; this is the same script as OSS-Fuzz's.
exec "$SRC/gcnabi/fuzz/oss-fuzz/build.sh"
