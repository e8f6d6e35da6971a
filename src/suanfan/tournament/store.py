"""A tournament kept in one SQLite file: players, rounds, tables, every hand, and an audit trail.

**One file per tournament.** The file is opened in WAL mode with ``synchronous=FULL``; every write
is one ``BEGIN IMMEDIATE`` transaction, so a process killed at any moment leaves the file as it
was after its last committed write (SQLite's own guarantee; ``tests/tournament/test_store.py``
kills a writer with SIGKILL mid-hand and checks). Several writers (tables submitting at once,
several server workers) are serialised by SQLite's write lock: a writer waits up to
:data:`BUSY_TIMEOUT` seconds for it. The schema has a version (``PRAGMA user_version``) and the
migrations of :data:`MIGRATIONS` bring an older file up to date when it is opened.

Each table's sheet is replayed from its entries when one is written (so an edited hand changes
every total after it, or is refused with nothing changed when a later hand no longer fits); the
replayed score changes are stored with the entries, and standings, sheets and exports are read
from them without scoring again.

**Exact points.** The file keeps whole numbers only (the score changes of every hand); the table
points (riichi: final points) of a session and their sums over the standings are computed from
them as exact fractions (:mod:`suanfan.tournament.points`) and rounded only where shown. Every
dict that gives ``points`` (rounded to 0.01, halves away from zero) also gives ``points_exact``,
the exact value as text (``"7"``, ``"-16.5"``, ``"7/3"``: :func:`fractions.Fraction` reads it
back); :data:`POINTS_RULE` states this in the JSON export, and the CSV export has both columns.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any, Final

from ..errors import MahjongError, describe
from .access import (
    ORGANISER,
    ORGANISER_PREFIX,
    REFEREE_PREFIX,
    Grant,
    NotAllowed,
    NotAuthenticated,
    format_tables,
    hash_secret,
    new_secret,
    parse_tables,
    referee_id,
    verify_secret,
)
from .checks import (
    check_flag,
    check_id,
    check_mapping,
    check_optional_id,
    check_tables,
    check_text,
)
from .points import (
    exact_text,
    get_placement,
    mcr_table_points_exact,
    placement_ranks,
    riichi_placement_points_exact,
    round_points,
)
from .seating import METHODS, seat
from .sheets import MCR_HANDS, EntryConflict, MCRSheet, RiichiSheet, TournamentError, check_entry, is_result

__all__ = ["BUSY_TIMEOUT", "MAX_ID", "MIGRATIONS", "POINTS_RULE", "SCHEMA_VERSION", "Tournament"]

#: how the exports give points (the JSON export's ``points_rule``)
POINTS_RULE: Final = ("points are exact: points_exact is the exact value (a whole number, a finite "
                      "decimal or a fraction n/d); points is it rounded to 0.01, halves away from "
                      "zero, for display; sums are of the exact values, rounded once")

#: the largest id or number SQLite stores (a signed 64-bit integer)
MAX_ID: Final = (1 << 63) - 1
#: seconds a writer waits for another's transaction to finish
BUSY_TIMEOUT: Final = 30.0

_SCHEMA_1: Final = """
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    club TEXT NOT NULL DEFAULT '', team TEXT NOT NULL DEFAULT '',
    ema TEXT NOT NULL DEFAULT '', country TEXT NOT NULL DEFAULT '',
    active INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE rounds (number INTEGER PRIMARY KEY, method TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE sessions (
    round INTEGER NOT NULL REFERENCES rounds(number),
    tbl INTEGER NOT NULL,
    ended TEXT,
    PRIMARY KEY (round, tbl)
);
CREATE TABLE seats (
    round INTEGER NOT NULL, tbl INTEGER NOT NULL,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (round, tbl, seat),
    UNIQUE (round, player),
    FOREIGN KEY (round, tbl) REFERENCES sessions(round, tbl)
);
CREATE TABLE entries (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL, tbl INTEGER NOT NULL,
    number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    result INTEGER NOT NULL,
    entry TEXT NOT NULL,
    deltas TEXT NOT NULL,
    label TEXT NOT NULL,
    value INTEGER NOT NULL,
    detail TEXT NOT NULL,
    created TEXT NOT NULL,
    author TEXT NOT NULL DEFAULT '',
    deleted INTEGER NOT NULL DEFAULT 0,
    FOREIGN KEY (round, tbl) REFERENCES sessions(round, tbl)
);
CREATE UNIQUE INDEX one_result_per_hand ON entries(round, tbl, number) WHERE result = 1 AND deleted = 0;
CREATE INDEX entries_of_table ON entries(round, tbl, deleted, number, id);
CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    author TEXT NOT NULL,
    action TEXT NOT NULL,
    entry INTEGER,
    round INTEGER, tbl INTEGER, number INTEGER,
    before TEXT, after TEXT
);
"""

# version 2: who may write (docs/tournament-security.md). The organiser secret's hash and the
# public_reads switch are rows of settings; a token's tables are a JSON list of [round|null, table].
_SCHEMA_2: Final = """
CREATE TABLE tokens (
    id INTEGER PRIMARY KEY,
    holder TEXT NOT NULL,
    hash TEXT NOT NULL,
    tables TEXT NOT NULL DEFAULT '[]',
    created TEXT NOT NULL,
    revoked TEXT
);
"""

#: schema version → the SQL that brings a file from the version before to it
MIGRATIONS: Final[dict[int, str]] = {1: _SCHEMA_1, 2: _SCHEMA_2}
#: the schema version this suanfan writes
SCHEMA_VERSION: Final = max(MIGRATIONS)
_MAGIC: Final = "suanfan tournament"
#: the riichi scoring preset a placement preset plays by default (M.LEAGUE: the common rules)
_RIICHI_RULES: Final = {"ema": "ema", "wrc": "wrc", "tenhou": "tenhou", "mleague": "default"}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _name(value: object, what: str = "name") -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 100:
        raise TournamentError(f"{what}={describe(value)}: a name of 1 to 100 characters")
    return " ".join(value.split())


def _path(value: object) -> str:
    p = os.fspath(value) if isinstance(value, (str, os.PathLike)) else None
    if not isinstance(p, str) or not p or "\x00" in p:
        raise TournamentError(f"path={describe(value)}: a file name")
    return p


def _field(value: object, what: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > 100:
        raise TournamentError(f"{what}={describe(value)}: a text of at most 100 characters")
    return value.strip()


class Tournament:
    """A tournament file: :meth:`create` a new one, or open an existing one with
    ``Tournament(path)``. Every method is one transaction; the object holds no connection
    between calls, so one object may be shared by threads and several processes may open the
    same file."""

    __slots__ = ("_placement", "_rules", "_verified", "name", "path", "placement", "rules", "system")

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path: Final = _path(path)
        if not os.path.isfile(self.path):
            raise TournamentError(f"no tournament file {self.path!r} (create it with "
                                  "`suanfan tournament create`)")
        with self._read() as db:
            settings = dict(db.execute("SELECT key, value FROM settings").fetchall())
        if settings.get("magic") != _MAGIC:
            raise TournamentError(f"{self.path!r} is not a suanfan tournament file")
        self.name: Final = settings["name"]
        self.system: Final = settings["system"]
        self.rules: Final = settings["rules"]
        self.placement: Final = settings.get("placement", "")
        self._rules: Any = None
        self._placement: Any = None
        # sha256 of a token verified already → the stored hash it matched (a bounded cache, so
        # that a known token is not hashed with scrypt again on each request)
        self._verified: dict[str, str] = {}

    # -- the file ----------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | os.PathLike[str], name: str, system: str = "mcr",
               rules: str | None = None, placement: str | None = None) -> Tournament:
        """A new tournament file (refused if ``path`` exists): ``system`` ``"mcr"`` or
        ``"riichi"``; ``rules`` a preset of that system (default ``mcr`` / the placement's own
        preset), ``placement`` for riichi: ``ema``, ``wrc`` (default), ``mleague`` or ``tenhou``."""
        p = _path(path)
        if os.path.exists(p):
            raise TournamentError(f"{p!r} exists already: give a new file name")
        nm = _name(name, "name")
        if system == "mcr":
            if placement is not None:
                raise TournamentError("placement (uma/oka) is for riichi tournaments")
            from ..mcr import get_rules

            rules_name = get_rules(rules or "mcr").name
            placement_name = ""
        elif system == "riichi":
            from ..riichi import get_rules as riichi_rules

            pl = get_placement(placement or "wrc")
            placement_name = pl.name
            rules_name = riichi_rules(rules or _RIICHI_RULES.get(pl.name, "default")).name
        else:
            raise TournamentError(f"system={describe(system)}: mcr or riichi")
        db = cls._connect(p)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("BEGIN IMMEDIATE")
            _migrate(db, 0)
            db.executemany("INSERT INTO settings VALUES (?, ?)", [
                ("magic", _MAGIC), ("name", nm), ("system", system), ("rules", rules_name),
                ("placement", placement_name), ("created", _now())])
            db.execute("COMMIT")
        except BaseException:
            db.close()
            with contextlib.suppress(OSError):
                os.remove(p)
            raise
        db.close()
        return cls(p)

    @staticmethod
    def _connect(path: str) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA synchronous=FULL")
            db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
        except sqlite3.DatabaseError as exc:
            raise TournamentError(f"{path!r}: {exc}") from None
        return db

    def _open(self) -> sqlite3.Connection:
        db = self._connect(self.path)
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise TournamentError(f"{self.path!r} has schema version {version}, newer than this "
                                      f"suanfan's {SCHEMA_VERSION}: update suanfan")
            if version < SCHEMA_VERSION:
                if version == 0:
                    raise TournamentError(f"{self.path!r} is not a suanfan tournament file")
                db.execute("BEGIN IMMEDIATE")
                _migrate(db, db.execute("PRAGMA user_version").fetchone()[0])
                db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            db.close()
            raise TournamentError(f"{self.path!r}: {exc}") from None
        except BaseException:
            db.close()
            raise
        return db

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        db = self._open()
        try:
            db.execute("BEGIN")  # one snapshot for the whole read
            yield db
            db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise TournamentError(f"{self.path!r}: {exc}") from None
        finally:
            db.close()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._open()
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            raise EntryConflict(f"refused by the database: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise TournamentError(f"{self.path!r}: {exc}") from None
        finally:
            db.close()

    def check(self) -> str:
        """SQLite's integrity check of the file ("ok" when intact)."""
        with self._read() as db:
            return "; ".join(r[0] for r in db.execute("PRAGMA integrity_check").fetchall())

    # -- rules -------------------------------------------------------------------------------------
    def rule_set(self) -> Any:
        if self._rules is None:
            if self.system == "mcr":
                from .. import mcr

                self._rules = mcr.get_rules(self.rules)
            else:
                from .. import riichi

                self._rules = riichi.get_rules(self.rules)
        return self._rules

    def placement_rules(self) -> Any:
        if self._placement is None and self.system == "riichi":
            self._placement = get_placement(self.placement)
        return self._placement

    # -- players -----------------------------------------------------------------------------------
    def add_player(self, name: str, club: str = "", team: str = "", ema: str = "",
                   country: str = "") -> int:
        """A new player; their id."""
        nm = _name(name, "player name")
        with self._write() as db:
            known = db.execute("SELECT name FROM players WHERE name = ?", (nm,)).fetchone()
            if known:
                raise TournamentError(f"a player named {known[0]!r} is registered already")
            cur = db.execute("INSERT INTO players (name, club, team, ema, country) VALUES (?, ?, ?, ?, ?)",
                             (nm, _field(club, "club"), _field(team, "team"), _field(ema, "ema"),
                              _field(country, "country")))
            assert cur.lastrowid is not None
            return cur.lastrowid

    def import_players(self, text: str) -> int:
        """Players from CSV text: a header with ``name`` and any of ``club``, ``team``, ``ema``,
        ``country`` (or no header: one name a line, then those columns in that order). All or
        none are added; the number added."""
        check_text(text, "text", 10_000_000)
        rows = list(csv.reader(io.StringIO(text)))
        rows = [r for r in rows if any(c.strip() for c in r)]
        if not rows:
            raise TournamentError("the players file has no rows")
        cols = ["name", "club", "team", "ema", "country"]
        head = [c.strip().lower() for c in rows[0]]
        if "name" in head:
            unknown = [c for c in head if c and c not in cols]
            if unknown:
                raise TournamentError(f"players file: unknown column {unknown[0]!r} (columns: "
                                      f"{', '.join(cols)})")
            cols, rows = head, rows[1:]
        players = []
        seen: set[str] = set()
        for line, row in enumerate(rows, 2 if cols is not None and "name" in head else 1):
            if len(row) > len(cols):
                raise TournamentError(f"players file line {line}: {len(row)} columns, at most {len(cols)}")
            rec = dict(zip(cols, (c.strip() for c in row), strict=False))
            try:
                nm = _name(rec.get("name", ""), "player name")
            except TournamentError as exc:
                raise TournamentError(f"players file line {line}: {exc}") from None
            if nm.lower() in seen:
                raise TournamentError(f"players file line {line}: {nm!r} is listed twice")
            seen.add(nm.lower())
            players.append((nm, *(_field(rec.get(c, ""), c) for c in ("club", "team", "ema", "country"))))
        with self._write() as db:
            for p in players:
                if db.execute("SELECT 1 FROM players WHERE name = ?", (p[0],)).fetchone():
                    raise TournamentError(f"a player named {p[0]!r} is registered already")
            db.executemany("INSERT INTO players (name, club, team, ema, country) VALUES (?, ?, ?, ?, ?)",
                           players)
        return len(players)

    def set_active(self, name: str, active: bool) -> None:
        """Take a player out of the next rounds' seating (or back in)."""
        check_flag(active, "active")
        with self._write() as db:
            pid = _player_id(db, name)
            db.execute("UPDATE players SET active = ? WHERE id = ?", (int(active), pid))

    def players(self) -> list[dict[str, Any]]:
        with self._read() as db:
            return _players(db)

    # -- rounds ------------------------------------------------------------------------------------
    def seat_round(self, method: str = "random", seed: int | None = None) -> int:
        """Seat the next round of the active players; its number. The ranking for ``swiss``,
        ``snake`` and ``strongest`` is the current standings. Refused while a session of the
        previous round is open."""
        if method not in METHODS:
            raise TournamentError(f"unknown seating method {method!r}: {', '.join(METHODS)}")
        with self._write() as db:
            open_tables = db.execute(
                "SELECT round, tbl FROM sessions WHERE ended IS NULL ORDER BY round, tbl").fetchall()
            still = [(r, t) for r, t in open_tables if not self._finished(db, r, t)]
            if still:
                rnd = still[0][0]
                playing = [str(t) for r, t in still if r == rnd]
                which = (f"table {playing[0]} has" if len(playing) == 1
                         else f"tables {', '.join(playing[:-1])} and {playing[-1]} have")
                raise TournamentError(f"round {rnd} is still being played ({which} not ended): end "
                                      f"{'its session' if len(playing) == 1 else 'their sessions'} first "
                                      "(`suanfan tournament end FILE ROUND TABLE`)")
            active = [r[0] for r in db.execute("SELECT id FROM players WHERE active = 1 ORDER BY id")]
            ranking = [s["id"] for s in self._standings(db) if s["id"] in set(active)]
            ranking += [p for p in active if p not in ranking]
            teams = {r[0]: r[1] for r in db.execute("SELECT id, team FROM players")}
            history = _history(db)
            tables = seat(ranking, method, history, teams, seed)
            number = (db.execute("SELECT max(number) FROM rounds").fetchone()[0] or 0) + 1
            db.execute("INSERT INTO rounds VALUES (?, ?, ?)", (number, method, _now()))
            for t, players in enumerate(tables, 1):
                db.execute("INSERT INTO sessions (round, tbl) VALUES (?, ?)", (number, t))
                db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                               [(number, t, s, p) for s, p in enumerate(players)])
            return number

    def set_tables(self, tables: Sequence[Sequence[str]]) -> int:
        """Seat the next round as given: lists of four player names (East, South, West, North)."""
        tables = check_tables(tables)
        with self._write() as db:
            ids = [[_player_id(db, n) for n in t] for t in tables]
            flat = [p for t in ids for p in t]
            if any(len(t) != 4 for t in ids) or not ids:
                raise TournamentError("give tables of four players")
            if len(set(flat)) != len(flat):
                raise TournamentError("a player is seated twice")
            number = (db.execute("SELECT max(number) FROM rounds").fetchone()[0] or 0) + 1
            db.execute("INSERT INTO rounds VALUES (?, ?, ?)", (number, "manual", _now()))
            for t, players in enumerate(ids, 1):
                db.execute("INSERT INTO sessions (round, tbl) VALUES (?, ?)", (number, t))
                db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                               [(number, t, s, p) for s, p in enumerate(players)])
            return number

    def rounds(self) -> list[dict[str, Any]]:
        """Each round with its tables (the players' names by seat) and whether each has ended."""
        with self._read() as db:
            out = []
            for number, method in db.execute("SELECT number, method FROM rounds ORDER BY number").fetchall():
                tables = []
                for (t,) in db.execute("SELECT tbl FROM sessions WHERE round = ? ORDER BY tbl", (number,)):
                    tables.append({"table": t, "players": _table_names(db, number, t),
                                   "ended": self._ended(db, number, t)})
                out.append({"round": number, "method": method, "tables": tables})
            return out

    # -- hands -------------------------------------------------------------------------------------
    def add(self, round: int, table: int, entry: Mapping[str, Any], number: int | None = None,
            author: str = "") -> dict[str, Any]:
        """Record an entry (see :mod:`suanfan.tournament.sheets`; seats may be given as player
        names) at the table; ``number`` the hand it belongs to (default: the hand in play). A
        result for a hand already entered is refused. The entry as recorded, with the totals."""
        check_id(round, "round"), check_id(table, "table"), check_mapping(entry, "entry")
        check_optional_id(number, "number")
        with self._write() as db:
            self._session(db, round, table)
            if self._ended(db, round, table) and is_result(self.system, str(entry.get("kind"))):
                raise EntryConflict(f"round {round} table {table} has ended")
            e = check_entry(self.system, _resolve(db, round, table, entry))
            rows = _entries(db, round, table)
            sheet = self._replay(rows)
            result = is_result(self.system, e["kind"])
            n = number if number is not None else sheet.next_number()
            if type(n) is not int or n < 1:
                raise TournamentError(f"number={describe(number)}: a hand number from 1")
            if result and n < sheet.next_number():
                raise EntryConflict(f"hand {n} of round {round} table {table} is entered already "
                                      "(edit it to change it)")
            try:
                rec = sheet.add(n, e)
            except TournamentError:
                raise
            except MahjongError as exc:
                raise type(exc)(f"round {round} table {table}: {exc}") from None
            at = _now()
            cur = db.execute(
                "INSERT INTO entries (round, tbl, number, kind, result, entry, deltas, label, value, detail, "
                "created, author) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (round, table, n, e["kind"], int(result), json.dumps(e), json.dumps(rec.deltas), rec.label,
                 rec.value, json.dumps(rec.detail, ensure_ascii=False), at, _field(author, "author")))
            db.execute("INSERT INTO audit (at, author, action, entry, round, tbl, number, after) "
                       "VALUES (?, ?, 'add', ?, ?, ?, ?, ?)",
                       (at, author, cur.lastrowid, round, table, n, json.dumps(e)))
            out = rec.to_dict()
            out["id"] = cur.lastrowid
            return out

    def edit(self, round: int, table: int, entry_id: int, entry: Mapping[str, Any],
             author: str = "") -> dict[str, Any]:
        """Replace an entry (by its id) and replay the sheet: refused, with nothing changed, if
        any later hand no longer fits. Kept in the audit trail."""
        check_id(round, "round"), check_id(table, "table"), check_id(entry_id, "entry_id")
        check_mapping(entry, "entry")
        with self._write() as db:
            self._session(db, round, table)
            e = check_entry(self.system, _resolve(db, round, table, entry))
            rows = _entries(db, round, table)
            old = next((r for r in rows if r["id"] == entry_id), None)
            if old is None:
                raise TournamentError(f"round {round} table {table} has no entry {entry_id}")
            if is_result(self.system, old["entry"]["kind"]) != is_result(self.system, e["kind"]):
                raise TournamentError("a hand's result is replaced by a result, an adjustment by an "
                                      "adjustment")
            new_rows = [dict(r, entry=e) if r["id"] == entry_id else r for r in rows]
            self._store_replay(db, new_rows)
            db.execute("UPDATE entries SET entry = ?, kind = ? WHERE id = ?",
                       (json.dumps(e), e["kind"], entry_id))
            db.execute("INSERT INTO audit (at, author, action, entry, round, tbl, number, before, after) "
                       "VALUES (?, ?, 'edit', ?, ?, ?, ?, ?, ?)",
                       (_now(), _field(author, "author"), entry_id, round, table, old["number"],
                        json.dumps(old["entry"]), json.dumps(e)))
            return next(r for r in _entries(db, round, table) if r["id"] == entry_id)

    def delete(self, round: int, table: int, entry_id: int, author: str = "") -> None:
        """Delete an entry: an adjustment, or the last hand's result (a hand in the middle is
        edited instead: the hands after it would change their winds). Kept in the audit trail."""
        check_id(round, "round"), check_id(table, "table"), check_id(entry_id, "entry_id")
        with self._write() as db:
            self._session(db, round, table)
            rows = _entries(db, round, table)
            old = next((r for r in rows if r["id"] == entry_id), None)
            if old is None:
                raise TournamentError(f"round {round} table {table} has no entry {entry_id}")
            if old["result"]:
                last = max(r["number"] for r in rows if r["result"])
                if old["number"] != last:
                    raise TournamentError(f"hand {old['number']} is not the last hand ({last}): edit it "
                                          "instead of deleting it")
                if any(r["number"] > last for r in rows):
                    raise TournamentError(f"delete the adjustments of hand {last + 1} first")
            self._store_replay(db, [r for r in rows if r["id"] != entry_id])
            db.execute("UPDATE entries SET deleted = 1 WHERE id = ?", (entry_id,))
            db.execute("INSERT INTO audit (at, author, action, entry, round, tbl, number, before) "
                       "VALUES (?, ?, 'delete', ?, ?, ?, ?, ?)",
                       (_now(), _field(author, "author"), entry_id, round, table, old["number"],
                        json.dumps(old["entry"])))

    def end_session(self, round: int, table: int, author: str = "") -> dict[str, Any]:
        """End a table's session (on time, or after its last hand); its summary."""
        check_id(round, "round"), check_id(table, "table")
        with self._write() as db:
            self._session(db, round, table)
            if self._ended(db, round, table) and db.execute(
                    "SELECT ended FROM sessions WHERE round = ? AND tbl = ?", (round, table)).fetchone()[0]:
                raise EntryConflict(f"round {round} table {table} has ended already")
            at = _now()
            db.execute("UPDATE sessions SET ended = ? WHERE round = ? AND tbl = ?", (at, round, table))
            db.execute("INSERT INTO audit (at, author, action, round, tbl) VALUES (?, ?, 'end', ?, ?)",
                       (at, _field(author, "author"), round, table))
            return self._sheet(db, round, table)

    def sheet(self, round: int, table: int) -> dict[str, Any]:
        """A table's score sheet: players, every entry with the running totals, and the result."""
        check_id(round, "round"), check_id(table, "table")
        with self._read() as db:
            self._session(db, round, table)
            return self._sheet(db, round, table)

    def audit(self, round: int | None = None, table: int | None = None) -> list[dict[str, Any]]:
        """Who added, changed, deleted or ended what, and when (oldest first)."""
        check_optional_id(round, "round"), check_optional_id(table, "table")
        q = "SELECT at, author, action, entry, round, tbl, number, before, after FROM audit"
        args: list[Any] = []
        if round is not None:
            q += " WHERE round = ?"
            args.append(round)
            if table is not None:
                q += " AND tbl = ?"
                args.append(table)
        with self._read() as db:
            return [{"at": a, "author": au, "action": ac, "entry": en, "round": r, "table": t, "number": n,
                     "before": json.loads(b) if b else None, "after": json.loads(af) if af else None}
                    for a, au, ac, en, r, t, n, b, af in db.execute(q + " ORDER BY id", args)]

    # -- access (docs/tournament-security.md) ------------------------------------------------------
    def reset_secret(self) -> str:
        """A new organiser secret (any old one stops working): the secret itself, to be shown
        once; only its salted hash is stored."""
        secret = new_secret(ORGANISER_PREFIX)
        stored = hash_secret(secret)
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES ('organiser_secret', ?)", (stored,))
        return secret

    def has_secret(self) -> bool:
        """Whether the tournament has an organiser secret (files made before schema 2 have none
        until :meth:`reset_secret`)."""
        with self._read() as db:
            return db.execute("SELECT 1 FROM settings WHERE key = 'organiser_secret'").fetchone() is not None

    @property
    def public_reads(self) -> bool:
        """Whether anyone may read the sheets, standings, audit and exports over HTTP (the
        default); when False the web API asks for a token on reads too."""
        with self._read() as db:
            row = db.execute("SELECT value FROM settings WHERE key = 'public_reads'").fetchone()
        return row is None or row[0] != "0"

    def set_public_reads(self, public: bool) -> None:
        """Open (True) or close (False) the reads to those without a token."""
        if not isinstance(public, bool):
            raise TournamentError(f"public_reads={describe(public)}: true or false")
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES ('public_reads', ?)",
                       ("1" if public else "0",))

    def add_token(self, holder: str, tables: str | Sequence[int | str] | None = None) -> dict[str, Any]:
        """A new referee token for ``holder``, limited to ``tables`` (see
        :func:`~suanfan.tournament.access.parse_tables`; None: every table). Its record with
        the token itself under ``"token"`` (shown once: only its hash is stored)."""
        nm = _name(holder, "holder")
        if nm.lower() == ORGANISER:
            raise TournamentError(f"holder={nm!r}: that name is the organiser's")
        limits = parse_tables(tables)
        at = _now()
        with self._write() as db:
            cur = db.execute("INSERT INTO tokens (holder, hash, tables, created) VALUES (?, '', ?, ?)",
                             (nm, json.dumps([list(p) for p in limits]), at))
            token_id = cur.lastrowid
            assert token_id is not None
            token = new_secret(f"{REFEREE_PREFIX}{token_id}.")
            db.execute("UPDATE tokens SET hash = ? WHERE id = ?", (hash_secret(token), token_id))
        return {"id": token_id, "holder": nm, "tables": format_tables(limits), "created": at, "revoked": None,
                "token": token}

    def tokens(self) -> list[dict[str, Any]]:
        """The referee tokens (without the tokens themselves): id, holder, tables, created,
        revoked (when, or None)."""
        with self._read() as db:
            return [{"id": i, "holder": h, "tables": format_tables(_limits(tb)), "created": c, "revoked": r}
                    for i, h, tb, c, r in
                    db.execute("SELECT id, holder, tables, created, revoked FROM tokens ORDER BY id")]

    def revoke_token(self, token_id: int) -> dict[str, Any]:
        """Revoke a referee token by its id (it answers 403 from then on); its record."""
        if type(token_id) is not int or not 1 <= token_id <= MAX_ID:
            raise TournamentError(f"token id {describe(token_id)}: a token's id (see the token list)")
        at = _now()
        with self._write() as db:
            row = db.execute("SELECT revoked FROM tokens WHERE id = ?", (token_id,)).fetchone()
            if row is None:
                raise TournamentError(f"there is no token {token_id}")
            if row[0] is None:
                db.execute("UPDATE tokens SET revoked = ? WHERE id = ?", (at, token_id))
        return next(t for t in self.tokens() if t["id"] == token_id)

    def authorise(self, token: str | None, round: int | None = None, table: int | None = None,
                  verify: bool = True) -> Grant:
        """Who ``token`` belongs to, if it may write to ``round``'s ``table`` (None: anything a
        referee may do, such as reading closed standings). Raises
        :class:`~suanfan.tournament.access.NotAuthenticated` (no token, not one of this
        tournament's) or :class:`~suanfan.tournament.access.NotAllowed` (revoked, other
        tables). ``verify=False`` accepts only a token verified before (no scrypt hashing: what
        the web API does for an address that failed too often)."""
        for value, what in ((round, "round"), (table, "table")):
            if value is not None and (type(value) is not int or not 1 <= value <= MAX_ID):
                raise TournamentError(f"{what}={describe(value)}: a whole number from 1")
        if not token:
            raise NotAuthenticated("this needs a token: Authorization: Bearer <token> (a referee's token "
                                   "from the organiser, or the organiser secret)")
        if not isinstance(token, str):
            raise NotAuthenticated(f"token {describe(token)}: a text")
        if token.startswith(ORGANISER_PREFIX):
            with self._read() as db:
                row = db.execute("SELECT value FROM settings WHERE key = 'organiser_secret'").fetchone()
            if row is None:
                raise NotAuthenticated("this tournament has no organiser secret yet: make one with "
                                       "`suanfan tournament secret FILE --reset`")
            if not self._check_hash(token, str(row[0]), verify):
                raise NotAuthenticated("not a token of this tournament")
            return Grant(ORGANISER, True, 0, ())
        token_id = referee_id(token)
        if not token_id:
            raise NotAuthenticated("not a token of this tournament")
        with self._read() as db:
            found = db.execute("SELECT holder, hash, tables, revoked FROM tokens WHERE id = ?",
                               (token_id,)).fetchone()
        if found is None or not self._check_hash(token, str(found[1]), verify):
            raise NotAuthenticated("not a token of this tournament")
        grant = Grant(str(found[0]), False, token_id, _limits(found[2]))
        if found[3] is not None:
            raise NotAllowed(f"the token of {grant.holder} (id {token_id}) was revoked at {found[3]}")
        if table is not None and not grant.allows(round if round is not None else 0, table):
            allowed = ", ".join(format_tables(grant.tables))
            raise NotAllowed(f"the token of {grant.holder} is for table(s) {allowed}, not round {round} "
                             f"table {table}")
        return grant

    def _check_hash(self, token: str, stored: str, verify: bool) -> bool:
        key = hashlib.sha256(token.encode()).hexdigest()
        if self._verified.get(key) == stored:
            return True
        if not verify or not verify_secret(token, stored):
            return False
        if len(self._verified) >= 1024:
            self._verified.clear()
        self._verified[key] = stored
        return True

    # -- standings and exports ---------------------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """Every player ranked: table points (riichi: final points), then score, then first
        places; players equal in all three share the rank. Counts ended sessions only."""
        with self._read() as db:
            return self._standings(db)

    def history(self, name: str) -> dict[str, Any]:
        """A player's sessions: round, table, seat, score, place and points of each."""
        with self._read() as db:
            pid = _player_id(db, name)
            sessions = []
            for r, t, s in db.execute("SELECT round, tbl, seat FROM seats WHERE player = ? ORDER BY round",
                                      (pid,)).fetchall():
                summary = self._summary(db, r, t)
                sessions.append({"round": r, "table": t, "seat": s, "ended": summary["ended"],
                                 "opponents": [n for i, n in enumerate(_table_names(db, r, t)) if i != s],
                                 "score": summary["totals"][s], "place": summary["ranks"][s],
                                 "points": summary["points"][s],
                                 "points_exact": summary["points_exact"][s]})
            me = next(x for x in self._standings(db) if x["id"] == pid)
            return {**me, "sessions": sessions}

    def export_json(self) -> dict[str, Any]:
        """Everything: settings, players, each round's sheets, the standings."""
        with self._read() as db:
            rounds = []
            for (number,) in db.execute("SELECT number FROM rounds ORDER BY number").fetchall():
                tables = [self._sheet(db, number, t) for (t,) in
                          db.execute("SELECT tbl FROM sessions WHERE round = ? ORDER BY tbl", (number,))
                          .fetchall()]
                rounds.append({"round": number, "tables": tables})
            return {"name": self.name, "system": self.system, "rules": self.rules,
                    "placement": self.placement or None, "schema": SCHEMA_VERSION,
                    "points_rule": POINTS_RULE,
                    "players": _players(db), "rounds": rounds, "standings": self._standings(db)}

    def export_csv(self) -> str:
        """The standings in the EMA results layout: Rank, Last name, First name, EMA number,
        Country, Table points (riichi: final points; rounded to 0.01, halves away from zero),
        Score, then Exact points (the exact value: a whole number, a finite decimal or a
        fraction n/d)."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["Rank", "Last name", "First name", "EMA number", "Country", "Table points", "Score",
                    "Exact points"])
        for s in self.standings():
            last, first = _split_name(s["name"])
            w.writerow([s["rank"], last, first, s["ema"], s["country"], _num(s["points"]), _num(s["score"]),
                        s["points_exact"]])
        return out.getvalue()

    # -- internals ---------------------------------------------------------------------------------
    def _session(self, db: sqlite3.Connection, round: object, table: object) -> None:
        if type(round) is not int or type(table) is not int:
            raise TournamentError(f"round {describe(round)} table {describe(table)}: give whole numbers")
        if not db.execute("SELECT 1 FROM sessions WHERE round = ? AND tbl = ?", (round, table)).fetchone():
            tables = db.execute("SELECT count(*) FROM sessions WHERE round = ?", (round,)).fetchone()[0]
            if not tables:
                raise TournamentError(f"there is no round {round} (seat it first)")
            raise TournamentError(f"round {round} has tables 1-{tables}, not {table}")

    def _replay(self, rows: Sequence[Mapping[str, Any]]) -> MCRSheet | RiichiSheet:
        entries = [(r["number"], r["entry"]) for r in rows]
        if self.system == "mcr":
            return MCRSheet(self.rule_set(), entries)
        return RiichiSheet(self.rule_set(), self.placement_rules(), entries)

    def _store_replay(self, db: sqlite3.Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        sheet = self._replay(rows)
        for r, rec in zip(rows, sheet.records, strict=True):
            db.execute("UPDATE entries SET deltas = ?, label = ?, value = ?, detail = ? WHERE id = ?",
                       (json.dumps(rec.deltas), rec.label, rec.value,
                        json.dumps(rec.detail, ensure_ascii=False), r["id"]))

    def _finished(self, db: sqlite3.Connection, round: int, table: int) -> bool:
        """All its hands are played (MCR: 16; riichi: South 4)."""
        rows = _entries(db, round, table)
        if self.system == "mcr":
            return sum(1 for r in rows if r["result"]) >= MCR_HANDS
        if not rows:
            return False
        last = [r for r in rows if r["result"]]
        return bool(last) and _riichi_over(last[-1], len(last))

    def _ended(self, db: sqlite3.Connection, round: int, table: int) -> bool:
        row = db.execute("SELECT ended FROM sessions WHERE round = ? AND tbl = ?", (round, table)).fetchone()
        return bool(row and row[0]) or self._finished(db, round, table)

    def _summary(self, db: sqlite3.Connection, round: int, table: int) -> dict[str, Any]:
        """Totals, places and points of a session, from the stored score changes."""
        rows = _entries(db, round, table)
        totals = [0, 0, 0, 0]
        places = [0, 0, 0, 0]  # what the places are decided by
        adjust = [0, 0, 0, 0]  # riichi chombo and penalties (on the final points)
        for r in rows:
            for s in range(4):
                if self.system == "riichi" and r["kind"] in ("chombo", "penalty"):
                    adjust[s] += r["deltas"][s]
                else:
                    totals[s] += r["deltas"][s]
                    if r["kind"] != "penalty":
                        places[s] += r["deltas"][s]
        ended = self._ended(db, round, table)
        exact: list[Fraction]
        if self.system == "mcr":
            exact = list(mcr_table_points_exact(places))
            ranks = list(placement_ranks(places))
            scores = totals
        else:
            pl = self.placement_rules()
            scores = [pl.start + t for t in totals]
            pot = (4 * pl.start - sum(scores)) // 1000
            exact = [x + Fraction(adjust[s], 1000) for s, x in
                     enumerate(riichi_placement_points_exact(scores, pl, pot))]
            ranks = list(placement_ranks(scores, pl.ties))
        return {"totals": scores, "ranks": ranks, "points": [round_points(x) for x in exact],
                "points_exact": [exact_text(x) for x in exact], "ended": ended,
                "hands": sum(1 for r in rows if r["result"]), "rows": rows, "exact": exact}

    def _sheet(self, db: sqlite3.Connection, round: int, table: int) -> dict[str, Any]:
        s = self._summary(db, round, table)
        rows = s.pop("rows")
        del s["exact"]
        names = _table_names(db, round, table)
        nxt: dict[str, Any] | None = None
        if not s["ended"]:
            sheet = self._replay(rows)
            n = sheet.next_number()
            if isinstance(sheet, MCRSheet):
                from .sheets import WINDS, mcr_winds

                rnd, winds = mcr_winds(n)
                nxt = {"number": n, "label": f"{WINDS[rnd]}{(n - 1) % 4 + 1}", "prevalent_wind": WINDS[rnd],
                       "seat_winds": [WINDS[w] for w in winds]}
            else:
                nxt = {"number": n, "label": sheet.label(), "dealer": sheet.dealer, "honba": sheet.honba,
                       "sticks": sheet.pot, "round_wind": "ESWN"[sheet.round_wind],
                       "seat_winds": ["ESWN"[(i - sheet.dealer) % 4] for i in range(4)]}
        return {"round": round, "table": table, "system": self.system, "players": names, **s,
                "next": nxt,
                "entries": [{k: r[k] for k in ("id", "number", "kind", "label", "entry", "deltas", "value",
                                               "detail", "author", "created")} for r in rows]}

    def _standings(self, db: sqlite3.Connection) -> list[dict[str, Any]]:
        exact: dict[int, Fraction] = {}
        players = {p["id"]: {**p, "sessions": 0, "points": 0.0, "points_exact": "0", "score": 0,
                             "firsts": 0, "wins": 0, "false_wins": 0, "chombo": 0, "best": None}
                   for p in _players(db)}
        for r, t in db.execute("SELECT round, tbl FROM sessions ORDER BY round, tbl").fetchall():
            seated = [row[0] for row in db.execute(
                "SELECT player FROM seats WHERE round = ? AND tbl = ? ORDER BY seat", (r, t))]
            s = self._summary(db, r, t)
            for row in s["rows"]:
                e = row["entry"]
                if row["kind"] in ("win", "fan", "points"):
                    winners = [w["winner"] for w in e["wins"]] if "wins" in e else [e["winner"]]
                    for w in winners:
                        p = players[seated[w]]
                        p["wins"] += 1
                        if p["best"] is None or row["value"] > p["best"]["value"]:
                            p["best"] = {"value": row["value"], "round": r, "table": t,
                                         "number": row["number"], "label": row["label"],
                                         "hand": _hand_text(row, w)}
                elif row["kind"] == "false_win":
                    players[seated[e["seat"]]]["false_wins"] += 1
                elif row["kind"] == "chombo":
                    players[seated[e["seat"]]]["chombo"] += 1
            if not s["ended"]:
                continue
            start = self.placement_rules().start if self.system == "riichi" else 0
            for i, pid in enumerate(seated):
                p = players[pid]
                p["sessions"] += 1
                exact[pid] = exact.get(pid, Fraction(0)) + s["exact"][i]
                p["score"] += s["totals"][i] - start
                p["firsts"] += s["ranks"][i] == 1
        for pid, x in exact.items():
            players[pid]["points"] = round_points(x)
            players[pid]["points_exact"] = exact_text(x)
        ranked = sorted(players.values(), key=lambda p: (-exact.get(p["id"], Fraction(0)), -p["score"],
                                                         -p["firsts"], p["name"]))
        prev: tuple[Any, ...] | None = None
        for i, p in enumerate(ranked, 1):
            key = (exact.get(p["id"], Fraction(0)), p["score"], p["firsts"])
            p["rank"] = ranked[i - 2]["rank"] if key == prev else i
            prev = key
        return ranked


def _num(x: float | int) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def _split_name(name: str) -> tuple[str, str]:
    """(last name, first name): "Last, First", or the last word as the last name."""
    if "," in name:
        last, _, first = name.partition(",")
        return last.strip(), first.strip()
    parts = name.rsplit(" ", 1)
    return (parts[1], parts[0]) if len(parts) == 2 else (name, "")


def _hand_text(row: Mapping[str, Any], winner: int) -> str:
    d = row["detail"]
    if "result" in d:
        return str(d["result"]["hand"])
    for res in d.get("results", ()):
        if res.get("winner") == winner and "hand" in res:
            return str(res["hand"])
    e = row["entry"]
    if "fan" in e:
        return f"{e['fan']} fan"
    if e.get("yakuman"):
        return f"{e['yakuman']}x yakuman"
    return f"{e.get('han')} han {e.get('fu')} fu"


def _riichi_over(last: Mapping[str, Any], hands: int) -> bool:
    """Whether the hanchan is over after its last result (read from the stored detail)."""
    d = last["detail"]
    label = str(last["label"])
    if not label.startswith("S4"):
        return False
    e = last["entry"]
    dealer = d["dealer"]
    if e["kind"] == "draw":
        return dealer not in e["tenpai"]
    winners = [w["winner"] for w in e["wins"]] if e["kind"] == "win" else [e["winner"]]
    return dealer not in winners


def _limits(stored: object) -> tuple[tuple[int | None, int], ...]:
    """A token's tables as stored (a JSON list of [round or null, table])."""
    pairs = json.loads(str(stored)) if stored else []
    return tuple((None if r is None else int(r), int(t)) for r, t in pairs)


