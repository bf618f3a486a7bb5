"""Scala 40: Italy's 13-card elimination rummy: open with 40, pay for every card held, out at 101, re-entry
for one more stake, the last one in wins the pot (docs/rules/scala40.md).

This module owns the game's house rules, what a player pays for a hand (the cards held, 100 for never
opening, the steps of ten, the doubling of a closing in one turn), the checks of a hand in the order of
its rules page, and the opening's value against 40. Elimination and re-entry are the engine's shared
rebuy window (``engine.match``), read from the ``rejoin_*`` switches.

>>> from scorekeeper.engine.variants import find_variant
>>> scala = find_variant("scala40")
>>> scala.check_opening(["QH KH AH", "7S 7D 7C"]).reason
'opens with 52 (31 + 21), the minimum is 40'
>>> scala.check_opening(["9C JK=10C JC", "AS AH AD"], {"opening_jokers": "clean_must_reach"}).reason
'only the melds without a joker count: 33 (33), the minimum is 40'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import Card
from ..hands import Deferred, Hand, HandScore, Held, InvalidHandError, MatchState, RebuyPolicy
from ..i18n import _, _n
from ..melds import MeldRules, OpeningCheck, check_opening
from .base import Rules, Switch, Variant, card_values, values_sentence
from .going_out import GoingOut
from .ramino import round_to_ten

#: Fixed, not switches (docs/rules/scala40.md)
HAND_SIZE = 13
JOKERS = 4
MAX_JOKERS_PER_MELD = 1
ACE_VALUE = 11
JOKER_VALUE = 25
#: a player who opened has laid at least 3 cards, so holds at most 10
OPENED_MAX = HAND_SIZE - 3
#: the most an opened player's cards are worth (4 jokers and 6 aces) and all 13 of one who never opened
OPENED_POINTS_MAX = 4 * JOKER_VALUE + 6 * ACE_VALUE
UNOPENED_POINTS_MAX = 4 * JOKER_VALUE + 8 * ACE_VALUE + 10
#: with stepped scoring a player who never opened pays this, whatever he holds
STEPS_UNOPENED = 100

_REJOIN = (("rejoin", (True,)),)
_CARDS = (("penalty_mode", ("cards",)),)


def steps(raw: int) -> int:
    """A penalty in steps of ten points: 1–15 → 10, 16–25 → 20, 26–35 → 30 … (docs/rules/scala40.md#steps).

    It is Ramino's ``italian_steps``: the same source, read the same way.

    >>> [steps(r) for r in (0, 1, 15, 16, 25, 26, 34, 47, 166)]
    [0, 10, 10, 20, 20, 30, 30, 50, 170]
    """
    return round_to_ten(raw, "italian_steps")


class Scala40(GoingOut, Variant):
    key = "scala40"
    order = 35
    name = "Scala 40"
    aliases = ("scala quaranta", "scala a quaranta", "scala 40", "scala40")
    summary = _("13-card Italian rummy: open with 40, pay for the cards you hold, out at 101; re-entry, the last "
                "one in wins the pot.")
    min_players, max_players = 2, 6
    PACKS = 2
    ends = ("out", "out_in_one_turn")
    not_opened_word = _("never opened")
    declared_melds_use = _("a closing in one turn is checked against the opening")
    rebuy_word = "rejoin"
    PRESET_SWITCH = "penalty_mode"
    FIXED = {"max_jokers_per_meld": MAX_JOKERS_PER_MELD, "sets_distinct_suits": True, "ace_value": ACE_VALUE,
             "joker_value": JOKER_VALUE}
    SWITCHES = (
        Switch("penalty_mode", "enum", "cards", _("Pay the cards' value, or in steps of ten (limit 100)."),
               choices=("cards", "steps"), label=_("Penalties")),
        Switch("elimination_limit", "int", 101, _("A total reaching this is out."), min=1,
               preset_defaults=(("steps", 100),), label=_("Out at")),
        Switch("elimination_inclusive", "bool", True, _("A total of exactly the limit is out too."),
               label=_("Exactly the limit is out")),
        Switch("opening_min", "int", 40, _("Least opening value of a player's first lay-down."), min=0, max=200),
        Switch("opening_jokers", "enum", "count_as_card",
               _("A joker in the opening counts as its card, or only melds without one count."),
               choices=("count_as_card", "clean_must_reach"), label=_("Jokers in the opening")),
        Switch("hand_close_needs_opening", "bool", False, _("A closing in one turn must reach the opening too."),
               label=_("Closing in one turn needs the opening")),
        Switch("hand_close_multiplier", "int", 2, _("A closing in one turn multiplies everyone else's penalty."),
               min=1, max=4, label=_("Closing in one turn multiplies by")),
        Switch("unopened_penalty", "int_or_null", 100,
               _("What a player who never opened pays; empty to count his 13 cards."), min=0, max=500,
               only_when=_CARDS, label=_("Never opened pays"), none_words=_("the cards held")),
        Switch("lone_ace_value", "int", ACE_VALUE, _("An ace that is a player's only card counts this."),
               choices=(1, 11), label=_("A lone ace counts")),
        Switch("rejoin", "bool", True, _("A player who is out may come back for one more stake."),
               label=_("Re-entry")),
        Switch("rejoin_min_remaining", "int", 2, _("Players who must still be in for re-entry."), min=2, max=6,
               only_when=_REJOIN, label=_("Re-entry while still in")),
        Switch("rejoin_cutoff", "int_or_null", None, _("Re-entry is open only while nobody still in is above this."),
               min=0, only_when=_REJOIN, label=_("Re-entry while nobody is above"), none_words=_("no cutoff")),
        Switch("rejoin_score", "enum", "highest", _("Where a player who re-enters comes back."),
               choices=("highest", "highest_plus_one"), only_when=_REJOIN, label=_("Re-entry on")),
        Switch("max_rejoins", "int_or_null", None, _("Re-entries per player."), min=0, only_when=_REJOIN,
               label=_("Re-entries each")),
        Switch("rejoin_cost_mode", "enum", "same_stake", _("What each re-entry costs."),
               choices=("same_stake", "double_per_entry", "first_rebuy_equals_stake", "half_stake"),
               only_when=_REJOIN, label=_("A re-entry costs")),
    )

    # -- cards and melds ------------------------------------------------------------------------------

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return HAND_SIZE

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return JOKERS

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self.resolved(rules)
        return card_values(ACE_VALUE, JOKER_VALUE)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        self.resolved(rules)
        return MeldRules(
            game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True, run_min=3, run_max=None,
            ace_run="either_end", allow_ace_both_ends=False, joker_as_other_ace=True, max_jokers_per_meld=MAX_JOKERS_PER_MELD,
            min_naturals_per_meld=1, decks=self.PACKS, jokers_in_deck=JOKERS, ace_low_opening_value=1,
            ace_high_opening_value=ACE_VALUE,
        )

    def opening_minimum(self, rules: Rules | None = None) -> int | None:
        return self.resolved(rules).opening_min

    def check_opening(self, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None) -> OpeningCheck:
        """A first lay-down against ``opening_min``: every meld of the turn counts, a joker as its card; with
        ``opening_jokers = clean_must_reach`` only the melds without a joker count
        (docs/rules/scala40.md#the-opening)."""
        rules = self.resolved(rules)
        mrules = self.melds_and_values(rules)[0]
        full = check_opening(melds, mrules, rules.opening_min)
        if rules.opening_jokers != "clean_must_reach" or not full.melds:
            return full
        clean = [m for m in full.melds if not m.jokers]
        values = [m.value for m in clean]
        value = sum(values)
        valid = value >= rules.opening_min
        reason = _("only the melds without a joker count: {value} ({parts}), the minimum is {minimum}",
                   value=value, parts=" + ".join(map(str, values)) or "0", minimum=rules.opening_min)
        return OpeningCheck(valid, value, reason, tuple(values), full.melds)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        stepped = r.penalty_mode == "steps"
        if stepped:
            unopened = _("a player who never opened pays {flat}", flat=STEPS_UNOPENED)
        elif r.unopened_penalty is None:
            unopened = _("a player who never opened counts his 13 cards")
        else:
            unopened = _("a player who never opened pays {flat}", flat=r.unopened_penalty)
        lines = [
            _("Two packs and {jokers} jokers; {count} cards each.", jokers=JOKERS, count=HAND_SIZE),
            _("Sets: 3 or 4 of one rank, all of different suits. Runs: 3 or more in one suit, ace at either end, "
              "never wrapping."),
            _("At most one joker in a meld."),
            _("Open with melds worth at least {opening_min} (all melds of that turn count): pictures 10, ace 11 "
              "high or in a set and 1 low, a joker as its card.", opening_min=r.opening_min)
            if r.opening_jokers == "count_as_card" else
            _("Open with melds worth at least {opening_min} without a joker: pictures 10, ace 11 high or in a set "
              "and 1 low.", opening_min=r.opening_min),
            values_sentence(self.values(r)),
            _("Closing scores 0; everyone else pays every card held, and {unopened}.", unopened=unopened),
        ]
        if r.lone_ace_value != ACE_VALUE:
            lines.append(_("An ace that is a player's only card counts {value}.", value=r.lone_ace_value))
        if stepped:
            lines.append(_("Penalties go in steps of ten: 1–15 pays 10, 16–25 pays 20, and so on."))
        if r.hand_close_multiplier != 1:
            lines.append(_("Closing in one turn, never having opened, multiplies everyone else's penalty by "
                           "{mult}.", mult=r.hand_close_multiplier))
        lines.append(_("A closing in one turn must reach the opening too.") if r.hand_close_needs_opening else
                     _("A closing in one turn need not reach the opening."))
        lines.append(_("A total of {limit} or more is out.", limit=r.elimination_limit) if r.elimination_inclusive
                     else _("A total over {limit} is out.", limit=r.elimination_limit))
        if r.rejoin:
            on = (_("on the highest total still in + 1") if r.rejoin_score == "highest_plus_one"
                  else _("on the highest total still in"))
            line = _n("A player who is out may re-enter {on} for one more stake, while {count} player is still in.",
                      "A player who is out may re-enter {on} for one more stake, while {count} players are still in.",
                      r.rejoin_min_remaining, on=on)
            lines.append(line)
            if r.rejoin_cutoff is not None:
                lines.append(_("Re-entry is closed while anyone still in is above {cutoff}.", cutoff=r.rejoin_cutoff))
            if r.max_rejoins is not None:
                lines.append(_n("At most {count} re-entry each.", "At most {count} re-entries each.", r.max_rejoins))
        else:
            lines.append(_("No re-entry."))
        lines.append(_("The last one in wins the pot."))
        return lines

    # -- what a hand holds (docs/rules/scala40.md#what-is-entered) --------------------------------------

    def flat_unopened(self) -> int | None:
        """What a player who never opened pays whatever he holds (None: his cards are counted)."""
        house = self.house
        return STEPS_UNOPENED if house.penalty_mode == "steps" else house.unopened_penalty

    def parse_held(self, index: int, player: str, value: Any, fields: Iterable[str] = (),
                   instead: Iterable[str] = ()) -> Held:
        """Cards or points, and ``opened``; ``opened: false`` alone is enough while never opening pays a
        flat amount, and 13 cards said to be ``opened: true`` are refused (13 cards is never opened)."""
        if isinstance(value, Mapping) and value.get("opened") is False \
                and value.get("cards") is None and value.get("points") is None:
            unknown = set(value) - {"opened", "cards", "points"}
            if not unknown:
                if self.flat_unopened() is None:
                    raise InvalidHandError(_("{player} never opened: give the cards he holds or their points",
                                             player=player), entry=index, player=player, field="points")
                return Held(player, opened=False)
        held = super().parse_held(index, player, value, fields, instead)
        if held.cards is not None and len(held.cards) == HAND_SIZE and isinstance(value, Mapping) \
                and value.get("opened") is True:
            raise InvalidHandError(_("{player} is marked as opened but holds 13 cards: 13 cards means never opened",
                                     player=player), entry=index, player=player, field="cards")
        return held

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        return UNOPENED_POINTS_MAX

    def loser_counts(self, hand: Hand, held: Held) -> list[int]:
        if not held.opened:
            return [HAND_SIZE]
        return [HAND_SIZE] + list(range(1, OPENED_MAX + 1))

    def check_cards(self, hand: Hand) -> None:
        """The checks of docs/rules/scala40.md#checks, in order: typed points within what can be held, the
        card counts, the deck, the closer holding nothing, the closer's melds."""
        for name in hand.others:
            held = hand.held[name]
            if held.points is None:
                continue
            never = not held.opened
            most = UNOPENED_POINTS_MAX if never else OPENED_POINTS_MAX
            if held.points < 0 or held.points > most:
                raise hand.error(
                    _("{player} never opened: his 13 cards are worth at most {most} ({points})", player=name,
                      most=most, points=held.points) if never else
                    _("{player} opened: his cards are worth at most {most} ({points})", player=name, most=most,
                      points=held.points), player=name, field="points")
        for name in hand.others:
            held = hand.held[name]
            if held.cards is None:
                continue
            if not held.cards:
                raise hand.error(_("{name} holds no cards, so {name} closed too: only one player can", name=name),
                                 player=name, field="cards")
            if not held.opened and len(held.cards) != HAND_SIZE:
                raise hand.error(_("{player} never opened, so he holds 13 cards ({count})", player=name,
                                   count=len(held.cards)), player=name, field="cards")
            self.card_count(hand, held, self.loser_counts(hand, held), _("must hold"))
        self.check_copies(hand, melds_are_extra=True)
        closer = hand.held.get(hand.by)
        if closer is not None and (closer.cards or closer.points or not closer.opened):
            field = "cards" if closer.cards else "points"
            raise hand.error(_("{by} closed, so {by} holds nothing", by=hand.by), player=hand.by, field=field)
        self.check_melds(hand)
        if hand.end == "out_in_one_turn" and self.house.hand_close_needs_opening and hand.melds is not None:
            check = self.check_opening(hand.melds, self.house)
            if not check.valid:
                raise hand.error(_("the one-turn lay-down is worth {value}, less than {minimum}", value=check.value,
                                   minimum=self.house.opening_min), player=hand.by, field="melds")

    # -- scoring ----------------------------------------------------------------------------------------

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        one_turn = hand.end == "out_in_one_turn"
        scored = HandScore(winner=hand.by, summary=(_("{by} closed in one turn", by=hand.by) if one_turn
                                                    else _("{by} closed", by=hand.by)))
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = _("closed: 0")
        for name in hand.others:
            scored.scores[name], scored.explanations[name], scored.raw[name] = self.penalty(hand.held[name], one_turn)
        return scored

    def never_opened(self, held: Held) -> bool:
        return not held.opened or (held.cards is not None and len(held.cards) == HAND_SIZE)

    def base(self, held: Held) -> int:
        """What the cards held are worth (a lone ace counts ``lone_ace_value``), or the points typed."""
        if held.cards is None:
            return held.points or 0
        if len(held.cards) == 1 and held.cards[0].rank == 1 and not held.cards[0].is_joker:
            return self.house.lone_ace_value
        return self.held_points(held)

    def penalty(self, held: Held, one_turn: bool) -> tuple[int, Any, int]:
        """A player's penalty for the hand, its words (said when read) and the raw count
        (docs/rules/scala40.md#what-a-player-pays): the never-opened amount, the steps, the multiplier."""
        house = self.house
        never = self.never_opened(held)
        flat = self.flat_unopened() if never else None
        raw = flat if flat is not None else self.base(held)
        stepped = steps(raw) if house.penalty_mode == "steps" and flat is None else raw
        mult = house.hand_close_multiplier if one_turn else 1
        points = stepped * mult

        def words() -> str:
            if flat is not None:
                text = _("never opened: {flat}", flat=flat)
            elif held.cards is None:
                text = _("{points}", points=raw)
            elif len(held.cards) == 1 and held.cards[0].rank == 1 and not held.cards[0].is_joker:
                text = _("{cards}: {total} (a lone ace)", cards=held.cards[0].symbol, total=raw)
            else:
                text = self.held_value(held)[1]
            if stepped != raw:
                text = _("{said}, in steps: {stepped}", said=text, stepped=stepped)
            if mult != 1:
                text = _("{said} × {mult} = {points}", said=text, mult=mult, points=points)
            return text

        return points, Deferred(words), raw

    # -- the match ------------------------------------------------------------------------------------

    def elimination(self) -> tuple[int, bool] | None:
        return self.house.elimination_limit, self.house.elimination_inclusive

    def rebuy_policy(self) -> RebuyPolicy | None:
        house = self.house
        if not house.rejoin:
            return None
        return RebuyPolicy(min_remaining=house.rejoin_min_remaining, max_rebuys=house.max_rejoins,
                           score="highest_plus_one" if house.rejoin_score == "highest_plus_one" else "highest_remaining",
                           cost=house.rejoin_cost_mode, cutoff=house.rejoin_cutoff, word=self.rebuy_word)


__all__ = ["Scala40", "steps"]
