#!/bin/sh
# dataset-sabotage.sh — a stand-in for bin/autotile in the dataset test
# (tests/run.sh): runs the real tool with the same arguments, then empties
# the body of kernel_v2 in the output, so that variant 2 computes nothing
# and its hash must differ from the reference's.  The dataset driver must
# then record that candidate as a MISMATCH.
#
#   AUTOTILE_REAL=bin/autotile sh tests/dataset-sabotage.sh ARGS...
set -u
out=
prev=
for a in "$@"; do
	[ "$prev" = -o ] && out=$a
	prev=$a
done
"${AUTOTILE_REAL:-bin/autotile}" "$@" || exit $?
[ -n "$out" ] || exit 0
sed '/^void kernel_v2(void)$/,/^}$/{/^void kernel_v2/b;/^[{}]$/b;d;}' "$out" >"$out.sab" &&
	mv "$out.sab" "$out"