def _migrate(db: sqlite3.Connection, version: int) -> None:
    for v in sorted(MIGRATIONS):
        if v > version:
            for statement in MIGRATIONS[v].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version={v}")


def _players(db: sqlite3.Connection) -> list[dict[str, Any]]:
    return [{"id": i, "name": n, "club": c, "team": t, "ema": e, "country": co, "active": bool(a)}
            for i, n, c, t, e, co, a in
            db.execute("SELECT id, name, club, team, ema, country, active FROM players ORDER BY id")]


def _player_id(db: sqlite3.Connection, name: object) -> int:
    if not isinstance(name, str):
        raise TournamentError(f"player {describe(name)}: give a player's name")
    row = db.execute("SELECT id FROM players WHERE name = ?", (" ".join(name.split()),)).fetchone()
    if row is None:
        raise TournamentError(f"no player named {name!r}")
    return int(row[0])


def _table_names(db: sqlite3.Connection, round: int, table: int) -> list[str]:
    return [r[0] for r in db.execute(
        "SELECT p.name FROM seats s JOIN players p ON p.id = s.player WHERE s.round = ? AND s.tbl = ? "
        "ORDER BY s.seat", (round, table))]


def _history(db: sqlite3.Connection) -> list[list[int]]:
    tables: dict[tuple[int, int], list[int]] = {}
    for r, t, p in db.execute("SELECT round, tbl, player FROM seats ORDER BY round, tbl, seat"):
        tables.setdefault((r, t), []).append(p)
    return list(tables.values())


