"""MCR game review (``docs/review.md``, "MCR"): every decision of one player of Botzone matches,
replayed on the MCR table state (:class:`~suanfan.game.MCRTable`, through
:func:`suanfan.logs.botzone.tables`), judged with the fan-aware analysis.

* **a discard** (after a draw or a claim) of a closed hand at most ``max_shanten`` tile exchanges
  from a ready hand worth the minimum (the fan-aware shanten, :func:`suanfan.mcr.shanten`): by
  the exact expected-value search (:func:`suanfan.analysis.expected_values` with ``"mcr"`` and
  the table model: self-draws to the end of the player's wall, a win needs 8 fans without
  flowers and is worth the self-drawn settlement 3 × (8 + fans)), every tile the player could
  see taken out of the wall;
* **a win or a pass** (on a draw, on a discard, robbing a kong): the win's settlement to the
  winner (self-drawn 3 × (8 + fans), on a discard 8 + 8 + (8 + fans)) against the expected score
  of playing on (the same search, for a closed hand);
* otherwise (an open hand, a hand further away, a search past its bound): the fan-aware useful
  tiles (:func:`suanfan.analysis.advise` with ``minimum``), not judged in points; chows, pungs
  and kongs offered are listed, not judged.

A Botzone log names no players: the player is its seat (0-3, Botzone's ``Player`` number, also
its seat wind E S W N); each match is one round. No defence term: the MCR danger model is not
in the review (the docs say so).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ..analysis import advise, expected_values
from ..errors import InvalidArgument, LimitExceeded, MahjongError, describe
from ..game import GameError, MCRTable
from ..logs.botzone import Event, Match, tables
from ..mcr import score as mcr_score
from ..mcr import shanten as mcr_shanten
from ..notation import format_meld, format_tiles
from ..tiles import tile_to_str
from .records import Choice, Decision, Review, ReviewSummary

__all__ = ["DEFAULT_MCR_THRESHOLD", "MINIMUM", "review_matches"]

#: an MCR choice losing more than this many expected points counts as a big loss (one base
#: payment of the settlement)
DEFAULT_MCR_THRESHOLD: Final = 8.0
#: the fans a win needs without flowers
MINIMUM: Final = 8
_LAST_TURN: Final = 18
_NAMES: Final = ("chi", "peng", "gang")


class _MCRReviewer:
    def __init__(self, seat: int, threshold: float, max_shanten: int, max_states: int,
                 max_seconds: float) -> None:
        self.seat = seat
        self.threshold = threshold
        self.max_shanten = max_shanten
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.decisions: list[Decision] = []
        self.label = ""
        self.draws = 0  # the player's draws so far this match

    # -- the state as the player sees it --------------------------------------------------------
    def _hand(self, table: MCRTable, extra: int | None = None) -> str:
        standing = list(table.hand(self.seat))
        if extra is not None:
            standing.append(extra)
        return "".join(format_meld(m) for m in table.melds(self.seat)) + format_tiles(standing)

    def _outside(self, table: MCRTable) -> list[int]:
        """34 counts of the tiles the player sees outside its own hand and melds: every river
        tile still there and the others' exposed melds."""
        out = table.visible(self.seat)
        for t in table.hand(self.seat):
            out[t] -= 1
        for m in table.melds(self.seat):
            for t in m.tiles:
                out[t] -= 1
        return out

    def _visible_text(self, counts: list[int]) -> str:
        return format_tiles([k for k in range(34) for _ in range(max(counts[k], 0))])

    def _turn(self, table: MCRTable) -> int:
        """The search's turn (1-18) for the draws the player has left: its own wall on per-seat
        walls, a quarter of the shared wall's tiles otherwise."""
        left = table.wall_left(self.seat)
        if table.walls != "seat":
            left //= 4
        return min(max(_LAST_TURN - left, 1), _LAST_TURN)

    def _winds(self, table: MCRTable) -> dict[str, Any]:
        return {"seat_wind": table.seat_wind(self.seat), "prevalent_wind": table.prevalent_wind}

    def _rivers(self, table: MCRTable) -> tuple[str, ...]:
        return tuple(" ".join(tile_to_str(r.tile) for r in table.discards(s)) for s in range(4))

    def _decision(self, table: MCRTable, kind: str, hand: str, tile: str, actual: str, best: str,
                  agree: bool, loss: float | None, model: str, choices: Iterable[Choice],
                  note: str = "") -> Decision:
        return Decision(self.label, self.draws, kind, hand, tile, actual, best,
                        agree, loss, model, tuple(choices), (), self._rivers(table), "", note)

    # -- the models -----------------------------------------------------------------------------
    def _search(self, hand: str, table: MCRTable, visible: str) -> Any:
        return expected_values(hand, "mcr", turn=self._turn(table), shanten_down=False,
                               tegawari=False, details=False, model="table",
                               max_states=self.max_states, max_seconds=self.max_seconds,
                               visible=visible or None, minimum=MINIMUM, **self._winds(table))

    def _fan_shanten(self, hand: str, table: MCRTable) -> int:
        try:
            return int(mcr_shanten(hand, minimum=MINIMUM, **self._winds(table)))
        except MahjongError:
            return 99

    def _discard(self, table: MCRTable, actual: int, drawn: str) -> None:
        standing = list(table.hand(self.seat))
        hand = self._hand(table)
        closed = not table.melds(self.seat)
        outside = self._outside(table)
        name = tile_to_str(actual)
        note = ""
        if closed:
            s = self._fan_shanten(hand, table)
            if s <= self.max_shanten:
                try:
                    self.decisions.append(self._exact_discard(table, hand, standing, name, drawn,
                                                              self._visible_text(outside)))
                    return
                except LimitExceeded as exc:
                    note = f"the exact search went past its bound ({exc}): useful tiles instead"
            else:
                note = (f"{s} exchanges from a ready hand worth {MINIMUM} fans (the exact search "
                        f"takes hands up to {self.max_shanten})")
        else:
            note = "an open hand: the expected-value search models closed hands"
        a = advise(hand, "mcr", visible=self._visible_text(outside) or None, score_waits=False,
                   minimum=MINIMUM, **self._winds(table))
        choices = [Choice(o.discard, None, shanten=o.shanten,
                          useful=sum(u.unseen for u in o.useful)) for o in a.options]
        top = (choices[0].shanten, choices[0].useful) if choices else (0, 0)
        agree = any(c.action == name and (c.shanten, c.useful) == top for c in choices)
        self.decisions.append(self._decision(
            table, "discard", hand, drawn, name, choices[0].action if choices else name, agree,
            None, "useful tiles (fan-aware)", choices, note))

    def _exact_discard(self, table: MCRTable, hand: str, standing: list[int], actual: str,
                       drawn: str, visible: str) -> Decision:
        ev = self._search(hand, table, visible)
        found: dict[str, Choice] = {}
        for o in ev.options:
            if o.discard is not None:
                found[o.discard] = Choice(o.discard, o.expected_score[0], o.expected_score[0],
                                          o.win_probability[0], o.tenpai_probability[0],
                                          o.shanten, sum(u.unseen for u in o.useful))
        if actual not in found:  # a discard the search did not explore: its hand on its own
            rest = list(standing)
            rest.remove(next(t for t in standing if tile_to_str(t) == actual))
            left = format_tiles(rest)
            s = self._fan_shanten(left, table)
            if s <= self.max_shanten:
                one = self._search(left, table, visible).options[0]
                found[actual] = Choice(actual, one.expected_score[0], one.expected_score[0],
                                       one.win_probability[0], one.tenpai_probability[0], s,
                                       sum(u.unseen for u in one.useful))
            else:
                found[actual] = Choice(actual, 0.0, 0.0, 0.0, 0.0, s)
        choices = sorted(found.values(), key=lambda c: (-(c.value or 0.0), c.action))
        best = choices[0]
        mine = found[actual]
        loss = max(0.0, (best.value or 0.0) - (mine.value or 0.0))
        return self._decision(table, "discard", hand, drawn, actual,
                              best.action if loss >= 0.5 else actual, loss < 0.5, loss,
                              "exact (fan-aware)", choices)

    def _win_value(self, table: MCRTable) -> float | None:
        """What a win the player declared now would gain (None: no win worth the minimum)."""
        try:
            facts = table.win_facts(self.seat)
            r = mcr_score(facts.hand(), **facts.situation())
        except (GameError, MahjongError):
            return None
        if not r.meets_minimum:
            return None
        base = r.rule_set.base_points
        if facts.self_drawn:
            return float(3 * (base + r.total))
        return float(3 * base + r.total)

    def _judge_win(self, table: MCRTable, tile: int, self_drawn: bool, took: bool,
                   value: float) -> None:
        """Win or play on: the win's settlement against the expected score of playing on."""
        name = tile_to_str(tile)
        hand = self._hand(table, None if self_drawn else tile)
        win = Choice("hu", value, value)
        note = ""
        on: Choice | None = None
        if not table.melds(self.seat):
            outside = self._outside(table)
            try:  # self-drawn: the best discard to play on; on a discard: the hand as it stands
                options = self._search(self._hand(table), table,
                                       self._visible_text(outside)).options
                if options:
                    o = options[0]
                    on = Choice("pass", o.expected_score[0], o.expected_score[0],
                                o.win_probability[0], o.tenpai_probability[0], o.shanten)
                else:  # nothing left to play on for
                    on = Choice("pass", 0.0, 0.0, 0.0, 0.0)
            except (LimitExceeded, MahjongError) as exc:
                note = f"playing on not valued ({exc})"
        else:
            note = "an open hand: playing on not valued"
        actual = "hu" if took else "pass"
        if on is None:
            self.decisions.append(self._decision(table, "win", hand, name, actual, "hu", took,
                                                 None, "not judged", (win, Choice("pass")), note))
            return
        choices = sorted((win, on), key=lambda c: -(c.value or 0.0))
        mine = win if took else on
        loss = max(0.0, (choices[0].value or 0.0) - (mine.value or 0.0))
        self.decisions.append(self._decision(table, "win", hand, name, actual,
                                             choices[0].action if loss >= 0.5 else actual,
                                             loss < 0.5, loss, "exact (fan-aware)", choices, note))

    def _claims(self, table: MCRTable) -> list[str]:
        """The pungs, kongs and chows the table lets the player make of the discard."""
        out: list[str] = []
        chows: list[str] = []
        for a in table.legal_actions(self.seat):
            if a.kind == "pung":
                out.append(f"peng {tile_to_str(a.tile)}")
            elif a.kind == "kong":
                out.append(f"gang {tile_to_str(a.tile)}")
            elif a.kind == "chow":
                chows.append("chi " + "".join(str(a.tile % 9 + x) for x in (0, 1, 2))
                             + tile_to_str(a.tile)[1])
        return out + chows

    # -- one match ------------------------------------------------------------------------------
    def match(self, match: Match) -> None:
        self.label = match.match
        self.draws = 0
        me = self.seat
        pending: Event | None = None  # my draw, whose tile the next decision shows
        for e, table in tables(match):
            ph = table.phase
            if ph == "act" and table.turn == me and e.seat == me:
                drawn = "" if pending is None or pending.tile is None else tile_to_str(pending.tile)
                value = self._win_value(table)
                if value is not None and pending is not None and pending.tile is not None:
                    self._judge_win(table, pending.tile, True, e.kind == "hu", value)
                    if e.kind == "hu":
                        continue
                if e.kind == "play" and e.tile is not None:
                    self._discard(table, e.tile, drawn)
                elif e.kind in ("angang", "bugang") and e.tile is not None:
                    kong = ("an" if e.kind == "angang" else "bu") + f"gang {tile_to_str(e.tile)}"
                    self.decisions.append(self._decision(
                        table, "kong", self._hand(table), drawn, kong, kong, True, None,
                        "not judged", (Choice(kong), Choice("no kong")),
                        "kongs are listed, not judged: the search does not model them"))
            elif ph == "discard" and table.turn == me and e.seat == me and e.kind == "play" \
                    and e.tile is not None:
                self._discard(table, e.tile, "")
            elif ph in ("claim", "robbable") and table.turn != me:
                self._offered(table, e, ph == "robbable")
            if e.kind == "draw" and e.seat == me:
                pending = e
                self.draws += 1
            elif e.kind == "flower" and e.seat == me:
                pending = e
            elif e.seat == me:
                pending = None

    def _offered(self, table: MCRTable, e: Event, robbing: bool) -> None:
        """Another player's discard (or added kong): a win, a claim or a pass."""
        me = self.seat
        if robbing:
            try:
                tile = table.win_facts(me).tile
            except GameError:
                return
        else:
            last = table.last_discard
            if last is None:
                return
            tile = last[1]
        claim: tuple[str, int] | None = None  # what the player claimed (won or ignored)
        if e.seat == me and e.kind in ("hu", *_NAMES):
            claim = (e.kind, tile if e.tile is None else e.tile)
        else:
            for c in e.ignored:
                if c.seat == me:
                    claim = (c.kind, c.tile)
        value = self._win_value(table)
        if value is not None:
            took = claim is not None and claim[0] == "hu"
            self._judge_win(table, tile, False, took, value)
            if took:
                return
        if robbing:
            return
        calls = self._claims(table)
        if not calls:
            return
        acted = "pass"
        if claim is not None and claim[0] == "chi":
            mid = claim[1]
            acted = "chi " + "".join(str(mid % 9 + x) for x in (0, 1, 2)) + tile_to_str(mid)[1]
        elif claim is not None and claim[0] in _NAMES:
            acted = f"{claim[0]} {tile_to_str(tile)}"
        self.decisions.append(self._decision(
            table, "call", self._hand(table), tile_to_str(tile), acted, acted, True, None,
            "not judged", [Choice("pass"), *(Choice(c) for c in calls)],
            "calls are listed, not judged: the search models a closed hand drawing"))

    def result(self, file: str, errors: tuple[str, ...], rounds: int) -> Review:
        judged = [d for d in self.decisions if d.loss is not None]
        summary = ReviewSummary(
            decisions=len(self.decisions), judged=len(judged),
            agreed=sum(1 for d in judged if d.agree),
            big_losses=sum(1 for d in judged if d.loss is not None and d.loss > self.threshold),
            threshold=self.threshold, expected_loss=sum(d.loss or 0.0 for d in judged),
            rounds=rounds)
        return Review(file, f"player {self.seat}", self.seat, "mcr", tuple(self.decisions),
                      summary, errors, tuple(f"player {s}" for s in range(4)))


