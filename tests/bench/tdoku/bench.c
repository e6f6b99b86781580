/* tdoku (github.com/t-dillon/tdoku) timed as its own harness times it: puzzles read into memory
 * first, then each one string to solution, fastest of 7 passes. Built and run by tdoku.sh. */
#include "tdoku.h" /* from the tdoku checkout: -I "$TDOKU_DIR/include" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
/* In-memory string -> solution timing, as tdoku's harness measures: best of 7 passes. */
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "r");
    char line[1024]; size_t n = 0, cap = 1 << 16;
    char (*p)[82] = malloc(cap * 82);
    while (fgets(line, sizeof line, f)) {
        if (strlen(line) < 81 || line[0] == '#') continue;
        if (n == cap) { cap *= 2; p = realloc(p, cap * 82); }
        memcpy(p[n], line, 81); p[n][81] = 0; n++;
    }
    char solution[81]; size_t guesses; double best = 1e9; size_t solved = 0;
    for (int pass = 0; pass < 7; pass++) {
        struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
        solved = 0;
        for (size_t i = 0; i < n; i++) solved += SolveSudoku(p[i], 1, 0, solution, &guesses);
        clock_gettime(CLOCK_MONOTONIC, &b);
        double t = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
        if (t < best) best = t;
    }
    printf("%s: %zu puzzles, %zu solved, %.0f puzzles/s (%.2f us each)\n", argv[1], n, solved, n / best, best * 1e6 / n);
}
