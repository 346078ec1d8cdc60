# %expect-exit N COMMAND...: runs COMMAND and fails unless it exits with
# exactly N (lit's `not` knows only zero and non-zero).
want=$1
shift
"$@"
got=$?
[ "$got" -eq "$want" ] && exit 0
echo "exit $got, expected $want: $*" >&2
exit 1
