"""Who may write: the organiser secret and the referees' tokens in the tournament file (schema 2),
the migration of a version-1 file, and the CLI's ``secret``, ``token`` and ``reads`` commands;
ids beyond SQLite's 64-bit integers refused by the CLI with exit 2 (docs/tournament-security.md)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from suanfan.cli import main
from suanfan.tournament import SCHEMA_VERSION, Tournament, TournamentError
from suanfan.tournament.access import (
    Grant,
    NotAllowed,
    NotAuthenticated,
    hash_secret,
    parse_tables,
    referee_id,
    verify_secret,
)
from suanfan.tournament.store import MIGRATIONS


def _tournament(tmp_path: Path) -> Tournament:
    t = Tournament.create(tmp_path / "t.db", "Access Open")
    t.import_players("name\n" + "".join(f"P{i}\n" for i in range(8)))
    t.seat_round(seed=1)
    return t


def test_hashes_are_salted_and_checked() -> None:
    a, b = hash_secret("sfo.same"), hash_secret("sfo.same")
    assert a != b and a.startswith("scrypt$16384$8$1$")
    assert verify_secret("sfo.same", a) and verify_secret("sfo.same", b)
    assert not verify_secret("sfo.other", a) and not verify_secret("sfo.same", "scrypt$1$x")
    assert not verify_secret("sfo.same", "plain text") and not verify_secret("x" * 500, a)


def test_tables_limits() -> None:
    assert parse_tables("3, 5,2.1, 2/1") == ((None, 3), (None, 5), (2, 1))
    assert parse_tables([4, "1.2"]) == ((None, 4), (1, 2)) and parse_tables(None) == parse_tables("") == ()
    bad: Any
    for bad in ("x", "1.2.3", "0", "99999999999999999999", [True], [1.5], 7):
        with pytest.raises(TournamentError, match="tables="):
            parse_tables(bad)
    g = Grant("Ann", False, 1, ((None, 3), (2, 1)))
    assert g.allows(9, 3) and g.allows(2, 1) and not g.allows(1, 1) and not g.allows(2, 2)
    assert Grant("Bob", False, 2, ()).allows(5, 5) and Grant("organiser", True, 0, ()).allows(1, 99)
    assert referee_id("sfr.12.abc") == 12 and referee_id("sfr.x.abc") == 0 and referee_id("sfo.abc") == 0
    assert referee_id("sfr.99999999999999999999.a") == 0 and referee_id("sfr.12") == 0


def test_secret_tokens_and_revocation(tmp_path: Path) -> None:
    t = _tournament(tmp_path)
    assert not t.has_secret()
    with pytest.raises(NotAuthenticated, match="no organiser secret yet"):
        t.authorise("sfo.anything")
    secret = t.reset_secret()
    assert t.has_secret() and t.authorise(secret).organiser
    # only hashes are stored
    dump = "\n".join(sqlite3.connect(t.path).iterdump())
    rec = t.add_token("Ann", "1")
    assert secret not in dump and rec["token"] not in "\n".join(sqlite3.connect(t.path).iterdump())
    assert t.authorise(rec["token"], 1, 1) == Grant("Ann", False, rec["id"], ((None, 1),))
    assert t.authorise(rec["token"]).holder == "Ann"  # reads: any table
    with pytest.raises(NotAllowed, match="for table"):
        t.authorise(rec["token"], 1, 2)
    for wrong in ("", None, "sfr.1.nope", rec["token"] + "x", "sfo." + rec["token"], "Bearer x"):
        with pytest.raises(NotAuthenticated):
            t.authorise(wrong)
    # a new secret: the old one stops working
    again = t.reset_secret()
    with pytest.raises(NotAuthenticated):
        t.authorise(secret)
    assert t.authorise(again).holder == "organiser"
    # verify=False: only a token verified before (no scrypt)
    other = t.add_token("Bob")
    with pytest.raises(NotAuthenticated):
        t.authorise(other["token"], verify=False)
    assert t.authorise(rec["token"], 1, 1, verify=False).holder == "Ann"
    assert t.revoke_token(rec["id"])["revoked"]
    with pytest.raises(NotAllowed, match="revoked"):
        t.authorise(rec["token"], 1, 1, verify=False)
    assert [x["holder"] for x in t.tokens()] == ["Ann", "Bob"] and "token" not in t.tokens()[0]
    wrong_id: Any
    for wrong_id, match in [(0, "token id"), (2**70, "token id"), (99, "no token 99"), ("1", "token id")]:
        with pytest.raises(TournamentError, match=match):
            t.revoke_token(wrong_id)
    with pytest.raises(TournamentError, match="organiser's"):
        t.add_token("Organiser")
    with pytest.raises(TournamentError, match="holder"):
        t.add_token("")
    assert t.public_reads
    t.set_public_reads(False)
    assert not t.public_reads
    no: Any = "no"
    with pytest.raises(TournamentError):
        t.set_public_reads(no)


def test_a_version_1_file_is_migrated(tmp_path: Path) -> None:
    # a file as suanfan wrote it before schema 2: it opens, keeps its hands, has no secret yet
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for statement in MIGRATIONS[1].split(";"):
        if statement.strip():
            db.execute(statement)
    db.executemany("INSERT INTO settings VALUES (?, ?)", [
        ("magic", "suanfan tournament"), ("name", "Old Open"), ("system", "mcr"), ("rules", "mcr"),
        ("placement", ""), ("created", "2026-01-01T00:00:00.000+00:00")])
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    t = Tournament(path)
    t.add_player("A")
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 2
    assert not t.has_secret() and t.tokens() == [] and t.public_reads
    code = main(["tournament", "secret", str(path), "--reset"])
    assert code == 0 and t.has_secret()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refusing an argument
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_secret_tokens_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "cli.db")
    code, out, err = run(capsys, "tournament", "create", db, "--name", "CLI Open")
    assert code == 0 and "shown this once" in err
    secret = out.split("organiser secret: ")[1].split()[0]
    t = Tournament(db)
    assert t.authorise(secret).organiser
    code, out, _ = run(capsys, "tournament", "secret", db)
    assert code == 0 and "is set" in out and "public" in out and secret not in out
    code, out, _ = run(capsys, "tournament", "token", db, "add", "Ann", "--tables", "1,2.3", "--json")
    rec = json.loads(out)
    assert code == 0 and rec["tables"] == ["1", "2.3"] and t.authorise(rec["token"], 2, 3).holder == "Ann"
    code, out, _ = run(capsys, "tournament", "token", db, "add", "Bob")
    assert code == 0 and "every table" in out and "sfr.2." in out
    code, out, _ = run(capsys, "tournament", "token", db, "list")
    assert code == 0 and "Ann" in out and "1, 2.3" in out and "sfr." not in out
    code, out, _ = run(capsys, "tournament", "token", db, "revoke", str(rec["id"]))
    assert code == 0 and "revoked" in out
    with pytest.raises(NotAllowed):
        t.authorise(rec["token"])
    assert run(capsys, "tournament", "reads", db, "closed")[0] == 0 and not t.public_reads
    assert "public" in run(capsys, "tournament", "reads", db, "public")[1] and t.public_reads
    code, out, _ = run(capsys, "tournament", "secret", db, "--reset")
    assert code == 0 and out.split("organiser secret: ")[1].split()[0] != secret
    for argv, message in [(["token", db, "add"], "holder's name"),
                          (["token", db, "revoke"], "token's id"),
                          (["token", db, "revoke", "99999999999999999999"], "a whole number from 1"),
                          (["token", db, "revoke", "9"], "no token 9"),
                          (["token", db, "list", "--tables", "1"], "--tables goes with"),
                          (["token", db, "add", "Cy", "--tables", "1.x"], "not a table number")]:
        code, out, err = run(capsys, "tournament", *argv)
        assert code == 2 and message in err and err.count("\n") == 1, (argv, err)


BIG = "99999999999999999999"


@pytest.mark.parametrize("argv", [
    ["hand", "{db}", BIG, "1", "--draw"],
    ["hand", "{db}", "1", BIG, "--draw"],
    ["hand", "{db}", "1", "1", "--draw", "--number", BIG],
    ["sheet", "{db}", "1", BIG],
    ["end", "{db}", BIG, "1"],
    ["audit", "{db}", BIG],
    ["audit", "{db}", "1", BIG],
    ["edit", "{db}", "1", "1", BIG, "--draw"],
    ["delete", "{db}", "1", "1", BIG],
    ["sheet", "{db}", "0", "1"],
    ["sheet", "{db}", "-1", "1"],
])
def test_cli_ids_out_of_range_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     argv: list[str]) -> None:
    db = _tournament(tmp_path).path
    code, _out, err = run(capsys, "tournament", *(a.format(db=db) for a in argv))
    assert code == 2 and "a whole number from 1 to" in err and "internal error" not in err, err
    assert Tournament(db).sheet(1, 1)["hands"] == 0


def test_cli_big_round_in_a_real_process(tmp_path: Path) -> None:
    # as the user runs it: exit 2 and one line (it was exit 70, "internal error")
    db = _tournament(tmp_path).path
    r = subprocess.run([sys.executable, "-m", "suanfan", "tournament", "sheet", db, BIG, "1"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "round" in r.stderr, r.stderr
