#!/bin/sh
# scanlist.sh — which candidates `make test` checks per example for the
# scan orders: for every example, one legal structure per (shape, tile
# scan, point scan) with its default loop orders when it has them, at
# tile size 8 (or the probe size when smaller), restricted to the ids that
# are legal structures of every marked nest of the example.
#
#   sh tests/scanlist.sh [EXAMPLES...]     prints "EXAMPLE cand:ID" lines
#
# Environment: AUTOTILE (default bin/autotile), OUTDIR (tests/out/scan).
set -u

cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
AUTOTILE=${AUTOTILE:-bin/autotile}
OUTDIR=${OUTDIR:-tests/out/scan}
mkdir -p "$OUTDIR" || exit 1
[ $# -gt 0 ] || set -- $(for f in examples/*.c; do basename "$f" .c; done)

for e in "$@"; do
	src=examples/$e.c
	# shellcheck disable=SC2046 # the defines are a word list
	"$AUTOTILE" -I runtime $(test_defines "$src") \
		--report "$OUTDIR/$e.json" -o /dev/null "$src" 2>/dev/null || continue
	jq -r '
		[.nests[] | select(.status != "refused") | [.candidates[] | select(.id != "orig" and .id != "keep")
			| .key = "\(.shape) \(.tile_scan) \(.point_scan)"]
			| group_by(.key) | map(
				(map(select(.tile_order == null or .tile_order[0] == 0))
				 | map(select(.point_order == null
					or .point_order[-1] == (.point_order | length) - 1))
				 | .[0]) // .[0]
				| .id as $id | ($id | sub("\\.[0-9x]+$"; ""))
				+ "." + ([$id | capture("\\.(?<s>[0-9x]+)$").s | split("x")[]
					| tonumber | if . > 8 then 8 else . end | tostring]
					| join("x")))]
		| if length == 0 then [] else reduce .[1:][] as $n (.[0]; map(select(. as $i | $n | index($i)))) end
		| .[] | "'"$e"' cand:\(.)"' "$OUTDIR/$e.json"
done
