"""Jobs per second of a study from Python: serially in this process, and on a Dask LocalCluster
of 2 worker processes with the package's batching and with one job per task (whose difference
is the per-task overhead). Run by `./dev bench` after `./dev python`; prints a Markdown table."""

import os
import time

import sudoku_lab as sl
from dask.distributed import Client, LocalCluster


def timed(run):
    start = time.perf_counter()
    frame = run()
    return time.perf_counter() - start, len(frame)


def main():
    study = sl.Study(
        configurations=["tabu-ac3", "coloring-dsatur", "coloring-bfs"],
        generate={"size": 9, "givens": [30, 36], "count": 100, "seed": 1},
        seeds=10,
        max_iterations=5000,
    )
    serial, jobs = timed(lambda: study.run(executor="serial"))
    rows = [("serial, one process", serial, jobs)]
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster) as client:
        study.run(executor="dask", client=client, batch_size=50)  # workers warmed up
        for label, batch in (("LocalCluster, 2 workers, batched (the package's choice)", None), ("LocalCluster, 2 workers, one job a task", 1)):
            seconds, n = timed(lambda: study.run(executor="dask", client=client, batch_size=batch))
            rows.append((label, seconds, n))
    print(f"{jobs} jobs ({os.cpu_count()} logical processors)\n")
    print("| how | seconds | jobs/s | vs serial | overhead per job |")
    print("|---|---:|---:|---:|---:|")
    for label, seconds, n in rows:
        # Work per job is serial/jobs; with 2 workers the ideal is serial/2.
        overhead = max(0.0, (seconds - serial / 2) * 2 / n) * 1e3 if "LocalCluster" in label else 0.0
        print(f"| {label} | {seconds:.2f} | {n / seconds:,.0f} | {serial / seconds:.2f}× | {overhead:.3f} ms |")


if __name__ == "__main__":
    main()
