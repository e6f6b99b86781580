"""Studies on a Dask cluster: a LocalCluster of 2 workers gives the serial run's records, and a
worker killed mid-study has its jobs run again elsewhere."""

import os
import signal

import pytest

import sudoku_lab as sl

distributed = pytest.importorskip("distributed")


def study():
    return sl.Study(
        configurations=["coloring-dfs", "tabu-ac3", "dlx"],
        generate={"size": 9, "givens": [30, 36], "count": 4, "seed": 2},
        seeds=3,
        max_iterations=2000,
    )


def key(frame):
    return frame.drop(columns=["time_ms"]).sort_values("job").reset_index(drop=True)


@pytest.fixture
def client():
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_local_cluster_gives_the_serial_records(client, tmp_path):
    s = study()
    serial = s.run(executor="serial")
    spread = s.run(executor="dask", client=client, batch_size=5, out=tmp_path / "dask")
    assert key(spread).equals(key(serial))
    assert (tmp_path / "dask" / "records.csv").read_text().count("\n") == len(serial) + 1
    # Run again on the same client (the scattered study of the first run is released by now).
    assert key(s.run(executor="dask", client=client)).equals(key(serial))


def test_a_worker_killed_mid_study_has_its_jobs_run_again(client):
    s = sl.Study(
        configurations=["genetic;max_iterations=150", "dlx"],
        generate={"size": 9, "givens": [30], "count": 6, "seed": 2},
        seeds=4,
    )
    serial = s.run(executor="serial")
    pids = list(client.run(os.getpid).values())
    assert len(pids) == 2
    killed = []

    def kill_at_first_record(done, total):
        # The first record is in: the other jobs are queued or running on both workers.
        if not killed and done < total:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(done)

    spread = s.run(executor="dask", client=client, batch_size=1, progress=kill_at_first_record)
    assert killed and killed[0] < len(serial) // 2, killed
    assert key(spread).equals(key(serial))
    assert pids[0] not in client.run(os.getpid).values()


def test_the_default_is_a_local_cluster_started_and_stopped_here():
    s = sl.Study(configurations=["dlx"], generate={"levels": ["easy"], "count": 2, "seed": 1}, seeds=2)
    frame = s.run(executor="dask", workers=2)
    assert key(frame).equals(key(s.run(executor="serial")))
