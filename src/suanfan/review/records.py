"""The records of a review (:class:`Review`, :class:`Decision`, :class:`Choice`,
:class:`ReviewSummary`), shared by the riichi and the MCR reviewers and the HTML report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Choice", "Decision", "Review", "ReviewSummary"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a decision: ``action`` ("5m", "0p" a red five, "ron", "tsumo", "pass",
    "pon 5m", "chi 34m"…); ``value`` the figure the options are ranked by (the expected score,
    with the defence term under a threat; a win's points); the expected-value figures at the
    decision's turn (``None`` where the model gives none); ``shanten`` after it, ``useful`` the
    useful tiles still unseen, ``danger`` the chance some threatening opponent waits on it."""

    action: str
    value: float | None = None
    expected_score: float | None = None
    win_probability: float | None = None
    tenpai_probability: float | None = None
    shanten: int | None = None
    useful: int | None = None
    danger: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "value": self.value, "expected_score": self.expected_score,
                "win_probability": self.win_probability,
                "tenpai_probability": self.tenpai_probability, "shanten": self.shanten,
                "useful": self.useful, "danger": self.danger}


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the player.

    ``round`` the round's label ("E1-0"; an MCR match's id), ``turn`` the player's draws so far,
    ``kind`` ``discard`` ``riichi`` (a discard declaring riichi) ``riichi_or_dama`` (riichi or
    not, after a discard leaving a closed hand ready) ``win`` (a win possible) ``call`` (a claim
    possible on a discard) ``kong`` (a kong made);
    ``hand`` the hand (MPSZ, melds in brackets), ``tile`` the tile drawn or offered; ``actual``
    what the player did, ``best`` suanfan's choice, ``agree``; ``loss`` the expected points the
    player's choice lost (``None``: not judged in points); ``model`` how it was judged
    (``exact``, ``exact+defence``, ``useful tiles``, ``not judged``); ``choices`` best first;
    ``threats`` the seats in riichi or with three open melds; ``rivers`` every seat's discards
    (MPSZ), ``dora`` the indicators; ``note`` why a decision was not judged exactly."""

    round: str
    turn: int
    kind: str
    hand: str
    tile: str
    actual: str
    best: str
    agree: bool
    loss: float | None
    model: str
    choices: tuple[Choice, ...]
    threats: tuple[int, ...] = ()
    rivers: tuple[str, ...] = ()
    dora: str = ""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "turn": self.turn, "kind": self.kind, "hand": self.hand,
                "tile": self.tile, "actual": self.actual, "best": self.best, "agree": self.agree,
                "loss": self.loss, "model": self.model,
                "choices": [c.to_dict() for c in self.choices], "threats": list(self.threats),
                "rivers": list(self.rivers), "dora": self.dora, "note": self.note}


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    """``decisions`` all listed; ``judged`` those judged in points; ``agreed`` those of them where
    the player chose as suanfan would (a choice worth the best to within 0.5 points counts);
    ``big_losses`` the judged choices losing more than ``threshold``; ``expected_loss`` their
    total loss; ``rounds`` the rounds reviewed; rates and the loss per round 0 when empty."""

    decisions: int
    judged: int
    agreed: int
    big_losses: int
    threshold: float
    expected_loss: float
    rounds: int

    @property
    def agreement_rate(self) -> float:
        return self.agreed / self.judged if self.judged else 0.0

    @property
    def big_loss_rate(self) -> float:
        return self.big_losses / self.judged if self.judged else 0.0

    @property
    def loss_per_round(self) -> float:
        return self.expected_loss / self.rounds if self.rounds else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "judged": self.judged, "agreed": self.agreed,
                "agreement_rate": self.agreement_rate, "threshold": self.threshold,
                "big_losses": self.big_losses, "big_loss_rate": self.big_loss_rate,
                "expected_loss": self.expected_loss, "rounds": self.rounds,
                "loss_per_round": self.loss_per_round}


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one player in one game: ``file``, ``player`` the name, ``seat`` (0 the first
    dealer), ``system``, ``decisions`` in order, ``summary``, ``errors`` the rounds that could not
    be read (each a line naming the place; those rounds are reviewed up to the fault), ``names``
    every seat's player."""

    file: str
    player: str
    seat: int
    system: str
    decisions: tuple[Decision, ...]
    summary: ReviewSummary
    errors: tuple[str, ...] = ()
    names: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "player": self.player, "seat": self.seat, "system": self.system,
                "names": list(self.names),
                "summary": self.summary.to_dict(),
                "decisions": [d.to_dict() for d in self.decisions], "errors": list(self.errors)}
