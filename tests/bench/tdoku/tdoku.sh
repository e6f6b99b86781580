#!/usr/bin/env bash
# Side by side with tdoku on this machine, when a tdoku checkout is at $TDOKU_DIR (nothing of
# tdoku is part of this repository): its solver built as its README builds it (-O3
# -march=native), timed in memory by bench.c and as a whole process by its example/solve.c,
# each beside the same measure of `sudoku`. Usage: tdoku.sh SET...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
: "${TDOKU_DIR:?set TDOKU_DIR to a tdoku checkout}"
out="$root/target/tdoku"
mkdir -p "$out"
flags=(-O3 -march=native)
g++ "${flags[@]}" -std=c++11 -c "$TDOKU_DIR/src/solver_dpll_triad_simd.cc" -o "$out/simd.o"
g++ "${flags[@]}" -std=c++11 -c "$TDOKU_DIR/src/util.cc" -o "$out/util.o"
gcc "${flags[@]}" -I "$TDOKU_DIR/include" -c "$here/bench.c" -o "$out/bench.o"
gcc "${flags[@]}" -c "$TDOKU_DIR/example/solve.c" -o "$out/solve.o"
g++ "$out/bench.o" "$out/simd.o" "$out/util.o" -o "$out/tdoku_bench"
g++ "$out/solve.o" "$out/simd.o" "$out/util.o" -o "$out/tdoku_solve"
sudoku="$root/target/release/sudoku"

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

echo "In memory, string to solution (tdoku: its solver; sudoku: text line to verified answer line):"
for set in "$@"; do "$out/tdoku_bench" "$set"; done
"$sudoku" bench -a propagation --runs 7 "$@"
echo
echo "Whole process, one thread, answers to a file (fastest of 7, ms):"
echo "| set | tdoku example/solve | sudoku solve --threads 1 | ratio |"
echo "|---|---:|---:|---:|"
for set in "$@"; do
  t=$(fastest sh -c '"$0" 1 < "$1"' "$out/tdoku_solve" "$set")
  s=$(fastest "$sudoku" solve -a propagation --threads 1 "$set")
  echo "| $(basename "$set") | $t | $s | $(awk "BEGIN { printf \"%.2f\", $t / $s }") |"
done