def review_matches(matches: Iterable[Match], *, file: str = "", player: object = None,
                   seat: object = None, threshold: object = None, max_shanten: object = 2,
                   max_states: object = 400_000, max_seconds: object = 5.0) -> Review:
    """Review one seat (``seat`` 0-3, Botzone's player number; or ``player="player N"``) over
    Botzone matches read by :func:`suanfan.logs.botzone.read`. ``threshold`` in MCR points
    (default :data:`DEFAULT_MCR_THRESHOLD`); the other options as :func:`suanfan.review.review`.
    A bad match is reviewed up to its fault, and named in :attr:`Review.errors`."""
    if (player is None) == (seat is None):
        raise InvalidArgument("give either player=NAME or seat=N")
    if player is not None:
        names = [f"player {s}" for s in range(4)]
        if player not in names:
            raise InvalidArgument(f"player={describe(player)}: a Botzone log names no players; "
                                  "give seat=0-3 (Botzone's player number) or 'player 0'-'player 3'")
        seat = names.index(str(player))
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise InvalidArgument(f"seat={describe(seat)}: give 0 to 3 (Botzone's player number)")
    if threshold is None:
        threshold = DEFAULT_MCR_THRESHOLD
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool) \
            or not 0 <= threshold < 1e9:
        raise InvalidArgument(f"threshold={describe(threshold)}: give expected points, 0 or more")
    if not isinstance(max_shanten, int) or isinstance(max_shanten, bool) \
            or not 0 <= max_shanten <= 3:
        raise InvalidArgument(f"max_shanten={describe(max_shanten)}: give 0 to 3")
    if not isinstance(max_states, int) or isinstance(max_states, bool) \
            or not 1 <= max_states <= 1 << 32:
        raise InvalidArgument(f"max_states={describe(max_states)}: give a positive whole number")
    if not isinstance(max_seconds, (int, float)) or isinstance(max_seconds, bool) \
            or not 0 < max_seconds <= 3600:
        raise InvalidArgument(f"max_seconds={describe(max_seconds)}: give 0 to 3600 seconds")
    r = _MCRReviewer(seat, float(threshold), max_shanten, max_states, float(max_seconds))
    errors: list[str] = []
    rounds = 0
    for m in matches:
        rounds += 1
        file = file or m.file
        try:
            r.match(m)
        except MahjongError as exc:
            errors.append(f"match {m.match}: {exc}")
            continue
        if m.error is not None:
            errors.append(m.error)
    return r.result(file, tuple(errors), rounds)
