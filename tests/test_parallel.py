"""One function over many inputs (:mod:`suanfan.parallel`): here, on processes, and on a real Dask
``LocalCluster`` — the same results in the same order (issue 33, "Scale"). The commands
``replay`` and ``batch`` run on the cluster with ``--scheduler`` and print exactly what one process
prints."""

from __future__ import annotations

import json
import operator
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed  # the dask extra, in the dev extras: this test never skips
import pytest

from suanfan import MahjongError
from suanfan.cli import main
from suanfan.parallel import check_jobs, ordered_map

DATA = Path(__file__).resolve().parent / "data"
LOGS = [DATA / "tenhou" / "logs", DATA / "logs" / "mjai", DATA / "logs" / "tenhou6",
        DATA / "logs" / "botzone"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().out


def _pairs(n: int) -> Iterator[tuple[int, int]]:
    for i in range(n):
        yield (i, 3)


def test_in_order_here_and_on_processes() -> None:
    want = [i ** 3 for i in range(50)]
    assert list(ordered_map(pow, _pairs(50))) == want
    assert list(ordered_map(pow, _pairs(50), jobs=2)) == want


def test_a_task_error_is_raised_at_its_place() -> None:
    got = ordered_map(operator.truediv, [(1, 1), (1, 0), (2, 1)], jobs=2)
    assert next(got) == 1.0
    with pytest.raises(ZeroDivisionError):
        next(got)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"jobs": 0}, "jobs=0"), ({"jobs": "2"}, "jobs='2'"), ({"jobs": 2000}, "1-1024"),
    ({"scheduler": ""}, "scheduler=''"), ({"scheduler": 8786}, "scheduler=8786"),
    ({"ahead": 0}, "ahead=0"),
])
def test_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        list(ordered_map(pow, _pairs(2), **kwargs))


def test_check_jobs_none_is_every_core() -> None:
    assert check_jobs(None) >= 1


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as c:
        yield c.scheduler_address


def test_ordered_map_on_a_local_cluster(cluster: str) -> None:
    assert list(ordered_map(pow, _pairs(40), scheduler=cluster, ahead=1)) == [i ** 3 for i in range(40)]
    with pytest.raises(ZeroDivisionError):
        list(ordered_map(operator.truediv, [(1, 0)], scheduler=cluster))


def test_replay_on_the_cluster_equals_one_process(cluster: str, capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(p) for p in LOGS]
    code1, one = _run(capsys, "replay", *paths, "--json")
    code2, two = _run(capsys, "replay", *paths, "--json", "--jobs", "2")
    code3, dask = _run(capsys, "replay", *paths, "--json", "--scheduler", cluster)
    assert one.count("\n") > 50
    assert one == two == dask
    assert code1 == code2 == code3
    summary = json.loads(one.splitlines()[-1])["summary"]
    assert summary["wins"] > 0 and summary["games"] > 0


def test_batch_on_the_cluster_equals_one_process(cluster: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    lines = [json.dumps({"hand": "[111z1]1234556789m 5m", "self_drawn": True}),
             json.dumps({"system": "riichi", "hand": "123m456p789s11222z 1z", "riichi": True}),
             "not json", json.dumps({"hand": "1m"})] * 40
    src = tmp_path / "hands.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _c1, one = _run(capsys, "batch", str(src), "--jobs", "1")
    _c2, dask = _run(capsys, "batch", str(src), "--scheduler", cluster)
    assert len(one.splitlines()) == len(lines)
    assert one == dask
