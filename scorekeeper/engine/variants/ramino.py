"""Ramino: Italian going-out rummy, 13 cards, open at 50, each hand rounded to tens, match to 1000
(docs/rules/ramino.md).

Sets of distinct suits, runs with the ace at either end (never wrapping), at most one joker per meld.
Losers count every card held (ace 11, joker 25); a one-turn out doubles them.

>>> from scorekeeper.engine.variants import find_variant
>>> ramino = find_variant("ramino")
>>> ramino.check_opening(["QH KH AH", "7S 7D 7C"]).value
52
>>> ramino.check_meld("5H JK JK 8H").reason
'a Ramino meld may hold at most one joker, not two'
"""

from __future__ import annotations

from typing import Any, Iterable

from ..cards import Card
from ..hands import Deferred, Hand, HandScore, Held, MatchState, RebuyPolicy
from ..i18n import _
from ..melds import MeldRules, OpeningCheck, check_opening
from .base import Rules, Switch, Variant, card_values, rebuy_switches, values_sentence
from .going_out import GoingOut

#: Fixed, not switches (docs/rules/ramino.md).
MAX_JOKERS_PER_MELD = 1
ACE_VALUE = 11
JOKER_VALUE = 25
HAND_SIZE = 13
JOKERS = 4
#: a player who opened has laid at least 3 cards, so holds at most 10 (docs/rules/common.md#card-counts)
OPENED_MAX = HAND_SIZE - 3
ONE_TURN_MULTIPLIER = 2


