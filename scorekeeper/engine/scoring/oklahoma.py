"""Oklahoma Gin's scoring (RULES.md §5, §10.5): Gin's knock game with the upcard setting the knock limit.

The first upcard's value is the highest deadwood a knock may show (ace 1, or gin only with
``oklahoma_ace = gin_only``); a spade upcard doubles the whole hand score, bonuses included but not boxes;
``extra_boxes`` gives an undercut 1 extra box and a gin 2. Everything else is :mod:`.gin`'s.

>>> from scorekeeper.engine.match import replay
>>> o2 = {"kind": "hand", "end": "knock", "by": "N", "upcard": "6S", "held": {"N": {"points": 6}, "S": {"points": 21}}}
>>> replay({"variant": "oklahoma", "players": ["N", "S"], "entries": [o2]}).hands[0].explanations["N"]
'knock: (21 − 6) × 2 (spade upcard) = 30'
"""

from __future__ import annotations

from typing import Any, Mapping

from ..cards import Card, InvalidCardError
from .base import Hand, MatchState
from .gin import GinScorer

DEFAULTS: dict[str, Any] = {
    "preset": "standard", "oklahoma_ace": "one", "spade_upcard_doubles": True, "gin_bonus": 25,
    "undercut_bonus": 25, "undercut_on_tie": True, "big_gin_bonus": 31, "game_target": 150, "game_bonus": 100,
    "box_bonus": 25, "extra_boxes": False, "shutout_mode": "game_bonus_200", "target": 150,
    "match_length_deals": None,
}


class OklahomaScorer(GinScorer):
    key = "oklahoma"
    DEFAULTS = DEFAULTS

    def is_seed_scheme(self) -> bool:
        return self.rules.get("preset") == "seed_penalty" or len(self.players) >= 3

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        if entry.get("deal") is not None:
            raise hand.error("this game has no deal number", field="deal")
        raw = entry.get("upcard")
        if raw is None or raw == "":
            raise hand.error("give the upcard: it sets the knock limit", field="upcard")
        try:
            card = Card.parse(str(raw))
        except InvalidCardError as exc:
            raise hand.error(f"upcard: {exc}", field="upcard") from None
        if card.is_joker:
            raise hand.error("the upcard cannot be a joker: Oklahoma is played without jokers", field="upcard")
        hand.upcard = card

    def knock_limit(self, hand: Hand) -> int | None:
        card = hand.upcard
        assert card is not None
        if card.rank == 1:
            return None if self.rules.get("oklahoma_ace", "one") == "gin_only" else 1
        return min(card.rank, 10)

    def multiplier(self, hand: Hand) -> tuple[int, str]:
        if hand.upcard is not None and hand.upcard.suit == "S" and self.rules.get("spade_upcard_doubles", not self.seed):
            return 2, " (spade upcard)"
        return 1, ""

    def extra_boxes(self, how: str) -> int:
        if not self.rules.get("extra_boxes", False):
            return 0
        return {"undercut": 1, "gin": 2, "big_gin": 2}.get(how, 0)

    def context(self, state: MatchState) -> dict[str, Any]:
        return {"knock_limit": None, "seed_scheme": self.seed, "upcard_required": True}
