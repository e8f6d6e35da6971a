"""Game review (``docs/review.md``): every decision one player made in a riichi log, what suanfan
would have chosen and why, and the expected score the player's choice lost.

The log is read by :mod:`suanfan.logs` and every round is played again on the one table state
of :mod:`suanfan.game` (:class:`~suanfan.game.RiichiTable`), event by event. At each decision of
the player the state gives the hand, the melds, every river, the dora indicators and the tiles
the player could see; the decision is then judged:

* **a discard** (after a draw or a call), with the hand closed and at most
  :data:`MAX_SHANTEN` from ready: by the exact expected-value search of
  :func:`suanfan.analysis.expected_values` (mahjong-cpp's model: one player drawing to the end
  of the hand, self-draws, a closed ready hand declares riichi), at the player's turn, with
  every tile the player could see taken out of the wall. When an opponent is in riichi or shows
  three open melds, each discard's figure is weighed by its danger
  (:func:`suanfan.analysis.defence`): ``(1 - d) × EV - d × cost``, where ``d`` is the chance
  that some threatening opponent is waiting on the tile (the danger figures, taken as
  independent) and ``cost`` the stated value of a deal-in (:data:`DEAL_IN_COST`);
* **a win or a pass** (ron on a discard, tsumo on a draw): the value of the win against the
  expected score of playing on (the same search);
* otherwise (an open hand, a hand further from ready, a three-player table, calls and kongs):
  the option with the fewest tiles to ready and the most useful tiles unseen is shown
  (:func:`suanfan.analysis.advise`), and the decision is listed but not judged in points.

Every figure is exact under that model; the model itself simplifies the table (opponents'
future actions, calls and ron for the player, the river): the docs say where.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, Final

from ..analysis import advise, defence, expected_values
from ..errors import InvalidArgument, LimitExceeded, MahjongError, describe
from ..game import Call, Deal, Discard, DoraRevealed, Draw, Game, Riichi, RiichiTable, Round, tile_text
from ..game import suanfan_meld as _meld
from ..logs import detect, read
from ..logs.replay import table_rules
from ..notation import format_meld, parse_hand
from ..shanten import riichi_shanten, winning_kinds
from .records import Choice, Decision, Review, ReviewSummary

__all__ = ["DEAL_IN_COST", "DEFAULT_THRESHOLD", "MAX_SHANTEN", "Choice", "Decision", "Review",
           "ReviewSummary", "review", "review_file"]

#: a choice losing more than this many expected points counts as a big loss (``--threshold``)
DEFAULT_THRESHOLD: Final = 1000.0
#: the exact search judges hands at most this far from ready (shanten); further, useful tiles
MAX_SHANTEN: Final = 2
#: what a deal-in is taken to cost against a threatening opponent: (non-dealer, dealer) — the
#: value of a typical riichi win (mangan-less 3 han 30 fu is 3,900 / 5,800; riichi wins average
#: about 5,200 / 7,700 on Tenhou, the figures used here)
DEAL_IN_COST: Final = (5200.0, 7700.0)
#: bounds of one search (beyond them the decision falls back to useful tiles)
MAX_STATES: Final = 400_000
MAX_SECONDS: Final = 5.0
_LAST_TURN: Final = 18
_WINDS: Final = "ESWN"


# -- reading the table ----------------------------------------------------------------------------

def _hand_text(tiles: Iterable[int], aka: bool) -> str:
    """Tile numbers as one MPSZ string, sorted (a red five as 0)."""
    groups: dict[str, list[str]] = {s: [] for s in "mpsz"}
    for t in sorted(tiles):
        text = tile_text(t, aka)
        groups[text[1]].append(text[0])
    return "".join("".join(sorted(v, key=lambda d: "5" if d == "0" else d)) + s
                   for s, v in groups.items() if v)


class _Seat:
    """What the review tracks per seat beyond the table: tiles others discarded that the seat let
    pass since its riichi (permanent furiten) and since its own last discard (for the turn)."""

    __slots__ = ("since_discard", "since_riichi")

    def __init__(self) -> None:
        self.since_riichi: list[int] | None = None
        self.since_discard: list[int] = []


class _Reviewer:
    def __init__(self, game: Game, seat: int, threshold: float, max_shanten: int,
                 max_states: int, max_seconds: float) -> None:
        self.game = game
        self.seat = seat
        self.threshold = threshold
        self.max_shanten = max_shanten
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.rules = table_rules(game.rules)
        self.aka = game.rules.aka
        self.n = game.players
        self.decisions: list[Decision] = []

    # -- the state as the player sees it ----------------------------------------------------
    def _visible(self, table: RiichiTable) -> list[int]:
        """Tiles the player sees outside its hand: every river, the others' melds (the claimed
        tile is in a river already), the dora indicators."""
        out = list(table.dora_indicators)
        mine = {m.called for m in table.melds(self.seat)}  # in the player's own melds
        for s in range(self.n):
            st = table.seat(s)
            out.extend(t for t in st.discards if t not in mine)
            if s == self.seat:
                continue
            for m in st.melds:
                out.extend(t for t in m.tiles if t != m.called)
        return out

    def _hand(self, table: RiichiTable, extra: int | None = None) -> str:
        tiles = list(table.hand(self.seat))
        if extra is not None:
            tiles.append(extra)
        melds = "".join(format_meld(_meld(m, self.seat, self.n, self.aka))
                        for m in table.melds(self.seat))
        return melds + _hand_text(tiles, self.aka)

    def _situation(self, table: RiichiTable) -> dict[str, Any]:
        return {"seat_wind": _WINDS[(self.seat - table.dealer) % self.n],
                "round_wind": table.round_wind,
                "dora_indicators": _hand_text(table.dora_indicators, self.aka),
                "rules": self.rules}

    def _threats(self, table: RiichiTable) -> list[int]:
        out = []
        for s in range(self.n):
            if s == self.seat:
                continue
            st = table.seat(s)
            if st.riichi or sum(1 for m in st.melds if m.kind in ("chi", "pon", "daiminkan", "kakan")) >= 3:
                out.append(s)
        return out

    def _rivers(self, table: RiichiTable) -> tuple[str, ...]:
        return tuple(" ".join(tile_text(t, self.aka) for t in table.seat(s).discards)
                     for s in range(self.n))

    # -- the models -------------------------------------------------------------------------
    def _exact(self, hand: str, turn: int, table: RiichiTable, visible: list[int],
               model: str = "reference") -> Any:
        visible = list(visible)
        for t in table.dora_indicators:  # the search counts the indicators itself
            visible.remove(t)
        return expected_values(hand, "riichi", turn=turn, shanten_down=False, tegawari=False,
                               details=False, max_states=self.max_states,
                               max_seconds=self.max_seconds, visible=_hand_text(visible, self.aka),
                               model=model, **self._situation(table))

    def _judge_riichi(self, table: RiichiTable, turn: int, discard: str, declared: bool,
                      drawn: str) -> Decision | None:
        """Riichi or dama with the discard the player made, when it leaves a closed hand ready
        and riichi is allowed: the table model's two lines (riichi: the hand is fixed, the
        deposit is lost without a win, ura dora; dama: the hand may still change)."""
        st = table.seat(self.seat)
        if self.n != 4 or table.melds(self.seat) or st.riichi or table.draws_left < 4 \
                or table.scores0[self.seat] < 1000:
            return None
        hand = self._hand(table)
        try:
            ev = self._exact(hand, turn, table, self._visible(table), "table")
        except (LimitExceeded, MahjongError):
            return None
        option = next((o for o in ev.options if o.discard == discard), None)
        if option is None or option.riichi_expected_score is None \
                or option.dama_expected_score is None:
            return None
        r = Choice("riichi", option.riichi_expected_score[0], option.riichi_expected_score[0],
                   shanten=0)
        d = Choice("dama", option.dama_expected_score[0], option.dama_expected_score[0], shanten=0)
        choices = sorted((r, d), key=lambda c: (-(c.value or 0.0), c.action))
        mine = r if declared else d
        best = choices[0]
        loss = max(0.0, (best.value or 0.0) - (mine.value or 0.0))
        threats = self._threats(table)
        return Decision(table.round_wind + str(table.kyoku) + f"-{table.honba}", turn,
                        "riichi_or_dama", hand, drawn, mine.action,
                        best.action if loss >= 0.5 else mine.action, loss < 0.5, loss,
                        "exact (table model)", tuple(choices), tuple(threats), self._rivers(table),
                        _hand_text(table.dora_indicators, self.aka),
                        f"after the discard {discard}" + (
                            "; the opponents' threat is not weighed here" if threats else ""))

    def _dangers(self, table: RiichiTable, hand: str, threats: list[int],
                 seats: list[_Seat]) -> tuple[dict[str, float], float]:
        """The chance some threatening opponent waits on each kind of the hand, and the cost of
        a deal-in (the highest of the threats')."""
        if not threats:
            return {}, 0.0
        opponents = []
        for s in threats:
            st = table.seat(s)
            passed = list(seats[s].since_discard)
            since = seats[s].since_riichi
            if since is not None:
                passed += since
            opponents.append({"discards": _hand_text(st.discards, False) or "",
                              "passed": _hand_text(passed, False) or ""})
        seen = []
        for s in range(self.n):
            if s in threats or s == self.seat:
                continue
            seen.extend(table.seat(s).discards)
        for s in range(self.n):
            if s == self.seat:
                continue
            for m in table.seat(s).melds:
                seen.extend(t for t in m.tiles if t != m.called)
        seen.extend(table.dora_indicators)
        d = defence(hand, "riichi", opponents=opponents, visible=_hand_text(seen, False) or None)
        out: dict[str, float] = {}
        for row in d.tiles:
            safe = 1.0
            for a in row.against:
                safe *= 1.0 - a.danger
            out[row.tile] = 1.0 - safe
        cost = max(DEAL_IN_COST[1] if s == table.dealer else DEAL_IN_COST[0] for s in threats)
        return out, cost

    def _judge_discard(self, table: RiichiTable, turn: int, actual: str, kind: str, drawn: str,
                       seats: list[_Seat]) -> Decision:
        hand = self._hand(table)
        visible = self._visible(table)
        threats = self._threats(table)
        closed = not table.melds(self.seat)
        note = ""
        if closed and self.n == 4:
            try:
                s = riichi_shanten(hand)
            except MahjongError:
                s = 99
            if s <= self.max_shanten:
                try:
                    return self._exact_discard(table, hand, turn, actual, kind, drawn, visible,
                                               threats, seats)
                except LimitExceeded as exc:
                    note = f"the exact search went past its bound ({exc}): useful tiles instead"
            else:
                note = f"{s} from ready (the exact search takes hands up to {self.max_shanten})"
        elif self.n != 4:
            note = "a three-player table: the expected-value search models four players"
        else:
            note = "an open hand: the expected-value search models closed hands"
        return self._useful_discard(table, hand, turn, actual, kind, drawn, visible, threats, note)

    def _exact_discard(self, table: RiichiTable, hand: str, turn: int, actual: str, kind: str,
                       drawn: str, visible: list[int], threats: list[int],
                       seats: list[_Seat]) -> Decision:
        ev = self._exact(hand, turn, table, visible)
        dangers, cost = self._dangers(table, hand, threats, seats)
        found: dict[str, Choice] = {}
        for o in ev.options:
            if o.discard is None:
                continue
            e = o.expected_score[0]
            found[o.discard] = self._choice(o.discard, e, o.win_probability[0],
                                            o.tenpai_probability[0], o.shanten,
                                            sum(u.unseen for u in o.useful), dangers, cost)
        # the discards the search did not explore (they raise the shanten): the value of the
        # hand each leaves, by the same search on 13 tiles when it is within reach
        standing = list(table.hand(self.seat))
        for t in sorted(set(standing)):
            name = tile_text(t, self.aka)
            if name in found:
                continue
            rest = list(standing)
            rest.remove(t)
            left = _hand_text(rest, self.aka)
            if name != actual and not threats:
                found[name] = Choice(name, None, shanten=riichi_shanten(left))
                continue
            s = riichi_shanten(left)
            if s <= self.max_shanten:
                one = self._exact(left, turn, table, visible).options[0]
                found[name] = self._choice(name, one.expected_score[0], one.win_probability[0],
                                           one.tenpai_probability[0], s,
                                           sum(u.unseen for u in one.useful), dangers, cost)
            else:  # further from ready than the search goes: taken to be worth nothing
                found[name] = self._choice(name, 0.0, 0.0, 0.0, s, None, dangers, cost)
        choices = sorted(found.values(), key=lambda c: (c.value is None, -(c.value or 0.0), c.action))
        best = choices[0]
        mine = found.get(actual)
        loss = None
        agree = best.action == actual
        if mine is not None and mine.value is not None and best.value is not None:
            loss = max(0.0, best.value - mine.value)
            agree = loss < 0.5
        model = "exact+defence" if threats else "exact"
        return Decision(table.round_wind + str(table.kyoku) + f"-{table.honba}", turn, kind, hand,
                        drawn, actual, best.action, agree, loss, model, tuple(choices),
                        tuple(threats), self._rivers(table),
                        _hand_text(table.dora_indicators, self.aka))

    @staticmethod
    def _choice(action: str, e: float, win: float, tenpai: float, shanten: int, useful: int | None,
                dangers: dict[str, float], cost: float) -> Choice:
        if not dangers:
            return Choice(action, e, e, win, tenpai, shanten, useful)
        kind = action.replace("0", "5")
        d = dangers.get(kind, 0.0)
        return Choice(action, (1.0 - d) * e - d * cost, e, win, tenpai, shanten, useful, d)

    def _useful_discard(self, table: RiichiTable, hand: str, turn: int, actual: str, kind: str,
                        drawn: str, visible: list[int], threats: list[int], note: str) -> Decision:
        a = advise(hand, "riichi", visible=_hand_text(visible, self.aka) or None, score_waits=False)
        choices = []
        for o in a.options:
            choices.append(Choice(o.discard, None, shanten=o.shanten,
                                  useful=sum(u.unseen for u in o.useful)))
        top = (choices[0].shanten, choices[0].useful) if choices else (0, 0)
        plain = actual.replace("0", "5")
        agree = any(c.action.replace("0", "5") == plain and (c.shanten, c.useful) == top
                    for c in choices)
        return Decision(table.round_wind + str(table.kyoku) + f"-{table.honba}", turn, kind, hand,
                        drawn, actual, choices[0].action if choices else actual, agree, None,
                        "useful tiles", tuple(choices), tuple(threats), self._rivers(table),
                        _hand_text(table.dora_indicators, self.aka), note)

    def _win_value(self, table: RiichiTable, hand: str, tile: str, tsumo: bool) -> float | None:
        """The points a win would be paid (without honba and sticks), ``None`` for no win."""
        from ..riichi import score

        st = table.seat(self.seat)
        try:
            r = score(hand + " " + tile, tsumo=tsumo, riichi=st.riichi,
                      double_riichi=st.double_riichi, ippatsu=st.ippatsu, **self._situation(table))
        except MahjongError:
            return None
        return float(r.payment.value)

    def _judge_win(self, table: RiichiTable, turn: int, tile: int, tsumo: bool, took: bool,
                   value: float, seats: list[_Seat]) -> Decision:
        """Win or play on: the win's points against the expected score of playing on."""
        label = table.round_wind + str(table.kyoku) + f"-{table.honba}"
        name = tile_text(tile, self.aka)
        hand = self._hand(table)
        win = Choice("tsumo" if tsumo else "ron", value)
        on: Choice | None = None
        note = ""
        closed = not table.melds(self.seat)
        if closed and self.n == 4 and not table.seat(self.seat).riichi:
            visible = self._visible(table)
            try:
                if tsumo:  # the hand holds the tile: the best discard to play on from
                    o = None
                    standing = list(table.hand(self.seat))
                    for t in sorted(set(standing)):
                        rest = list(standing)
                        rest.remove(t)
                        left = _hand_text(rest, self.aka)
                        if riichi_shanten(left) != 0:
                            continue
                        one = self._exact(left, turn, table, visible).options[0]
                        if o is None or one.expected_score[0] > o.expected_score[0]:
                            o = one
                    if o is None:
                        raise LimitExceeded("no discard keeps the hand ready")
                else:  # the hand as it stands, at the next turn
                    ev = self._exact(hand, min(turn + 1, _LAST_TURN), table, [*visible, tile])
                    o = ev.options[0]
                on = Choice(o.discard or "pass", o.expected_score[0], o.expected_score[0],
                            o.win_probability[0], o.tenpai_probability[0], o.shanten)
            except (LimitExceeded, MahjongError) as exc:
                note = f"playing on not valued ({exc})"
        elif table.seat(self.seat).riichi:
            note = "in riichi the hand cannot change: playing on is only waiting"
        else:
            note = "an open or three-player hand: playing on not valued"
        actual = win.action if took else "pass"
        if on is None:
            return Decision(label, turn, "win", hand, name, actual, win.action, took, None,
                            "not judged", (win, Choice("pass")), tuple(self._threats(table)),
                            self._rivers(table), _hand_text(table.dora_indicators, self.aka), note)
        on = Choice("pass", on.value, on.expected_score, on.win_probability, on.tenpai_probability,
                    on.shanten)
        choices = sorted((win, on), key=lambda c: -(c.value or 0.0))
        best = choices[0]
        mine = win if took else on
        loss = max(0.0, (best.value or 0.0) - (mine.value or 0.0))
        return Decision(label, turn, "win", hand, name, actual, best.action, loss < 0.5, loss, "exact",
                        tuple(choices), tuple(self._threats(table)), self._rivers(table),
                        _hand_text(table.dora_indicators, self.aka))

    def _calls_possible(self, table: RiichiTable, frm: int, tile: int) -> list[str]:
        """The chi, pon and open kong the player could make on ``tile`` discarded by ``frm``."""
        st = table.seat(self.seat)
        if st.riichi or table.draws_left <= 0:
            return []
        k = tile // 4
        kinds = [t // 4 for t in st.hand]
        out = []
        same = kinds.count(k)
        name = tile_text(tile, False)
        if same >= 2:
            out.append(f"pon {name}")
        if same >= 3:
            out.append(f"kan {name}")
        if self.n == 4 and (frm + 1) % self.n == self.seat and k < 27:
            r = k % 9
            for lo in (r - 2, r - 1, r):
                if lo < 0 or lo + 2 > 8:
                    continue
                need = [k - r + x for x in (lo, lo + 1, lo + 2) if x != r]
                if all(n in kinds for n in need):
                    out.append("chi " + "".join(str(x - (k - r) + 1) for x in (lo, lo + 1, lo + 2))
                               + name[1])
        return out

    def _furiten(self, table: RiichiTable, hand13: str, seats: list[_Seat]) -> bool:
        """Whether the player may not ron: a winning kind is in its river, or was let pass since
        its riichi or since its last discard."""
        try:
            kinds = set(winning_kinds(parse_hand(hand13), "riichi"))
        except MahjongError:
            return False
        gone = list(table.seat(self.seat).discards) + seats[self.seat].since_discard
        since = seats[self.seat].since_riichi
        if since is not None:
            gone += since
        return any(t // 4 in kinds for t in gone)

    # -- one round ------------------------------------------------------------------------------
    def round(self, rnd: Round) -> None:
        seed = rnd.seed.split(",")
        if len(seed) != 6 or not rnd.events:
            return
        hands = tuple(tuple(h) for h in rnd.dealt) + ((),) * (4 - len(rnd.dealt))
        scores = tuple(rnd.scores) + (0,) * (4 - len(rnd.scores))
        deal = Deal(int(seed[0]), rnd.honba, rnd.sticks, rnd.dealer, scores, hands, int(seed[5]), rnd.seed)
        table = RiichiTable(self.game.rules, deal, self.game.file, rnd.index)
        seats = [_Seat() for _ in range(self.n)]
        events = rnd.events
        turn = 0
        me = self.seat
        for i in range(1, len(events)):
            e = events[i]
            if e.kind in ("win", "draw_game"):
                break
            nxt = events[i + 1] if i + 1 < len(events) else None
            if e.kind == "draw" and e.tile is not None and e.seat is not None:
                table.apply(Draw(e.seat, e.tile), e.index, e.tag)
                if e.seat == me:
                    turn += 1
                    self._after_draw(table, min(max(turn, 1), _LAST_TURN), e.tile, events, i, seats)
            elif e.kind == "discard" and e.tile is not None and e.seat is not None:
                if e.seat == me and events[i - 1].kind == "call":  # a discard after a chi or pon
                    cm = events[i - 1].meld
                    if cm is not None and cm.kind in ("chi", "pon"):
                        self.decisions.append(self._judge_discard(
                            table, min(max(turn, 1), _LAST_TURN), tile_text(e.tile, self.aka),
                            "discard", "", seats))
                table.apply(Discard(e.seat, e.tile), e.index, e.tag)
                seats[e.seat].since_discard = []
                for s in range(self.n):
                    if s != e.seat:
                        seats[s].since_discard.append(e.tile)
                        since = seats[s].since_riichi
                        if since is not None:
                            since.append(e.tile)
                if e.seat != me:
                    self._after_discard(table, min(max(turn, 1), _LAST_TURN), e.seat, e.tile,
                                        events, i, seats)
            elif e.kind == "call" and e.meld is not None:
                table.apply(Call(e.meld), e.index, e.tag)
            elif e.kind == "reach" and e.seat is not None:
                table.apply(Riichi(e.seat, e.step), e.index, e.tag)
                if e.step == 1:
                    seats[e.seat].since_riichi = []
            elif e.kind == "dora" and e.tile is not None:
                table.apply(DoraRevealed(e.tile), e.index, e.tag)
            del nxt

    def _after_draw(self, table: RiichiTable, turn: int, tile: int, events: Sequence[Any], i: int,
                    seats: list[_Seat]) -> None:
        me = self.seat
        j = i + 1
        nxt = events[j] if j < len(events) else None
        if nxt is None:
            return
        riichi = False
        if nxt.kind == "reach" and nxt.seat == me and nxt.step == 1:
            riichi = True
            j += 1
            nxt = events[j] if j < len(events) else None
            if nxt is None:
                return
        st = table.seat(me)
        drawn = tile_text(tile, self.aka)
        standing = list(table.hand(me))
        rest = list(standing)
        rest.remove(tile)
        hand13 = self._hand_of(table, rest)
        value = self._win_value(table, hand13, drawn, True)
        if value is not None:
            took = nxt.kind == "win" and nxt.seat == me
            self.decisions.append(self._judge_win(table, turn, tile, True, took, value, seats))
            if took:
                return
        if nxt.kind == "call" and nxt.seat == me and nxt.meld is not None:
            kind = nxt.meld.kind
            if kind in ("ankan", "kakan"):
                kan = f"kan {tile_text(nxt.meld.tiles[0], False)}"
                self.decisions.append(self._kong(table, turn, drawn, kan))
            return
        if nxt.kind != "discard" or nxt.seat != me or nxt.tile is None:
            return
        if st.riichi:  # the discard of a riichi hand is not a choice (a kong aside)
            return
        actual = tile_text(nxt.tile, self.aka)
        self.decisions.append(self._judge_discard(table, turn, actual,
                                                  "riichi" if riichi else "discard", drawn, seats))
        choice = self._judge_riichi(table, turn, actual, riichi, drawn)
        if choice is not None:
            self.decisions.append(choice)

    def _hand_of(self, table: RiichiTable, standing: list[int]) -> str:
        melds = "".join(format_meld(_meld(m, self.seat, self.n, self.aka))
                        for m in table.melds(self.seat))
        return melds + _hand_text(standing, self.aka)

    def _kong(self, table: RiichiTable, turn: int, drawn: str, actual: str) -> Decision:
        label = table.round_wind + str(table.kyoku) + f"-{table.honba}"
        return Decision(label, turn, "kong", self._hand(table), drawn, actual, actual, True, None,
                        "not judged", (Choice(actual), Choice("no kong")),
                        tuple(self._threats(table)), self._rivers(table),
                        _hand_text(table.dora_indicators, self.aka),
                        "kongs are listed, not judged: the search does not model them")

    def _after_discard(self, table: RiichiTable, turn: int, frm: int, tile: int,
                       events: Sequence[Any], i: int, seats: list[_Seat]) -> None:
        me = self.seat
        hand13 = self._hand(table)
        name = tile_text(tile, self.aka)
        # what the player did: the next event that is not an acceptance or a dora
        j = i + 1
        acted = "pass"
        while j < len(events):
            x = events[j]
            if (x.kind == "reach" and x.step == 2) or x.kind == "dora":
                j += 1
                continue
            if x.kind == "win" and x.seat == me:
                acted = "ron"
            elif x.kind == "win":
                k = j + 1
                while k < len(events) and events[k].kind == "win":
                    if events[k].seat == me:
                        acted = "ron"
                    k += 1
            elif x.kind == "call" and x.seat == me and x.meld is not None and x.meld.called == tile:
                m = x.meld
                if m.kind == "chi":
                    acted = "chi " + "".join(tile_text(t, False)[0] for t in sorted(m.tiles)) + name[1]
                elif m.kind == "pon":
                    acted = f"pon {tile_text(tile, False)}"
                else:
                    acted = f"kan {tile_text(tile, False)}"
            break
        value = self._win_value(table, hand13, name, False)
        if value is not None and not self._furiten(table, hand13, seats):
            self.decisions.append(self._judge_win(table, turn, tile, False, acted == "ron", value, seats))
            if acted == "ron":
                return
        calls = self._calls_possible(table, frm, tile)
        if not calls:
            return
        if acted == "ron":
            return
        label = table.round_wind + str(table.kyoku) + f"-{table.honba}"
        choices = [Choice("pass", shanten=_safe_shanten(hand13))] + [Choice(c) for c in calls]
        self.decisions.append(Decision(
            label, turn, "call", hand13, name, acted, acted, True, None, "not judged",
            tuple(choices), tuple(self._threats(table)), self._rivers(table),
            _hand_text(table.dora_indicators, self.aka),
            "calls are listed, not judged: the search models a closed hand drawing"))

    def result(self, errors: tuple[str, ...], rounds: int) -> Review:
        judged = [d for d in self.decisions if d.loss is not None]
        summary = ReviewSummary(
            decisions=len(self.decisions), judged=len(judged),
            agreed=sum(1 for d in judged if d.agree),
            big_losses=sum(1 for d in judged if d.loss is not None and d.loss > self.threshold),
            threshold=self.threshold,
            expected_loss=sum(d.loss or 0.0 for d in judged), rounds=rounds)
        return Review(self.game.file, self.game.names[self.seat] if self.seat < len(self.game.names) else "",
                      self.seat, "riichi", tuple(self.decisions), summary, errors,
                      tuple(self.game.names[: self.n]))


def _safe_shanten(hand: str) -> int | None:
    try:
        return riichi_shanten(hand)
    except MahjongError:
        return None


def _seat_of(game: Game, player: object, seat: object) -> int:
    if (player is None) == (seat is None):
        raise InvalidArgument("give either player=NAME or seat=N")
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise InvalidArgument(f"seat={describe(seat)}: give 0 to {game.players - 1} "
                                  "(0 the first dealer)")
        return seat
    if not isinstance(player, str):
        raise InvalidArgument(f"player={describe(player)}: give a player's name")
    names = list(game.names[: game.players])
    if player not in names:
        raise InvalidArgument(f"player={player!r} is not in the log (its players: "
                              + ", ".join(repr(x) for x in names) + ")")
    return names.index(player)


def review(game: Game, *, player: object = None, seat: object = None,
           threshold: object = DEFAULT_THRESHOLD, max_shanten: object = MAX_SHANTEN,
           max_states: object = MAX_STATES, max_seconds: object = MAX_SECONDS) -> Review:
    """Review one player of a read riichi :class:`~suanfan.game.Game` (``player`` a name or
    ``seat`` 0-3, 0 the first dealer). ``threshold``: a choice losing more expected points
    counts as a big loss (``None``: :data:`DEFAULT_THRESHOLD`). ``max_shanten``: the exact
    search judges hands up to this far from ready (0-3). ``max_states`` / ``max_seconds``: the
    bound of each search."""
    if not isinstance(game, Game):
        raise InvalidArgument(f"game={describe(game)}: give a Game (suanfan.logs.read)")
    who = _seat_of(game, player, seat)
    if threshold is None:
        threshold = DEFAULT_THRESHOLD
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool) or not 0 <= threshold < 1e9:
        raise InvalidArgument(f"threshold={describe(threshold)}: give expected points, 0 or more")
    if not isinstance(max_shanten, int) or isinstance(max_shanten, bool) or not 0 <= max_shanten <= 3:
        raise InvalidArgument(f"max_shanten={describe(max_shanten)}: give 0 to 3")
    if not isinstance(max_states, int) or isinstance(max_states, bool) or not 1 <= max_states <= 1 << 32:
        raise InvalidArgument(f"max_states={describe(max_states)}: give a positive whole number")
    if not isinstance(max_seconds, (int, float)) or isinstance(max_seconds, bool) \
            or not 0 < max_seconds <= 3600:
        raise InvalidArgument(f"max_seconds={describe(max_seconds)}: give 0 to 3600 seconds")
    r = _Reviewer(game, who, float(threshold), max_shanten, max_states, float(max_seconds))
    for rnd in game.rounds:
        r.round(rnd)
    errors = tuple(f"{game.file}: round {x.label}: {x.error}" for x in game.unreadable)
    return r.result(errors, len(game.rounds))


def review_file(path: str | os.PathLike[str], *, player: object = None, seat: object = None,
                format: str | None = None, **options: Any) -> Review:
    """Read a log (leniently: the rounds before a fault are kept, the fault is in
    :attr:`Review.errors`) and review it: a riichi log by :func:`review`, a Botzone (MCR) log's
    matches by :func:`suanfan.review.mcr.review_matches` (one review for the file, each match a
    round)."""
    if format is None:
        with open(path, "rb") as f:
            if detect(f.read(4096)) == "botzone":
                format = "botzone"
    if format == "botzone":
        from ..logs.botzone import read as read_botzone
        from .mcr import review_matches

        return review_matches(read_botzone(path), file=os.path.basename(os.fspath(path)),
                              player=player, seat=seat, **options)
    game = read(path, format, strict=False)
    return review(game, player=player, seat=seat, **options)
