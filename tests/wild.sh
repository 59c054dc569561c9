#!/bin/sh
# wild.sh — what `make eval-wild` prints: the shipped cost model's real
# choices on the held-out test kernels, measured now.
#
# `make eval` scores the model on the candidates the dataset measured
# (about 21 per kernel): a proxy.  autotile itself takes the best of
# every candidate of the nest (up to hundreds of thousands), where a
# model's overestimates are far more likely to win.  Here every test
# kernel of the split `make eval` uses (autotile-train --kernels) is
# generated again (bin/autotile-gen --size bench) and
#   - bin/autotile-dataset measures, in one binary and in the same run,
#     the kernel as written (keep), orig, fixed:32 and the model's best
#     legal candidate (--per 3 --model-picks 1 --runs 2: the collection's
#     settings), each checked bit-identical with the original;
#   - bin/autotile with its defaults (--strategy model) is run on the
#     kernel, and its choice (a candidate id, or the nest left as written)
#     is looked up among those rows.
# Printed: per kernel its choice and speedups, then the geometric means
# of autotile's choice and of fixed:32 over the original, how many
# kernels each makes slower, and the fraction of the best of the four
# measured variants.  A variant that timed out counts as 0.05x.
#
# Environment: WILD_SEEDS (a file of seeds instead of the test split),
# WILD_MAX (at most this many kernels, default all).  Long: about
# 3 s per kernel, 7 minutes for the 151 test kernels on this machine.
# Run it on a quiet machine: the rows carry "busy_normal" and
# "busy_niced", the numbers of other tasks runnable at nice <= 0 and at
# nice 1 to 18.
set -u

cd "$(dirname "$0")/.." || exit 1
OUT=tests/out/wild
ROWS=${TRAIN_ROWS:-build/train-rows.jsonl}
MAX=${WILD_MAX:-0}
mkdir -p "$OUT"
rm -f "$OUT/rows.jsonl" "$OUT/choices.txt"

if [ -n "${WILD_SEEDS:-}" ]; then
	cat "$WILD_SEEDS" >"$OUT/seeds.new" && mv "$OUT/seeds.new" "$OUT/seeds.txt"
else
	bin/autotile-train --eval weights/default.json --kernels "$ROWS" \
		2>/dev/null | sed -n '/^kernels test:/,$p' |
		sed -n 's/^kernel \([0-9]*\):.*/\1/p' >"$OUT/seeds.txt"
fi
[ "$MAX" -gt 0 ] && head -n "$MAX" "$OUT/seeds.txt" >"$OUT/seeds.max" &&
	mv "$OUT/seeds.max" "$OUT/seeds.txt"
n=$(wc -l <"$OUT/seeds.txt")
[ "$n" -gt 0 ] || { echo "wild: no test kernels (run make train first)" >&2; exit 1; }
echo "# autotile eval-wild: $n held-out kernels, weights/default.json"

for s in $(cat "$OUT/seeds.txt"); do
	bin/autotile-dataset --seeds "$s" --per 3 --model-picks 1 --runs 2 \
		-o "$OUT/rows.jsonl" >>"$OUT/dataset.log" 2>&1 || {
		echo "wild: autotile-dataset failed on seed $s (see $OUT/dataset.log)" >&2
		exit 1
	}
	bin/autotile-gen --seed "$s" --size bench -o "$OUT/k.c" &&
		bin/autotile -I runtime -o "$OUT/k.opt.c" "$OUT/k.c" 2>"$OUT/k.err" || {
		echo "wild: autotile failed on seed $s" >&2
		exit 1
	}
	# the first nest's choice: "ID: what it is", or orig's "original
	# loop order"; none when the nest is left as written (keep)
	id=$(sed -n -e 's|^[[:space:]]*/\* autotile: original loop order \*/.*|orig|p' \
		-e 's|^[[:space:]]*/\* autotile: \([^ :]*\): .*|\1|p' "$OUT/k.opt.c" | head -n 1)
	echo "$s ${id:-keep}" >>"$OUT/choices.txt"
done

jq -r '[.seed, .role, .cand, (if .check == "ok" then .speedup else "NA" end), ((.busy_normal // 0) + (.busy_niced // 0))] | @tsv' \
	"$OUT/rows.jsonl" >"$OUT/rows.tsv"
awk -F'\t' 'NR == FNR { split($0, a, " "); ch[a[1]] = a[2]; order[++n] = a[1]; next }
	{ sp = ($4 == "NA") ? 0.05 : $4
	  if ($2 == "model") { m[$1] = sp; mid[$1] = $3 }
	  else if ($2 == "fixed32") { f[$1] = sp; fid[$1] = $3 }
	  else if ($2 == "orig") o[$1] = sp
	  if ($5 > 0) busy++ }
	END {
	  printf "%-6s %-40s %8s %8s %8s\n", "seed", "autotile chose", "speedup", "fixed32", "best4"
	  for (i = 1; i <= n; i++) {
		s = order[i]; c = ch[s]
		if (c == "keep") t = 1
		else if (c == mid[s]) t = m[s]
		else if (c == fid[s]) t = f[s]	# measured once, as fixed32
		else if (c == "orig") t = o[s]
		else { printf "%-6d %-40s (not among the measured rows: %s)\n", s, c, mid[s]; miss++; continue }
		hf = s in f	# before f[s] is read, which would create it
		b = t; if (f[s] > b) b = f[s]; if (o[s] > b) b = o[s]; if (b < 1) b = 1
		fs = hf ? sprintf("%7.2fx", f[s]) : "       -"
		printf "%-6d %-40s %7.2fx %s %7.2fx\n", s, c, t, fs, b
		k++; lt += log(t); lr += log(t / b); mr += t / b
		if (hf) { kf++; lf += log(f[s]); if (f[s] < 1) fslow++ }
		if (t < 1) slow++; if (t < 0.95) slow5++; if (c == "keep") kept++
	  }
	  if (!k) { print "no kernel measured"; exit 1 }
	  printf "autotile (default, the cost model): geomean %.2fx over the original on %d kernels; slower on %d (%d below 0.95x); %d left as written\n", exp(lt / k), k, slow, slow5, kept
	  if (kf) printf "fixed:32: geomean %.2fx on %d kernels; slower on %d", exp(lf / kf), kf, fslow
	  else printf "fixed:32: no kernel with one"
	  if (k > kf) printf " (%d with no legal fixed:32 left out, shown as -)", k - kf
	  printf "\n"
	  printf "fraction of the best of keep, orig, fixed32 and the model pick: mean %.3f, geomean %.3f\n", mr / k, exp(lr / k)
	  if (miss) printf "%d choices were not among the measured rows\n", miss
	  printf "rows timed with other tasks runnable at nice < 19: %d\n", busy + 0
	}' "$OUT/choices.txt" "$OUT/rows.tsv"
