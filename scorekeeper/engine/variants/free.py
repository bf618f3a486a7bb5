"""Free scoring: any other card game, with points typed each hand (docs/rules/free.md).

No cards, no melds: each hand the scorer types every player's points (negative allowed). Lowest or
highest wins; an optional target or number of rounds ends the match, an optional elimination total knocks
players out, and a table that plays to none ends it with a finish entry: the best total wins.

>>> from scorekeeper.engine.variants import find_variant
>>> free = find_variant("free")
>>> free.rules(1, target=500).target
500
>>> free.rules(1, rounds=3).rounds, [k.key for k in free.entry_kinds()]
(3, ['finish'])
>>> free.rules(winner="highest", elimination_at=100)
Traceback (most recent call last):
...
scorekeeper.engine.variants.house_rules.InvalidRulesError: elimination_at does not apply when winner is "highest": it is used only when winner is "lowest"
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..cards import Card
from ..hands import Hand, HandScore, InvalidMatchError, MatchState
from ..i18n import _
from ..limits import FREE_HAND_POINTS, FREE_HAND_POINTS_MAX
from ..melds import InvalidMeldError, MeldCheck, MeldRules
from ..entry_fields import EntryKind
from .base import InvalidRulesError, Rules, Switch, Variant


#: the most hands a ``rounds`` match can be set to (docs/rules/free.md#house-rules)
ROUNDS_MAX = 500


class Free(Variant):
    key = "free"
    order = 1000
    name = _("Free scoring")  # words, not a proper name: said in the page's language
    aliases = ("free scoring", "free_scoring", "other", "custom")
    summary = _("Any other game: type each player's points per hand; lowest or highest wins.")
    min_players, max_players = 1, 12
    ends = ("scores",)
    by_required = False
    uses_cards = False
    #: a table that plays to no target stops when it likes: the best total wins (docs/rules/free.md#finishing)
    FINISH = EntryKind("finish", _("Finish: the best total wins"), _("finish"),
                       _("Finish the match now? The best total wins, as the standings show."), ends_match=True,
                       summary=_("finished by the table: the best total wins"), confirm=_("Yes, end it here"))
    SWITCHES = (
        Switch("winner", "enum", "lowest", _("Whether the lowest or the highest total wins."),
               choices=("lowest", "highest")),
        Switch("target", "int_or_null", None, _("The match ends after a hand where a total reaches this.")),
        Switch("elimination_at", "int_or_null", None, _("A total at or over this is out (lowest wins only).")),
        Switch("rounds", "int_or_null", None, _("The match ends after this many hands (void hands do not count)."),
               min=1, max=ROUNDS_MAX, label=_("Hands to play"), none_words=_("until the table stops")),
        Switch("points_limit", "int", FREE_HAND_POINTS,
               _("The most points one player may score in one hand, either way (a typing slip past it is refused)."),
               min=1, max=FREE_HAND_POINTS_MAX),
    )

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        # "high is bad" contradicts "highest wins" (docs/rules/free.md); a null elimination is harmless
        if values["elimination_at"] is not None and values["winner"] == "highest":
            raise InvalidRulesError(
                _('elimination_at does not apply when winner is "highest": it is used only when winner is "lowest"'))
        # with one player, an elimination could only knock out the winner (docs/rules/free.md)
        if values["elimination_at"] is not None and n_players == 1:
            raise InvalidRulesError(_("elimination_at needs at least 2 players: with 1 player it could only "
                                    "knock out the winner; use target to end the match"))

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> None:
        return None

    def decks(self, n_players: int | None = None) -> int:
        return 0

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 0

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self.resolved(rules)
        return (0,) * 14  # no cards are counted; hands are typed points

    def card_value(self, card: Card | str, rules: Rules | None = None) -> int:
        raise InvalidRulesError(_("free scoring takes typed points, not cards"))

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        raise InvalidMeldError(_("free scoring has no melds to check"))

    def check_meld(self, cards: str | Iterable[Card], rules: Rules | None = None) -> MeldCheck:
        raise InvalidMeldError(_("free scoring has no melds to check"))

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        lines = [_("Each hand, type every player's points (negative allowed)."),
                 _("The lowest total wins; equal best totals share.") if r.winner == "lowest" else
                 _("The highest total wins; equal best totals share.")]
        if r.target is not None:
            lines.append(_("The match ends after the hand in which a total reaches {target}.", target=r.target))
        if r.elimination_at is not None:
            lines.append(_("A total of {elimination_at} or more is out; the last one left wins.",
                           elimination_at=r.elimination_at))
        if r.rounds is not None:
            lines.append(_("The match ends after {rounds} hands.", rounds=r.rounds))
        if r.target is None and r.elimination_at is None and r.rounds is None:
            lines.append(_("No target: the table decides when the match ends, and the best total then wins."))
        return lines

    # -- a hand: typed scores (docs/rules/free.md) ---------------------------------------------------------

    def high_wins(self, rules: Rules | None = None) -> bool:
        return self.resolved(rules).winner == "highest"

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return False  # every player still in is required (docs/rules/free.md)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        """Every player in types their points; negative is allowed, cards are not (docs/rules/free.md)."""
        scored = HandScore(summary=_("scores typed"))
        for name in hand.players_in:
            held = hand.held[name]
            if not held.typed:
                raise hand.error(_("{name}: free scoring takes points, not cards", name=name), player=name,
                                 field="cards")
            scored.scores[name] = held.points
            scored.explanations[name] = _("typed {points:+d}", points=held.points) if held.points else _("typed 0")
        return scored

    def elimination(self) -> tuple[int, bool] | None:
        at = self.house.elimination_at
        return None if at is None else (at, True)

    def target(self) -> int | None:
        return self.house.target

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        target, rounds = self.house.target, self.house.rounds
        reached = target is not None and any(state.players[p].total >= target for p in hand.players_in)
        # void hands are not hands played, so they never count toward the rounds
        if not reached and (rounds is None or state.hands_played < rounds):
            return None
        return self.best_of(state.still_in or hand.players_in, state)

    def entry_kinds(self) -> tuple[EntryKind, ...]:
        return (self.FINISH,)

    def entry_kinds_allowed(self, state: MatchState) -> list[str]:
        # there is nothing to win by before the first hand
        return ["finish"] if state.hands_played and not state.finished else []

    def table_end(self, key: str, state: MatchState) -> list[str]:
        """The table finishes the match: the best total among the players still in wins, ties share
        (docs/rules/free.md#finishing); refused before the first hand, when there is nothing to win by."""
        if state.hands_played == 0:
            raise InvalidMatchError(_("a match cannot be finished before its first hand"))
        return self.best_of(state.still_in, state)
