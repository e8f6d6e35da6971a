"""The explanation recorded in the scoring pass (a hand of one reading) is the one a replay of
the reading gives: an unpickled result has no engine state and replays it (issue 36)."""

from __future__ import annotations

import pickle
import random

from suanfan.mcr import score
from suanfan.mcr.generate import random_hand


def test_recorded_explanation_equals_the_replayed_one() -> None:
    rng = random.Random(36)
    one_reading = 0
    for _ in range(400):
        hand, situation = random_hand(rng)
        for rules in ("mcr", "mcr-botzone"):
            result = score(hand, rules=rules, **situation)
            fans = result.fans  # read first: from the scoring pass when it had one reading
            replayed = pickle.loads(pickle.dumps(result))
            assert fans == replayed.fans, str(hand)
            assert result.removed == replayed.removed, str(hand)
            assert result.decomposition == replayed.decomposition, str(hand)
            one_reading += result.readings == 1
    assert one_reading > 100  # the recorded path was taken
