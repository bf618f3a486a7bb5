"""Liverpool Rummy: contract rummy over exactly 7 deals, lowest total wins (docs/rules/liverpool.md).

This module owns the seven contracts (``DEAL_CONTRACTS``, checked by ``engine.contracts`` as every
contract game's are), the cards each deal deals (``cards_dealt``), the bounds buying sets on a hand, the
card-value house rules, the exact cut (a flag on one player per deal) and a deal ended by the stock
running out.

>>> from scorekeeper.engine.variants import find_variant
>>> liverpool = find_variant("liverpool")
>>> liverpool.contract_words(7, whole=True)
'3 runs, all at once, no discard'
>>> [liverpool.card_value(c) for c in ("JK", "AS", "KS", "2S")]
[15, 15, 10, 2]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping

from ..cards import Card, format_cards, parse_cards
from ..contracts import Contract, whole_lay_down
from ..hands import Hand, HandScore, Held, InvalidHandError, MatchState
from ..i18n import _, _n, joined
from ..melds import MeldRules
from ..entry_fields import EntryField, EntryFields
from .base import InvalidRulesError, Rules, Switch, Variant, card_values, values_sentence
from .going_out import GoingOut, not_melded

#: The seven deals and their contracts; the cards each deals come from ``cards_dealt``
#: (docs/rules/liverpool.md#the-seven-contracts).
DEAL_CONTRACTS = (
    Contract(sets=2),
    Contract(sets=1, runs=1),
    Contract(runs=2),
    Contract(sets=3),
    Contract(sets=2, runs=1),
    Contract(sets=1, runs=2),
    Contract(runs=3, whole=True),
)
DEALS = len(DEAL_CONTRACTS)
#: the fewest cards each deal's contract holds (sets of 3, runs of 4)
FEWEST = tuple(3 * c.sets + 4 * c.runs for c in DEAL_CONTRACTS)
DEFAULT_DEALT = (10, 10, 10, 10, 12, 12, 12)
#: with no limit on buys, a hand may hold this many cards beyond the deal: ten buys, a bound and not a rule
UNLIMITED_BUYS_CARDS = 20


class Liverpool(GoingOut, Variant):
    key = "liverpool"
    order = 97  # after the games most tables play, beside Russian Rummy's family on the rules index
    name = "Liverpool Rummy"
    aliases = ("liverpool rummy", "liverpool_rummy")
    summary = _("Contract rummy over 7 deals with sets and 4-card runs; lowest total wins.")
    min_players, max_players = 2, 8
    ends = ("out", "stock_exhausted")
    contracts = DEAL_CONTRACTS
    declared_melds_use = _("checked against the deal's contract")
    deck_grows_with_players = True
    FIXED = {"deals": DEALS}
    extra_cards_held = UNLIMITED_BUYS_CARDS
    SWITCHES = (
        Switch("card_values", "enum", "pip", _("Values of the numeral cards held."), choices=("pip", "five_ten"),
               label=_("Numeral cards count")),
        Switch("ace_value", "int", 15, _("What an ace held at the end counts."), min=1, max=50),
        Switch("joker_value", "int", 15, _("What a joker held at the end counts."), min=0, max=100),
        Switch("deuces_wild", "bool", False, _("Deuces are wild (and count 15 when held)."), label=_("Wild deuces")),
        Switch("decks", "int", 2, _("52-card packs in play (2 up to 4 players, 3 from 5)."), min=2, max=4,
               label=_("Packs")),
        Switch("jokers_in_deck", "int", 4, _("Jokers in play (two per pack unless set)."), min=0, max=8),
        Switch("cards_dealt", "int_list", DEFAULT_DEALT, _("Cards dealt in each of the 7 deals."), min=5, max=20),
        Switch("max_buys", "int_or_null", None, _("Discards a player may buy in one deal."), min=0, max=10,
               label=_("Buys per deal")),
        Switch("exact_cut_bonus", "int_or_null", 50, _("Taken off the score of a player who cuts exactly."),
               min=0, max=200, none_words=_("not played"), label=_("Exact cut")),
        Switch("final_deal_no_discard", "bool", True, _("In deal 7 every card must be laid, with no discard.")),
        Switch("min_naturals_per_meld", "int", 1, _("Natural cards each meld must hold."), min=0, max=3),
        Switch("max_jokers_per_meld", "int_or_null", None, _("Jokers allowed in one meld."), min=0),
        Switch("tie_break", "enum", "shared", _("Equal lowest totals after deal 7."),
               choices=("shared", "fewest_points_in_last_deal")),
    )

    # -- the house rules ----------------------------------------------------------------------------

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        decks = house.get("decks", 3 if n_players is not None and n_players >= 5 else 2)
        return {"decks": decks, "jokers_in_deck": 2 * decks if isinstance(decks, int) else 4}

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        if values["jokers_in_deck"] > 2 * values["decks"]:
            raise InvalidRulesError(_("jokers_in_deck must be 0 to {most} with {decks} packs, not {value}",
                                      most=2 * values["decks"], decks=values["decks"],
                                      value=values["jokers_in_deck"]))
        dealt = values["cards_dealt"]
        if len(dealt) != DEALS or any(isinstance(n, bool) or not isinstance(n, int) for n in dealt):
            raise InvalidRulesError(_("cards_dealt must be 7 whole numbers, one per deal"))
        for deal, (n, fewest) in enumerate(zip(dealt, FEWEST), start=1):
            if not fewest - 1 <= n <= 20:
                raise InvalidRulesError(_("cards_dealt for deal {deal} must be {low} to 20, not {value}: the "
                                          "contract needs {fewest} cards after the draw", deal=deal,
                                          low=fewest - 1, value=n, fewest=fewest))
        values["cards_dealt"] = tuple(dealt)
        if n_players is not None:
            cards = 52 * values["decks"] + values["jokers_in_deck"]
            most = max(dealt)
            if n_players * most + 1 > cards:
                raise InvalidRulesError(_("{count} players cannot be dealt {dealt} cards each from {cards} cards",
                                          count=n_players, dealt=most, cards=cards))

    def contract(self, deal: int, rules: Rules | None = None) -> Contract | None:
        found = super().contract(deal, rules)
        if found is None:
            return None
        return replace(found, cards=self.resolved(rules).cards_dealt[deal - 1])

    def whole_without_discard(self, rules: Rules | None = None) -> bool:
        return self.resolved(rules).final_deal_no_discard

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        # the most any deal deals; each deal's own is ``deal_cards``
        return max(self.resolved(rules).cards_dealt)

    def decks(self, n_players: int | None = None) -> int:
        if self.house is not None:
            return self.house.decks
        return 3 if n_players is not None and n_players >= 5 else 2

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        r = self.resolved(rules)
        values = list(card_values(r.ace_value, r.joker_value, low=5 if r.card_values == "five_ten" else None))
        if r.deuces_wild:
            values[2] = 15
        return tuple(values)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        r = self.resolved(rules)
        return MeldRules(game_name=self.name, set_min=3, set_max=None, set_distinct_suits=False, run_min=4,
                         run_max=None, ace_run="either_end", max_jokers_per_meld=r.max_jokers_per_meld,
                         min_naturals_per_meld=r.min_naturals_per_meld, decks=r.decks,
                         jokers_in_deck=r.jokers_in_deck)

    def _as_melded(self, cards: str | Iterable[Card], rules: Rules | None = None) -> list[Card]:
        """The cards as the meld search reads them: with wild deuces a 2 stands in as a joker."""
        cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
        if not self.resolved(rules).deuces_wild:
            return cards
        return [Card.joker() if c.rank == 2 and not c.is_joker else c for c in cards]

    def check_meld(self, cards: Any, rules: Rules | None = None, **deal: Any) -> Any:
        return super().check_meld(self._as_melded(cards, rules), rules, **deal)

    def contract_in_hand(self, deal: int, cards: str | Iterable[Card], rules: Rules | None = None) -> Any:
        return super().contract_in_hand(deal, self._as_melded(cards, rules), rules)

    def buys_cards(self, rules: Rules | None = None) -> int:
        """Cards buying may add to a hand in one deal: two per buy (D-L3)."""
        buys = self.resolved(rules).max_buys
        return UNLIMITED_BUYS_CARDS if buys is None else 2 * buys

    def hand_bound(self, deal: int, rules: Rules | None = None) -> int:
        """B: the most cards a player who did not go out can hold in deal ``deal``."""
        return self.resolved(rules).cards_dealt[deal - 1] + self.buys_cards(rules)

    def highest_value(self, rules: Rules | None = None) -> int:
        r = self.resolved(rules)
        return max(10, r.ace_value, r.joker_value, 15 if r.deuces_wild else 0)

    def lowest_value(self, rules: Rules | None = None) -> int:
        """The least a single card counts at this table."""
        r = self.resolved(rules)
        values = self.values(r)
        return min(values[1:]) if not r.jokers_in_deck else min(values)

    def typed_multiple(self) -> int | None:
        r = self.resolved()
        if r.card_values == "five_ten" and r.ace_value % 5 == 0 and r.joker_value % 5 == 0:
            return 5
        return None

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        # the largest deal's bound; each deal's own is checked in ``raw_count``
        return max(self.hand_bound(d, rules) for d in range(1, DEALS + 1)) * self.highest_value(rules)

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        base = super().entry_fields(rules, n_players)
        fields = list(base.fields)
        if self.resolved(rules).exact_cut_bonus is not None:
            fields.append(EntryField("exact_cut", "flag", _("Cut exactly"), per="player", ticked=True,
                                     help=_("The player who cut lifted exactly the cards the deal needed.")))
        return replace(base, fields=tuple(fields))

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        n = r.n_players
        deck = (_n("{count} pack of 52 with {jokers} jokers", "{count} packs of 52 with {jokers} jokers",
                   r.decks, jokers=r.jokers_in_deck)
                if n else _("2 packs of 52 with 4 jokers up to 4 players, 3 packs with 6 from 5 players"))
        deals = joined("; ", [_("deal {deal}: {contract}, {cards} cards", deal=d, contract=self.contract_words(d, r),
                                cards=r.cards_dealt[d - 1]) for d in range(1, DEALS + 1)])
        lines = [
            _("{deck}.", deck=deck),
            _("Sets: 3 or more of one rank, suits irrelevant. Runs: 4 or more in one suit, ace low or high, never "
              "round the corner."),
            _("Contracts: {deals}.", deals=deals),
            _("Deal {deal}: every card in three runs at once, with no discard.", deal=DEALS)
            if r.final_deal_no_discard else _("Deal {deal}: three runs, and a discard.", deal=DEALS),
            values_sentence(self.values(r)),
            _("The player who goes out scores 0; everyone else counts every card in hand."),
        ]
        if r.deuces_wild:
            lines.append(_("Deuces are wild and count 15 when held."))
        if r.max_buys is not None:
            lines.append(_n("Each player may buy {count} discard a deal (it brings a penalty card).",
                            "Each player may buy {count} discards a deal (each brings a penalty card).",
                            r.max_buys, count=r.max_buys))
        if r.exact_cut_bonus is not None:
            lines.append(_("A player who cuts exactly the cards needed takes {bonus} off his score.",
                           bonus=r.exact_cut_bonus))
        lines.append(_("Exactly {deals} deals; the lowest total wins (ties share).", deals=DEALS)
                     if r.tie_break == "shared" else
                     _("Exactly {deals} deals; the lowest total wins (ties: fewest points in deal {deals}).",
                       deals=DEALS))
        return lines

    # -- a hand ----------------------------------------------------------------------------------------

    def parse_held(self, index: int, player: str, value: Any, fields: Iterable[str] = (),
                   instead: Iterable[str] = ()) -> Held:
        if not isinstance(value, Mapping) or "exact_cut" not in value:
            return super().parse_held(index, player, value, [f for f in fields if f != "exact_cut"], instead)
        cut = value["exact_cut"]
        if not isinstance(cut, bool):
            raise InvalidHandError(_("{player}: 'exact_cut' must be true or false", player=player), entry=index,
                                   player=player, field="exact_cut")
        rest = {k: v for k, v in value.items() if k != "exact_cut"}
        held = super().parse_held(index, player, rest, [f for f in fields if f != "exact_cut"], instead)
        if cut:
            held.marks = {**held.marks, "exact_cut": True}
        return held

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return player == hand.by

    def loser_counts(self, hand: Hand, held: Held) -> range:
        return range(1, self.hand_bound(hand.number) + 1)

    def raw_count(self, hand: Hand, held: Held) -> tuple[int, str]:
        if not held.typed:
            return self.held_value(held)
        points = held.points
        bound = self.hand_bound(hand.number)
        most = bound * self.highest_value()
        least = self.lowest_value()
        multiple = self.typed_multiple()
        name = held.player
        if isinstance(points, bool) or points is None or points < least:
            raise hand.error(_("{player}: {points} is not possible: no card is worth less than {least}",
                               player=name, points=points, least=least), player=name, field="points")
        if points > most:
            raise hand.error(_("{player}: {points} points is more than a hand can hold in deal {deal} (at most "
                               "{most}: {count} cards)", player=name, points=points, deal=hand.number, most=most,
                               count=bound), player=name, field="points")
        if multiple and points % multiple:
            raise hand.error(_("{player}: {pts} is not possible: every card counts a multiple of {multiple_of}",
                               player=name, pts=points, multiple_of=multiple), player=name, field="points")
        return points, _("{points}", points=points)

    def check_cuts(self, hand: Hand) -> list[str]:
        cutters = [name for name, held in hand.held.items() if held.marks.get("exact_cut")]
        if cutters and self.house.exact_cut_bonus is None:
            raise hand.error(_("the exact cut is not played at this table"), player=cutters[0], field="exact_cut")
        if len(cutters) > 1:
            raise hand.error(_("only one player cuts: {players} are both marked as cutting exactly",
                               players=joined(_(" and "), cutters)), player=cutters[1], field="exact_cut")
        return cutters

    def check_winner(self, hand: Hand) -> None:
        """Points 0, or cards in valid melds: all of them but one (the discard); in deal 7 every card in
        three runs (docs/rules/liverpool.md#going-out)."""
        cards = self.winner_cards(hand)
        if not cards:
            return
        deal = hand.number
        melded = self._as_melded(cards)
        if deal == DEALS:
            no_discard = self.house.final_deal_no_discard
            meld_rules = self.melds_and_values()[0]
            if whole_lay_down(self.contract(DEALS), melded, meld_rules, no_discard=no_discard) is not None:
                return
            left = [c for c, m in zip(cards, melded) if m in self.unmelded(melded) and not m.is_joker] or cards
            contract = self.contract_words(DEALS)
            words = (_("{by} went out in deal {deal}, but the cards are not {contract} using every card: {cards} "
                       "left over", by=hand.by, deal=deal, contract=contract, cards=format_cards(left))
                     if no_discard else
                     _("{by} went out in deal {deal}, but the cards are not {contract} and one discard: {cards} left "
                       "over", by=hand.by, deal=deal, contract=contract, cards=format_cards(left)))
            raise hand.error(words, player=hand.by, field="cards")
        if not self.unmelded(melded):
            return
        for card in sorted(set(melded), key=Card.sort_key):
            rest = list(melded)
            rest.remove(card)
            if not self.unmelded(rest):
                return
        raise not_melded(hand, hand.by, _("went out"), [c for c in self.unmelded(melded)])

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        deal = hand.number
        cutters = self.check_cuts(hand)
        self.check_cards(hand)
        if hand.melds is not None and hand.by is not None:
            winner = hand.held.get(hand.by)
            check = self.check_contract(deal, [self._as_melded(m) for m in hand.melds],
                                        hand=self._as_melded(winner.cards) if winner is not None and winner.cards
                                        else None)
            if not check.valid:
                raise hand.error(_("{by}'s lay-down: {reason}", by=hand.by, reason=check.reason), player=hand.by,
                                 field="melds")
        contract = self.contract_words(deal)
        if hand.by is None:
            summary = _("deal {deal} ({contract}): the stock ran out", deal=deal, contract=contract)
        else:
            summary = _("deal {deal} ({contract}): {by} went out", deal=deal, contract=contract, by=hand.by)
        scored = HandScore(winner=hand.by, summary=summary)
        if hand.by is not None:
            scored.scores[hand.by] = 0
            scored.explanations[hand.by] = _("went out: 0")
        for name in hand.others:
            scored.scores[name], scored.explanations[name] = self.raw_count(hand, hand.held[name])
        bonus = self.house.exact_cut_bonus
        for name in cutters:
            before = scored.scores.get(name, 0)
            scored.scores[name] = before - bonus
            said = scored.explanations.get(name, _("{points}", points=before))
            scored.explanations[name] = _("{said} − {bonus} (exact cut) = {score}", said=said, bonus=bonus,
                                          score=str(before - bonus).replace("-", "−"))
        return scored

    def context(self, state: MatchState) -> dict[str, Any]:
        found = super().context(state)
        deal = found.get("deal")
        found["cards_dealt"] = self.house.cards_dealt[deal - 1] if deal else None
        return found

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if state.hands_played < DEALS:
            return None
        lowest = self.best_of(list(state.players), state)
        if len(lowest) > 1 and self.house.tie_break == "fewest_points_in_last_deal":
            last = {n: scored.scores.get(n, 0) for n in lowest}
            fewest = min(last.values())
            lowest = [n for n in lowest if last[n] == fewest]
        return lowest


__all__ = ["Liverpool", "DEAL_CONTRACTS", "DEALS"]
