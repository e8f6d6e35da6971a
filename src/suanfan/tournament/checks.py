"""The argument checks of the public functions of :mod:`suanfan.tournament` (issue 31): a value
of the wrong type or out of range is a :class:`~suanfan.tournament.TournamentError` naming the
argument, never a TypeError, AttributeError or OverflowError from deeper down."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from ..errors import describe
from .sheets import TournamentError

__all__ = ["MAX_ID", "check_flag", "check_history", "check_id", "check_mapping", "check_optional_id",
           "check_players", "check_seed", "check_tables", "check_teams", "check_text", "check_whole"]

#: the largest round, table, hand or entry id (SQLite's integers are 64-bit)
MAX_ID: Final = 2**63 - 1


def check_whole(value: object, what: str, low: int = 1, high: int = MAX_ID) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``."""
    if type(value) is not int or not low <= value <= high:
        raise TournamentError(f"{what}={describe(value)}: a whole number {low}-{high}")
    return value


def check_id(value: object, what: str) -> int:
    """A round, table or entry number: a whole number 1 to :data:`MAX_ID`."""
    return check_whole(value, what)


def check_optional_id(value: object, what: str) -> int | None:
    return None if value is None else check_id(value, what)


def check_flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TournamentError(f"{what}={describe(value)}: true or false")
    return value


def check_text(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise TournamentError(f"{what}={describe(value)}: a text of at most {limit} characters")
    return value


def check_mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TournamentError(f"{what}={describe(value)}: an object of fields such as "
                              "{\"kind\": \"draw\"}")
    return value


def check_seed(value: object) -> int | None:
    if value is not None and type(value) is not int:
        raise TournamentError(f"seed={describe(value)}: a whole number, or None")
    return value


def _ids(value: object, what: str) -> list[int]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise TournamentError(f"{what}={describe(value)}: a list of player ids")
    ids = list(value)
    for p in ids:
        if type(p) is not int:
            raise TournamentError(f"{what}: player {describe(p)}: a player id is a whole number")
    return ids


def check_players(value: object) -> list[int]:
    return _ids(value, "players")


def check_history(value: object) -> list[list[int]]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise TournamentError(f"history={describe(value)}: a list of earlier tables (lists of ids)")
    return [_ids(t, "history") for t in value]


def check_teams(value: object) -> dict[int, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TournamentError(f"teams={describe(value)}: a mapping of player id to team name")
    for k, v in value.items():
        if type(k) is not int or not isinstance(v, str):
            raise TournamentError(f"teams: {describe(k)}: {describe(v)}: a player id and a team name")
    return dict(value)


def check_tables(value: object) -> list[Sequence[str]]:
    """Tables of player names: a list of lists of four names."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise TournamentError(f"tables={describe(value)}: a list of tables of four player names")
    tables = list(value)
    for t in tables:
        if isinstance(t, (str, bytes, Mapping)) or not isinstance(t, Sequence):
            raise TournamentError(f"tables: {describe(t)}: a table is a list of four player names")
    return tables
