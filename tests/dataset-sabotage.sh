#!/bin/sh
# dataset-sabotage.sh — a stand-in for bin/autotile in the dataset test
# (tests/run.sh): runs the real tool with the same arguments, then breaks
# the output on purpose so that the dataset driver's failure paths run:
#
#   SABOTAGE=mismatch (default): the body of kernel_v2 is emptied, so
#       variant 2 computes nothing and its hash differs from the
#       reference's (the driver must record a MISMATCH);
#   SABOTAGE=timing: when compiled with -DAT_SABOTAGE_TIMING (only the
#       timing build, through --cflags), kernel_v3 aborts and kernel_v4
#       never returns (the driver must record a crash and a timeout and
#       still time the variants after them).
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
if [ "${SABOTAGE:-mismatch}" = timing ]; then
	sed -e '/^void kernel_v3(void)$/{n;s/$/\n#ifdef AT_SABOTAGE_TIMING\n\tabort();\n#endif/;}' \
		-e '/^void kernel_v4(void)$/{n;s/$/\n#ifdef AT_SABOTAGE_TIMING\n\tfor (;;)\n\t\t;\n#endif/;}' \
		"$out" >"$out.sab"
else
	sed '/^void kernel_v2(void)$/,/^}$/{/^void kernel_v2/b;/^[{}]$/b;d;}' \
		"$out" >"$out.sab"
fi && mv "$out.sab" "$out"
