"""`rulesengine batch --executor dask` on a LocalCluster: the same summaries as a local run.

Skips cleanly without the `dask` extra (pip install ".[dask]"); CI installs it so this runs.
"""

from __future__ import annotations

import pytest

from rulesengine.batch.samples import write_archive
from rulesengine.cli import main

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as local:
        yield local


def test_local_cluster_summaries_are_byte_identical_to_a_local_run(cluster, tmp_path):
    folder = tmp_path / "in"
    write_archive(folder, 24, broken=2 / 24, seed=13)
    local, remote = tmp_path / "local", tmp_path / "dask"
    common = ["--tiebreaks", "BH,SB,BH/C1", "--no-timings"]
    assert main(["batch", str(folder), "--out", str(local), "--jobs", "2", *common]) == 2
    assert main(["batch", str(folder), "--out", str(remote), "--executor", "dask", "--scheduler",
                 cluster.scheduler_address, *common]) == 2
    for name in ("summary.csv", "summary.json"):
        assert (remote / name).read_bytes() == (local / name).read_bytes()
    for result in local.rglob("*.standings.json"):
        assert (remote / result.relative_to(local)).read_bytes() == result.read_bytes()


def test_scheduler_address_from_the_environment(cluster, tmp_path, monkeypatch):
    folder = tmp_path / "in"
    write_archive(folder, 6, broken=0, seed=17)
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", cluster.scheduler_address)
    assert main(["batch", str(folder), "--out", str(tmp_path / "o"), "--executor", "dask"]) == 0
    # Equal inputs are still separate tasks (pure=False): a second identical run is all skipped, never merged.
    assert main(["batch", str(folder), "--out", str(tmp_path / "o"), "--executor", "dask"]) == 0
    assert (tmp_path / "o" / "summary.csv").read_text(encoding="utf-8").count(",skipped,") == 6


def test_dask_without_an_address_is_a_usage_error(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "in"
    write_archive(folder, 1, broken=0, seed=1)
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    assert main(["batch", str(folder), "--out", str(tmp_path / "o"), "--executor", "dask"]) == 2
    assert "needs --scheduler ADDRESS" in capsys.readouterr().err
