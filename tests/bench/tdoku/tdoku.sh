#!/usr/bin/env bash
# Side by side with tdoku on this machine, when a tdoku checkout is at $TDOKU_DIR (nothing of
# tdoku is part of this repository): its solver built as its author builds it — clang when it is
# installed (`apt-get install clang`; CXX=… chooses another), -O3 -march=native — timed in
# memory by bench.c and as a whole process by its example/solve.c, each beside the same measure
# of `sudoku` (release build, no special flags), in one run, as ratios. Every figure is printed
# with the CPU it ran on and its SIMD level: the ratios change with the CPU's vector units. The
# `sudoku` crate (tests/bench/sudoku_crate, fetched from crates.io) is timed in the same run.
# Usage: [ROUNDS=3] tdoku.sh SET...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
: "${TDOKU_DIR:?set TDOKU_DIR to a tdoku checkout}"
out="$root/target/tdoku"
mkdir -p "$out"
if [ -z "${CXX:-}" ]; then
  if command -v clang++ > /dev/null; then CXX=clang++ CC=clang; else CXX=g++ CC=gcc; fi
fi
CC=${CC:-${CXX/++/}}
flags=(-O3 -march=native)
"$CXX" "${flags[@]}" -std=c++11 -c "$TDOKU_DIR/src/solver_dpll_triad_simd.cc" -o "$out/simd.o"
"$CXX" "${flags[@]}" -std=c++11 -c "$TDOKU_DIR/src/util.cc" -o "$out/util.o"
"$CC" "${flags[@]}" -I "$TDOKU_DIR/include" -c "$here/bench.c" -o "$out/bench.o"
"$CC" "${flags[@]}" -c "$TDOKU_DIR/example/solve.c" -o "$out/solve.o"
"$CXX" "$out/bench.o" "$out/simd.o" "$out/util.o" -o "$out/tdoku_bench"
"$CXX" "$out/solve.o" "$out/simd.o" "$out/util.o" -o "$out/tdoku_solve"
(cd "$root" && cargo build --release --locked -q -p sudoku-cli)
sudoku="$root/target/release/sudoku"
# The `sudoku` crate beside them, from crates.io (its own harness; the lab does not depend on it).
crate_bench=
# Built from the repository's root, so with the same .cargo/config.toml (x86-64-v2) as ours.
if (cd "$root" && cargo build --release -q --manifest-path tests/bench/sudoku_crate/Cargo.toml \
  --target-dir "$out/sudoku_crate"); then
  crate_bench="$out/sudoku_crate/release/sudoku-crate-bench"
fi

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
simd=$(grep -m1 '^flags' /proc/cpuinfo)
level=SSE2
for f in sse4_1:SSE4.1 avx2:AVX2 avx512f:AVX-512F; do
  if grep -qw "${f%%:*}" <<< "$simd"; then level=${f##*:}; fi
done
echo "CPU: $cpu ($level; $(nproc) logical processors); tdoku: $("$CXX" --version | head -1) ${flags[*]}; sudoku: $("$sudoku" --version 2>/dev/null || echo sudoku), release"
echo

# puzzles/s of `sudoku bench` (its table's 7th column) for one set, fastest of 7 passes.
ours() { "$sudoku" bench -a propagation --runs 7 "$@" 2> /dev/null | awk -F'|' '$2 ~ /propagation/ { gsub(/[ ,]/, "", $8); print $8 }'; }

# Rounds per set, tdoku and ours alternating, the best of each kept: a pass of a small set lasts a
# few milliseconds, and a busy moment of the machine can slow all seven passes of one round.
rounds=${ROUNDS:-3}
higher() { awk "BEGIN { print ($1 > $2) ? $1 : $2 }"; }

echo "In memory, one thread, fastest of 7 passes, best of $rounds rounds alternating (puzzles/s): tdoku string → solution; sudoku text line → verified answer line, and its solver alone on puzzles read beforehand"
echo "(ratios to tdoku; the \`sudoku\` crate 0.8 timed the same two ways: line → solution line, and some_solution alone)"
echo "| set | tdoku | sudoku, text → answer | ratio | sudoku, solver alone | ratio | \`sudoku\` crate, text → answer | ratio | \`sudoku\` crate, solver alone | ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
ratio() { awk "BEGIN { printf \"%.2f\", $1 / $2 }"; }
for set in "$@"; do
  t=0 a=0 s=0
  for _ in $(seq "$rounds"); do
    t=$(higher "$t" "$("$out/tdoku_bench" "$set" | sed -E 's/.* ([0-9]+) puzzles\/s.*/\1/')")
    a=$(higher "$a" "$(ours "$set")")
    s=$(higher "$s" "$(ours --solver-only "$set")")
  done
  crate="— | — | — | —"
  if [ -n "$crate_bench" ]; then
    read -r ct cs < <("$crate_bench" "$set")
    crate="$ct | $(ratio "$ct" "$t") | $cs | $(ratio "$cs" "$t")"
  fi
  echo "| $(basename "$set") | $t | $a | $(ratio "$a" "$t") | $s | $(ratio "$s" "$t") | $crate |"
done
echo

# Fastest of 7 runs of a whole process, in milliseconds.
fastest() {
  local best=
  for _ in 1 2 3 4 5 6 7; do
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    local ms=$(((end - start) / 1000000))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}

echo "Whole process, one thread, answers to a file (fastest of 7, ms; ratio > 1: sudoku is faster):"
echo "| set | tdoku example/solve | sudoku solve --threads 1 | ratio |"
echo "|---|---:|---:|---:|"
for set in "$@"; do
  t=$(fastest sh -c '"$0" 1 < "$1"' "$out/tdoku_solve" "$set")
  s=$(fastest "$sudoku" solve -a propagation --threads 1 "$set")
  echo "| $(basename "$set") | $t | $s | $(ratio "$t" "$s") |"
done
