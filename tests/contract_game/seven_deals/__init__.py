"""Seven Deals, a contract game in a package of its own (docs/engine.md, "Adding a game": the second example).

Three to five players, two packs and four jokers. Each of seven deals has its contract: the sets and runs a
player must lay before laying off or going out, and the cards dealt (10 in deals 1-4, 12 in deals 5-7). Sets
are 3 or more of one rank, suits irrelevant; runs 4 or more in one suit, the ace high or low. In deal 7 every
card is laid at once, with no discard. A player may buy up to ``buys`` discards in a deal. The player who
goes out scores 0; everyone else adds the cards they hold: 2-9 count 5, 10 to king 10, an ace 15 and a joker
``joker_value`` (50). After deal 7 the lowest total wins (ties share).
"""

from __future__ import annotations

from scorekeeper.engine.cards import format_cards
from scorekeeper.engine.contracts import Contract, whole_lay_down
from scorekeeper.engine.hands import Hand, HandScore, Held, MatchState
from scorekeeper.engine.i18n import _, joined
from scorekeeper.engine.melds import MeldRules
from scorekeeper.engine.variants import Rules, Switch, Variant
from scorekeeper.engine.variants.base import card_values, values_sentence
from scorekeeper.engine.variants.going_out import GoingOut

#: the deals: each one's contract and the cards it deals
DEALS = (
    Contract(sets=2, cards=10),
    Contract(sets=1, runs=1, cards=10),
    Contract(runs=2, cards=10),
    Contract(sets=3, cards=10),
    Contract(sets=2, runs=1, cards=12),
    Contract(sets=1, runs=2, cards=12),
    Contract(runs=3, cards=12, whole=True),
)


class SevenDeals(GoingOut, Variant):
    key = "seven_deals"
    name = "Seven Deals"
    aliases = ("seven deals", "7 deals")
    summary = _("Seven deals, each with its own contract; the lowest total after deal 7 wins.")
    min_players, max_players = 3, 5
    ends = ("out",)
    contracts = DEALS
    PACKS = 2
    #: a player may buy up to three discards in a deal, each one card more in hand
    extra_cards_held = 3
    declared_melds_use = _("checked against the deal's contract")
    FIXED = {"deals": len(DEALS)}
    SWITCHES = (
        Switch("joker_value", "int", 50, _("What a joker held at the end counts."), choices=(25, 50)),
        Switch("buys", "int", 3, _("Discards a player may buy in one deal."), min=0, max=3),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return max(contract.cards for contract in DEALS)  # the most any deal deals

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 4

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        return card_values(15, self.resolved(rules).joker_value, low=5)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        return MeldRules(game_name=self.name, set_min=3, set_max=None, set_distinct_suits=False, run_min=4,
                         ace_run="either_end", decks=2, jokers_in_deck=4)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        deals = joined("; ", [_("deal {deal}: {contract}, {cards} cards", deal=d, contract=self.contract_words(d, r),
                                cards=self.deal_cards(d, rules=r)) for d in range(1, len(DEALS) + 1)])
        return [
            _("Two packs and four jokers."),
            _("Sets: 3 or more of one rank. Runs: 4 or more in one suit, ace high or low."),
            _("Contracts: {deals}.", deals=deals),
            _("Deal {deal}: every card is laid at once, with no discard.", deal=len(DEALS)),
            _("Up to {buys} discards may be bought in a deal.", buys=r.buys),
            values_sentence(self.values(r)),
            _("The player who goes out scores 0; the lowest total after deal {deals} wins.", deals=len(DEALS)),
        ]

    # -- a hand --------------------------------------------------------------------------------------------

    def loser_counts(self, hand: Hand, held: Held) -> range:
        # the deal's cards, the card drawn and the cards bought
        return range(1, self.deal_cards(hand.number, len(self.players)) + 2 + self.house.buys)

    def check_winner(self, hand: Hand) -> None:
        contract = self.contract(hand.number)
        cards = self.winner_cards(hand)
        if cards and hand.melds is None and contract is not None and contract.whole:
            # the last deal: the whole hand must be the contract, laid at once
            if whole_lay_down(contract, cards, self.melds_and_values()[0]) is None:
                raise hand.error(_("{by} went out in deal {deal} but {cards} do not make {contract}", by=hand.by,
                                   deal=hand.number, cards=format_cards(cards),
                                   contract=self.contract_words(hand.number, whole=True)),
                                 player=hand.by, field="cards")
            return
        super().check_winner(hand)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        deal = hand.number
        self.check_cards(hand)
        if hand.melds is not None:
            winner = hand.held.get(hand.by)
            check = self.check_contract(deal, hand.melds, hand=winner.cards if winner is not None else None)
            if not check.valid:
                raise hand.error(_("{by}'s lay-down: {reason}", by=hand.by, reason=check.reason), player=hand.by,
                                 field="melds")
        scored = HandScore(winner=hand.by, summary=_("deal {deal} ({contract}): {by} went out", deal=deal,
                                                     contract=self.contract_words(deal), by=hand.by))
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = _("went out: 0")
        for name in hand.others:
            scored.scores[name], scored.explanations[name] = self.raw_count(hand, hand.held[name])
        return scored

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        # ``state`` already counts this hand: the seventh deal ends the match
        if state.hands_played < len(DEALS):
            return None
        return self.best_of(list(state.players), state)


__all__ = ["SevenDeals", "DEALS"]
