"""Who may write to a tournament: the organiser's secret and the referees' tokens.

A tournament file holds an **organiser secret** (made by :meth:`Tournament.reset_secret
<suanfan.tournament.Tournament.reset_secret>`, shown once) and any number of **referee tokens**
(:meth:`~suanfan.tournament.Tournament.add_token`): each names its holder, may be limited to
some tables, and can be revoked. Only salted scrypt hashes of them are stored
(:func:`hash_secret`); a presented one is checked with :func:`verify_secret` (a constant-time
comparison). The HTTP API (``suanfan serve --tournament``) asks for one of them as
``Authorization: Bearer …`` on every write; the CLI, which works on the file itself, does not
(whoever holds the file holds the event). See ``docs/tournament-security.md``.

Tokens look like ``sfr.<id>.<random>`` (a referee's: the id finds its row) and
``sfo.<random>`` (the organiser's); the random part is 32 bytes from :mod:`secrets`.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..errors import describe
from .sheets import TournamentError

__all__ = [
    "MAX_NUMBER",
    "ORGANISER",
    "ORGANISER_PREFIX",
    "REFEREE_PREFIX",
    "AccessDenied",
    "Grant",
    "NotAllowed",
    "NotAuthenticated",
    "format_tables",
    "hash_secret",
    "new_secret",
    "parse_tables",
    "referee_id",
    "verify_secret",
]

#: the holder name the organiser's secret writes into the audit trail
ORGANISER: Final = "organiser"
ORGANISER_PREFIX: Final = "sfo."
REFEREE_PREFIX: Final = "sfr."
#: scrypt's cost: n=2**14, r=8, p=1 (16 MiB, some tens of milliseconds)
_N: Final = 1 << 14
_R: Final = 8
_P: Final = 1
_MAX_TOKEN: Final = 200
#: the largest round or table number a limit may name (SQLite's integers are 64-bit)
MAX_NUMBER: Final = (1 << 63) - 1
_TABLE_RE: Final = re.compile(r"\s*(?:(\d{1,19})\s*[./]\s*)?(\d{1,19})\s*")


class AccessDenied(TournamentError):
    """A write (or, when reads are closed, a read) the token presented does not allow."""


class NotAuthenticated(AccessDenied):
    """No token, or one that is not a token of this tournament (the web API answers 401)."""


class NotAllowed(AccessDenied):
    """A known token that may not do this: revoked, or limited to other tables (403)."""


@dataclass(frozen=True, slots=True)
class Grant:
    """Who a token belongs to: ``holder`` (written into the audit trail), ``organiser`` whether
    it is the organiser's secret, ``token`` the referee token's id (0 for the organiser), and
    ``tables`` the (round or None, table) pairs it may write to (empty: every table)."""

    holder: str
    organiser: bool
    token: int
    tables: tuple[tuple[int | None, int], ...]

    def allows(self, round: int, table: int) -> bool:
        """Whether it may write to ``round``'s ``table``."""
        if type(round) is not int or type(table) is not int:
            raise TournamentError(f"round {describe(round)} table {describe(table)}: give whole numbers")
        if self.organiser or not self.tables:
            return True
        return any(t == table and (r is None or r == round) for r, t in self.tables)

    def to_dict(self) -> dict[str, object]:
        return {"holder": self.holder, "role": "organiser" if self.organiser else "referee",
                "token": self.token or None, "tables": format_tables(self.tables)}


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TournamentError(f"{what}={describe(value)}: a text")
    return value


def new_secret(prefix: str) -> str:
    """A fresh random token with ``prefix``."""
    return _text(prefix, "prefix") + secrets.token_urlsafe(32)


def hash_secret(secret: str) -> str:
    """``secret``'s salted scrypt hash, as ``scrypt$n$r$p$salt$hash`` (hex)."""
    _text(secret, "secret")
    if len(secret) > _MAX_TOKEN:
        raise TournamentError(f"secret: {len(secret)} characters, at most {_MAX_TOKEN}")
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"scrypt${_N}${_R}${_P}${salt.hex()}${digest.hex()}"


def verify_secret(secret: str, stored: str) -> bool:
    """Whether ``secret`` has the hash ``stored`` (made by :func:`hash_secret`)."""
    if not isinstance(secret, str) or not isinstance(stored, str) or len(secret) > _MAX_TOKEN:
        return False
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        return False
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt, want = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        return False
    if not (1 < n <= 1 << 20 and 0 < r <= 32 and 0 < p <= 16):
        return False
    got = hashlib.scrypt(secret.encode(), salt=salt, n=n, r=r, p=p, dklen=len(want),
                         maxmem=256 * 1024 * 1024)
    return hmac.compare_digest(got, want)


def referee_id(token: str) -> int:
    """The id in a referee token ``sfr.<id>.<random>`` (0 when it is not one)."""
    if not isinstance(token, str) or not token.startswith(REFEREE_PREFIX) or len(token) > _MAX_TOKEN:
        return 0
    head, _, rest = token[len(REFEREE_PREFIX):].partition(".")
    if not rest or not head.isascii() or not head.isdigit() or len(head) > 18:
        return 0
    return int(head)


def _number(text: str, what: str, spec: object) -> int:
    n = int(text)
    if not 1 <= n <= MAX_NUMBER:
        raise TournamentError(f"tables={describe(spec)}: {what} {text} is not a number from 1 to "
                              f"{MAX_NUMBER}")
    return n


def parse_tables(spec: str | Sequence[int | str] | None) -> tuple[tuple[int | None, int], ...]:
    """The tables a token is limited to: ``"3,5"`` (tables 3 and 5 of every round),
    ``"2.1"`` or ``"2/1"`` (round 2's table 1), or a list of such items or table numbers;
    empty or None: every table."""
    if spec is None:
        return ()
    items: list[int | str]
    if isinstance(spec, str):
        items = [s for s in spec.split(",") if s.strip()]
    elif isinstance(spec, (list, tuple)):
        items = list(spec)
    else:
        raise TournamentError(f"tables={describe(spec)}: table numbers or round.table pairs, e.g. '3,5,2.1'")
    if len(items) > 1000:
        raise TournamentError(f"tables: {len(items)} items, at most 1000")
    out: list[tuple[int | None, int]] = []
    for item in items:
        if type(item) is int:
            out.append((None, _number(str(item), "table", spec)))
            continue
        m = _TABLE_RE.fullmatch(item) if isinstance(item, str) else None
        if m is None:
            raise TournamentError(f"tables={describe(spec)}: {describe(item)} is not a table number "
                                  "or a round.table pair such as 2.1")
        rnd = _number(m.group(1), "round", spec) if m.group(1) else None
        pair = (rnd, _number(m.group(2), "table", spec))
        if pair not in out:
            out.append(pair)
    return tuple(out)


def format_tables(tables: Sequence[tuple[int | None, int]]) -> list[str]:
    """The tables as :func:`parse_tables` reads them: ``["3", "2.1"]``."""
    if not isinstance(tables, (list, tuple)) or not all(
            isinstance(p, tuple) and len(p) == 2 for p in tables):
        raise TournamentError(f"tables={describe(tables)}: (round or None, table) pairs")
    return [str(t) if r is None else f"{r}.{t}" for r, t in tables]