def _entries(db: sqlite3.Connection, round: int, table: int) -> list[dict[str, Any]]:
    """A table's entries in the order they happened: by hand, the adjustments of a hand before
    its result, then in the order they were entered."""
    rows = db.execute(
        "SELECT id, number, kind, result, entry, deltas, label, value, detail, author, created FROM entries "
        "WHERE round = ? AND tbl = ? AND deleted = 0 ORDER BY number, result, id", (round, table)).fetchall()
    return [{"id": i, "number": n, "kind": k, "result": bool(res), "entry": json.loads(e),
             "deltas": json.loads(d), "label": lab, "value": v, "detail": json.loads(det), "author": a,
             "created": c}
            for i, n, k, res, e, d, lab, v, det, a, c in rows]


_SEAT_FIELDS: Final = ("winner", "discarder", "seat", "pao")


def _resolve(db: sqlite3.Connection, round: int, table: int, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The entry with players given by name turned into their seats at the table."""
    if not isinstance(entry, Mapping):
        raise TournamentError(f"an entry is a JSON object with a kind, not {describe(entry)}")
    names = _table_names(db, round, table)
    lower = [n.lower() for n in names]

    def one(value: object, what: str) -> object:
        if not isinstance(value, str):
            return value
        key = " ".join(value.split()).lower()
        if key in lower:
            return lower.index(key)
        if key in ("0", "1", "2", "3"):
            return int(key)
        row = db.execute("SELECT id FROM players WHERE name = ?", (" ".join(value.split()),)).fetchone()
        if row is None:
            raise TournamentError(f"{what}: no player named {value!r}")
        where = db.execute("SELECT tbl FROM seats WHERE round = ? AND player = ?", (round, row[0])).fetchone()
        elsewhere = f" (they play at table {where[0]})" if where else " (they are not seated this round)"
        raise TournamentError(f"{what}: {value!r} is not at round {round} table {table}{elsewhere}")

    out = dict(entry)
    for f in _SEAT_FIELDS:
        if f in out:
            out[f] = one(out[f], f)
    for f in ("riichi", "tenpai"):
        if isinstance(out.get(f), list):
            out[f] = [one(v, f) for v in out[f]]
    if isinstance(out.get("wins"), list):
        out["wins"] = [{**w, **{f: one(w[f], f) for f in ("winner", "pao") if f in w}}
                       if isinstance(w, Mapping) else w for w in out["wins"]]
    winners = [out.get("winner")]
    if isinstance(out.get("wins"), list):
        winners += [w.get("winner") for w in out["wins"] if isinstance(w, Mapping)]
    d = out.get("discarder")
    if type(d) is int and 0 <= d <= 3 and d in winners:
        raise TournamentError(f"{names[d]} is both the winner and the discarder: a winner does not "
                              "pay itself (give who discarded the winning tile, or --self-drawn)")
    return out

