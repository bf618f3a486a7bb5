"""Free scoring (RULES.md §6c, §10.8): any other card game, with each player's points typed every hand.

Defaults: the lowest total wins; no target; no elimination. ``target`` ends the match after the hand in
which any total reaches it; ``elimination_at`` (only with ``winner = lowest``) knocks out a total at or
over it, and the last player left wins. No cards and no meld checks.

>>> from scorekeeper.engine.match import replay
>>> doc = {"variant": "free", "rules": {"winner": "highest", "target": 50}, "players": ["Ann", "Ben"],
...        "entries": [{"kind": "hand", "end": "scores", "held": {"Ann": {"points": 30}, "Ben": {"points": 55}}}]}
>>> s = replay(doc)
>>> s.finished, s.winners
(True, ['Ben'])
"""

from __future__ import annotations

from typing import Any, Mapping

from .base import Hand, HandScore, InvalidMatchError, MatchState, Scorer

DEFAULTS: dict[str, Any] = {"winner": "lowest", "target": None, "elimination_at": None}


class FreeScorer(Scorer):
    key = "free"
    ends = ("scores",)
    by_required = False
    DEFAULTS = DEFAULTS

    @classmethod
    def resolve_defaults(cls, n_players: int, overrides: Mapping[str, Any]) -> dict[str, Any]:
        resolved = super().resolve_defaults(n_players, overrides)
        if resolved["winner"] not in ("lowest", "highest"):
            raise InvalidMatchError("winner must be 'lowest' or 'highest'", field="rules")
        for name in ("target", "elimination_at"):
            value = resolved[name]
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InvalidMatchError(f"{name} must be a whole number or null", field="rules")
        if resolved["elimination_at"] is not None and resolved["winner"] == "highest":
            raise InvalidMatchError("elimination_at needs winner = lowest: a high total cannot be both good "
                                    "and bad", field="rules")
        return resolved

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lower_wins = self.rules.get("winner", "lowest") != "highest"

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return False  # every player still in is required (§10.8)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        return score_typed(hand)

    def elimination(self) -> tuple[int, bool] | None:
        at = self.rules.get("elimination_at")
        return None if at is None else (at, True)

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        target = self.rules.get("target")
        if target is None:
            return None
        totals = [state.players[p].total for p in hand.players_in]
        if not any((t >= target) for t in totals):
            return None
        return self.best_of(state.still_in or hand.players_in, state)


def score_typed(hand: Hand) -> HandScore:
    """Every player in types their points; negative is allowed, cards are not (§10.8)."""
    scored = HandScore(summary="scores typed")
    for name in hand.players_in:
        held = hand.held[name]
        if not held.typed:
            raise hand.error(f"{name}: free scoring takes points, not cards", player=name, field="cards")
        scored.scores[name] = held.points
        scored.explanations[name] = f"typed {held.points:+d}" if held.points else "typed 0"
    return scored
