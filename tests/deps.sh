#!/bin/sh
# make deps: install through apt what gcnabi needs and is missing. Skips
# what is present; when not root, prints the exact command to run instead.
set -eu
want="llvm-14 llvm-15 llvm-16 llvm-19 llvm-22 libcmocka-dev afl++ clang-14 llvm-14-tools llvm-19-tools llvm-22-tools python3-pytest python3-pytest-xdist"
missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
if [ -z "$missing" ]; then
	echo "deps: everything is installed ($want)"
	exit 0
fi
echo "deps: missing:$missing"
if [ "$(id -u)" != 0 ]; then
	echo "deps: not root; run:"
	echo "  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y$missing"
	exit 1
fi
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q$missing
echo "deps: installed$missing"