def round_to_ten(raw: int, mode: str) -> int:
    """Ramino's rounding of a hand's penalty to tens (docs/rules/ramino.md#rounding).

    >>> [round_to_ten(r, "half_up") for r in (5, 15, 25, 35, 45, 4, 44)]
    [10, 20, 30, 40, 50, 0, 40]
    >>> [round_to_ten(r, "half_even") for r in (5, 15, 25, 35, 45)]
    [0, 20, 20, 40, 40]
    >>> [round_to_ten(r, "italian_steps") for r in (0, 4, 5, 15, 25)]
    [0, 10, 10, 10, 20]
    """
    if mode == "none":
        return raw
    if mode == "half_up":
        return 10 * ((raw + 5) // 10)
    if mode == "half_down":
        return 10 * ((raw + 4) // 10)
    if mode == "half_even":
        low, rest = divmod(raw, 10)
        if rest > 5 or (rest == 5 and low % 2 == 1):
            low += 1
        return 10 * low
    if mode == "italian_steps":
        return 0 if raw == 0 else 10 * max(1, (raw + 4) // 10)
    raise ValueError(f"unknown rounding mode {mode!r}")

#: re-entry comes back on the highest total still in (docs/rules/ramino.md#elimination-mode); Ramino has
#: no switch for it
REENTRY_SCORE = "highest_remaining"

_ELIMINATION = (("match_mode", ("elimination",)),)


class Ramino(GoingOut, Variant):
    key = "ramino"
    order = 30
    name = "Ramino"
    aliases = ("ramino italiano", "scala")
    summary = _("13-card Italian rummy: open with 50, out scores 0, hands rounded to tens, match to 1000.")
    min_players, max_players = 2, 6
    PACKS = 2
    ends = ("out", "out_in_one_turn")
    not_opened_word = _("never opened")
    declared_melds_use = _("a one-turn out must reach the opening")
    FIXED = {"max_jokers_per_meld": MAX_JOKERS_PER_MELD, "sets_distinct_suits": True,
             "ace_value": ACE_VALUE, "joker_value": JOKER_VALUE}
    SWITCHES = (
        Switch("opening_min", "int", 50, _("Least opening value of a player's first lay-down."), min=0, max=200),
        Switch("opening_single_meld", "bool", False, _("One meld must reach the opening minimum by itself.")),
        Switch("allow_ace_both_ends_in_run", "bool", False, _("One run may hold both aces (A-2-…-K-A).")),
        Switch("rounding_mode", "enum", "half_up", _("How each hand's penalty is rounded to tens."),
               choices=("half_up", "half_down", "half_even", "italian_steps", "none")),
        Switch("round_before_double", "bool", False, _("Round before doubling a one-turn out, not after.")),
        Switch("hand_close_exempt_from_opening", "bool", False,
               _("A one-turn out need not reach the opening minimum.")),
        Switch("unopened_flat_penalty", "int_or_null", None,
               _("Flat penalty for a player who never opened, instead of counting their cards."), min=0),
        Switch("tie_break", "enum", "shared", _("Equal lowest totals when the match ends."),
               choices=("shared", "play_another_hand")),
        Switch("target", "int", 1000, _("The match ends when a total reaches this."), min=1,
               only_when=(("match_mode", ("target_lowest_wins",)),)),
        Switch("match_mode", "enum", "target_lowest_wins", _("Play to the target, or eliminate at 101."),
               choices=("target_lowest_wins", "elimination")),
        Switch("elimination_target", "int", 100, _("A total over (or at) this is out."), min=1, only_when=_ELIMINATION),
        Switch("elimination_inclusive", "bool", False, _("A total equal to the target is out too."),
               only_when=_ELIMINATION),
        *rebuy_switches("re-entry", cost="same_stake",
                        costs=("same_stake", "double_per_entry", "first_rebuy_equals_stake", "half_stake"),
                        score=None, only_when=_ELIMINATION),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return HAND_SIZE

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return JOKERS

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self.resolved(rules)
        return card_values(ACE_VALUE, JOKER_VALUE)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self.resolved(rules)
        return MeldRules(
            game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True,
            run_min=3, run_max=None, ace_run="either_end",
            allow_ace_both_ends=rules.allow_ace_both_ends_in_run,
            max_jokers_per_meld=MAX_JOKERS_PER_MELD, min_naturals_per_meld=1,
            decks=self.PACKS, jokers_in_deck=JOKERS, ace_low_opening_value=1, ace_high_opening_value=ACE_VALUE,
        )

    def opening_minimum(self, rules: Rules | None = None) -> int | None:
        return self.resolved(rules).opening_min

    def check_opening(self, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None) -> OpeningCheck:
        """A first lay-down: all melds of the turn count, or one by itself with ``opening_single_meld``."""
        rules = self.resolved(rules)
        return check_opening(melds, self.melds_and_values(rules)[0], rules.opening_min, rules.opening_single_meld)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        rounding = {"half_up": _("to the nearest ten, halves up"), "half_down": _("to the nearest ten, halves down"),
                    "half_even": _("to the nearest ten, halves to the even ten"),
                    "italian_steps": _("in steps of ten (halves down, at least 10)"), "none": _("not at all")}
        lines = [
            _("Two packs and {jokers} jokers; {count} cards each.", jokers=JOKERS, count=HAND_SIZE),
            _("Sets: 3 or 4 of one rank, distinct suits. Runs: 3 or more in one suit, ace at either end, never "
              "wrapping; one run may hold both aces.") if r.allow_ace_both_ends_in_run else
            _("Sets: 3 or 4 of one rank, distinct suits. Runs: 3 or more in one suit, ace at either end, never "
              "wrapping."),
            _("At most one joker in a meld."),
            _("Open with melds worth at least {opening_min} in a single meld: pictures 10, ace 11 high or in a set "
              "and 1 low, a joker as its card.", opening_min=r.opening_min) if r.opening_single_meld else
            _("Open with melds worth at least {opening_min} (all melds of that turn count): pictures 10, ace 11 "
              "high or in a set and 1 low, a joker as its card.", opening_min=r.opening_min),
            values_sentence(self.values(r)),
            _("Going out (ending with a discard) scores 0; everyone else counts every card held, or {flat} if they "
              "never opened.", flat=r.unopened_flat_penalty) if r.unopened_flat_penalty is not None else
            _("Going out (ending with a discard) scores 0; everyone else counts every card held."),
            _("Going out in one turn doubles everyone else's penalty."),
            _("Each hand's penalty is rounded {how}, before doubling.", how=rounding[r.rounding_mode])
            if r.round_before_double else
            _("Each hand's penalty is rounded {how}, after doubling.", how=rounding[r.rounding_mode]),
        ]
        if r.match_mode == "elimination":
            values = {"target": r.elimination_target, "rebuy_min_remaining": r.rebuy_min_remaining}
            lines.append(
                _("A total of {target} or more is out; re-entry on the highest total still in while "
                  "{rebuy_min_remaining} or more remain; the last one in wins.", **values)
                if r.elimination_inclusive else
                _("A total over {target} is out; re-entry on the highest total still in while "
                  "{rebuy_min_remaining} or more remain; the last one in wins.", **values))
        else:
            lines.append(
                _("The match ends when a total reaches {target}; the lowest total wins (ties share).", target=r.target)
                if r.tie_break == "shared" else
                _("The match ends when a total reaches {target}; the lowest total wins (ties play another hand).",
                  target=r.target))
        return lines

    # -- a hand: going out, or out in one turn (docs/rules/ramino.md#how-a-hand-ends) ----------------------

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        return HAND_SIZE * max(self.melds_and_values(rules)[1])

    def loser_counts(self, hand: Hand, held: Held) -> list[int]:
        # never opened: all 13 dealt; opened: has laid at least 3 (docs/rules/common.md#card-counts)
        return [HAND_SIZE] + list(range(1, OPENED_MAX + 1))

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        self.check_melds(hand)
        one_turn = hand.end == "out_in_one_turn"
        house = self.house
        if one_turn and not house.hand_close_exempt_from_opening:
            self.check_hand_opening(hand, house.opening_min, house.opening_single_meld)
        scored = HandScore(winner=hand.by, summary=(_("{by} went out in one turn", by=hand.by) if one_turn
                                                    else _("{by} went out", by=hand.by)))
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = _("went out: 0")
        for name in hand.others:
            scored.scores[name], scored.explanations[name], scored.raw[name] = self.penalty(
                hand, hand.held[name], one_turn, deferred=True)
        return scored

    def penalty(self, hand: Hand, held: Held, doubled: bool, deferred: bool = False) -> tuple[int, Any, int]:
        """A loser's penalty: raw count (or the flat penalty if never opened), doubled, rounded.

        The points are worked out at once, their words by ``words`` below; with ``deferred`` the words are
        a ``Deferred`` (said when read: a replay explains every loser of every hand, a page reads few)."""
        house = self.house
        flat = house.unopened_flat_penalty
        never_opened = (held.cards is not None and len(held.cards) == HAND_SIZE) or (held.typed and not held.opened)
        if held.typed:
            raw, typed_words = self.raw_count(hand, held)  # checks the typed points, whatever follows
        else:
            raw, typed_words = self.held_points(held), None
        if flat is not None and never_opened:
            raw = flat
        mode = house.rounding_mode
        mult = ONE_TURN_MULTIPLIER
        if doubled and house.round_before_double:
            rounded = round_to_ten(raw, mode)
            points = before = rounded * mult
        else:
            rounded = before = raw * mult if doubled else raw
            points = round_to_ten(before, mode)

        def words() -> str:
            if flat is not None and never_opened:
                text = _("never opened: {flat}", flat=flat)
            else:
                text = typed_words if held.typed else self.held_value(held)[1]
            if doubled and house.round_before_double:
                return (_("{said}, rounded to {rounded}, × {mult} = {points}", said=text, rounded=rounded, mult=mult,
                          points=points) if rounded != raw
                        else _("{said} × {mult} = {points}", said=text, mult=mult, points=points))
            if doubled:
                text = _("{said} × {mult} = {points}", said=text, mult=mult, points=before)
            if points != before:
                text = _("{said}, rounded to {rounded}", said=text, rounded=points)
            return text

        return points, (Deferred(words) if deferred else words()), raw

    # -- the match ------------------------------------------------------------------------------------

    def elimination_mode(self) -> bool:
        return self.house.match_mode == "elimination"

    def elimination(self) -> tuple[int, bool] | None:
        if not self.elimination_mode():
            return None
        return self.house.elimination_target, self.house.elimination_inclusive

    def rebuy_policy(self) -> RebuyPolicy | None:
        if not self.elimination_mode():
            return None
        return self.rebuys_from_switches(score=REENTRY_SCORE)

    def target(self) -> int | None:
        return None if self.elimination_mode() else self.house.target

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.elimination_mode():
            return None
        target = self.house.target
        if not any(p.total >= target for p in state.players.values()):
            return None
        lowest = self.best_of(state.still_in, state)
        if len(lowest) > 1 and self.house.tie_break == "play_another_hand":
            return None  # the match stays open until one hand ends with a single lowest total
        return lowest

    def notes(self, state: MatchState) -> list[str]:
        if state.finished or self.elimination_mode():
            return []
        if any(p.total >= self.house.target for p in state.players.values()):
            return [_("tie for the lowest total: another hand is played")]
        return []
