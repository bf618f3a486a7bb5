"""Russian Rummy: contract rummy over exactly 5 deals, lowest total wins (docs/rules/russian.md).

Each deal has a contract (2 books; 1 straight; 2 books + 1 straight; 3 books; 2 straights + 1 book with
every card laid at once). Straights are 4+ cards, books 3+ of one rank with suits irrelevant. One
54-card pack per two players.

>>> from scorekeeper.engine.variants import find_variant
>>> russian = find_variant("russian")
>>> russian.check_meld("JD QD KD AD").word
'straight'
>>> russian.check_contract(3, ["9S 9H 9D", "9C 9S JK", "4H 5H 6H JK"]).valid
True
>>> [russian.card_value(c) for c in ("JK", "AS", "KS", "2S")]
[25, 15, 10, 5]
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping

from ..cards import Card, format_cards
from ..hands import Hand, HandScore, MatchState
from ..limits import solver_cards_limit
from ..melds import CONTRACTS, ContractCheck, MeldRules, check_contract, contract_in_hand
from .base import Rules, Switch, Variant, card_values, values_sentence
from .going_out import GoingOut, not_melded, physical

#: Fixed, not switches (docs/rules/russian.md).
DEALS = 5
HAND_SIZE = 13
JOKERS_PER_DECK = 2

#: Penalty tables by ``card_value_table`` (docs/rules/russian.md#what-is-counted): values as
#: ``card_values`` builds them.
VALUE_TABLES = {
    "five_ten_fifteen_25": card_values(15, 25, low=5),
    "pip": card_values(15, 25),
    "contract_15": card_values(15, 15),
}


def contract_words(deal: int) -> str:
    """The deal's contract in words.

    >>> contract_words(3), contract_words(DEALS)
    ('2 books + 1 straight', '1 book + 2 straights, all at once, no discard')
    """
    books, straights = CONTRACTS[deal]
    parts = []
    if books:
        parts.append(f"{books} book{'s' if books > 1 else ''}")
    if straights:
        parts.append(f"{straights} straight{'s' if straights > 1 else ''}")
    words = " + ".join(parts)
    return words + (", all at once, no discard" if deal == DEALS else "")


class Russian(GoingOut, Variant):
    key = "russian"
    name = "Russian Rummy"
    aliases = ("russian rummy", "russian_rummy", "contract")
    summary = "Contract rummy over 5 deals with books and 4-card straights; lowest total wins."
    min_players, max_players = 2, 8
    ends = ("out",)
    contract_deals = DEALS
    not_opened_word = "contract not made"
    declared_melds_use = "checked against the contract"
    deck_grows_with_players = True
    FIXED = {"deals": DEALS, "jokers_per_deck": JOKERS_PER_DECK}
    SWITCHES = (
        Switch("card_value_table", "enum", "five_ten_fifteen_25", "Penalty values of cards held.",
               choices=tuple(VALUE_TABLES)),
        Switch("ace_run_position", "enum", "either_end", "Where the ace may sit in a straight.",
               choices=("either_end", "low_only", "high_only")),
        Switch("min_naturals_per_meld", "int", 1, "Natural cards each meld must hold.", min=0, max=3),
        Switch("max_jokers_per_meld", "int_or_null", None, "Jokers allowed in one meld; null for no limit.",
               min=0),
        Switch("book_max_on_laydown", "int_or_null", None, "Largest book when laid down; null for no limit.",
               min=3),
        Switch("final_deal_no_discard", "bool", True, "In deal 5 every card must be laid, with no discard."),
        Switch("tie_break", "enum", "shared", "Equal lowest totals after deal 5.",
               choices=("shared", "fewest_points_in_last_deal")),
        Switch("failed_contract_flat_penalty", "int", 0,
               "Extra points for a player who never made the deal's contract.", min=0),
    )

    #: cards a player may hold beyond the deal and the draw: each "I want it" claim adds the discard and
    #: a penalty card (docs/rules/russian.md#at-a-glance); three claims in one deal is more than any table sees
    extra_cards_held = 6

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return HAND_SIZE

    def decks(self, n_players: int | None = None) -> int:
        # Without a player count, allow the largest table's deck: refusing a card that a bigger table
        # holds would be wrong, and the match check knows the real count.
        return math.ceil((n_players if n_players is not None else self.max_players) / 2)

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        if n_players is None and rules is not None:
            n_players = rules.n_players
        return JOKERS_PER_DECK * self.decks(n_players)

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        return VALUE_TABLES[self._resolve(rules).card_value_table]

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self._resolve(rules)
        return MeldRules(
            game_name=self.name, set_word="book", run_word="straight",
            set_min=3, set_max=rules.book_max_on_laydown, set_distinct_suits=False,
            run_min=4, run_max=None, ace_run=rules.ace_run_position,
            max_jokers_per_meld=rules.max_jokers_per_meld, min_naturals_per_meld=rules.min_naturals_per_meld,
            decks=self.decks(rules.n_players), jokers_in_deck=self.jokers(rules=rules),
            # opening values are not used in Russian Rummy; the aces still read 1 low and 11 high
        )

    def check_contract(self, deal: int, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None,
                       hand: str | Iterable[Card] | None = None) -> ContractCheck:
        """Check a lay-down against deal ``deal``'s contract (and deal 5's all cards, no discard)."""
        rules = self._resolve(rules)
        return check_contract(deal, melds, self.meld_rules(rules), no_discard=rules.final_deal_no_discard,
                              hand=hand)

    def contract_in_hand(self, deal: int, cards: str | Iterable[Card], rules: Rules | None = None) -> ContractCheck:
        """Does this whole hand hold deal ``deal``'s contract, and how (else the closest it comes)?"""
        return contract_in_hand(deal, cards, self._solver(rules)[0],
                                no_discard=self._resolve(rules).final_deal_no_discard)

    def rules_sheet(self, rules: Rules | None = None) -> list[str]:
        r = self._resolve(rules)
        n = r.n_players
        deck = (f"{self.decks(n)} pack{'s' if self.decks(n) != 1 else ''} of 52 with {self.jokers(n)} jokers"
                if n else "one 54-card pack (52 + 2 jokers) for every two players")
        ace = {"either_end": "at either end (A-2-3-4 or J-Q-K-A)", "low_only": "low only",
               "high_only": "high only"}[r.ace_run_position]
        contracts = "; ".join(
            f"deal {d}: " + " + ".join(p for p in (
                f"{b} book{'s' if b != 1 else ''}" if b else "", f"{s} straight{'s' if s != 1 else ''}" if s else "")
                if p) for d, (b, s) in CONTRACTS.items())
        lines = [
            f"{deck}; {self.cards_dealt()} cards each, every deal.",
            f"Books: 3 or more of one rank, suits irrelevant. Straights: 4 or more in one suit, ace {ace}, "
            "never wrapping.",
            f"Contracts: {contracts}. Lay only the contract's melds, then lay off.",
            f"Deal {DEALS}: " + ("lay every card at once, with no discard." if r.final_deal_no_discard
                          else "lay all cards but one and discard it."),
            values_sentence(self.values(r)),
            "The player who goes out scores 0; everyone else counts every card in hand.",
            f"Exactly {DEALS} deals; the lowest total wins"
            + (" (ties share)." if r.tie_break == "shared" else f" (ties: fewest points in deal {DEALS})."),
        ]
        if r.failed_contract_flat_penalty:
            lines.append(f"Not making the contract adds {r.failed_contract_flat_penalty} (not in deal {DEALS}).")
        return lines

    # -- a hand: the deal's contract, then going out (docs/rules/russian.md#how-a-hand-ends) ---------------

    def typed_multiple(self) -> int | None:
        # every card of the default table counts a multiple of 5 (docs/rules/common.md#typed-points)
        values = self._solver()[1]
        return 5 if all(v % 5 == 0 for v in values) else None

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        if entry.get("upcard") is not None:
            raise hand.error("this game has no upcard", field="upcard")
        deal = entry.get("deal")
        if deal is not None and deal != hand.number:
            raise hand.error(f"this is deal {hand.number}, not deal {deal}", field="deal")
        hand.deal = hand.number

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        deal = hand.number
        self.check_cards(hand)
        if hand.melds is not None:
            self.check_hand_contract(hand, deal)
        flat = self.house.failed_contract_flat_penalty
        scored = HandScore(winner=hand.by, summary=f"deal {deal} ({contract_words(deal)}): {hand.by} went out")
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = "went out: 0"
        for name in hand.others:
            held = hand.held[name]
            raw, text = self.raw_count(hand, held)
            if flat and not held.opened and deal != DEALS:
                raw += flat
                text += f" + {flat} (contract not made) = {raw}"
            scored.scores[name] = raw
            scored.explanations[name] = text
        return scored

    def check_hand_contract(self, hand: Hand, deal: int) -> None:
        winner = hand.held.get(hand.by)
        cards = winner.cards if winner is not None and winner.cards else None
        no_discard = deal == DEALS and self.house.final_deal_no_discard
        check = check_contract(deal, hand.melds, self._solver()[0], no_discard=no_discard, hand=cards)
        if not check.valid:
            raise hand.error(f"{hand.by}'s lay-down: {check.reason}", player=hand.by, field="melds")

    def check_winner(self, hand: Hand) -> None:
        """Points 0, or cards fully melded; in deal 5, every card in exactly the contract
        (docs/rules/common.md#the-winners-cards, docs/rules/russian.md#deal-5).

        Deals 1–4: the winner's cards shown must all be in melds (the variant's least-deadwood
        arrangement leaves nothing). Deal 5: with ``melds``, :meth:`check_contract` compares them with the
        cards; without, some split of the cards into 1 book + 2 straights (all but the discard when
        ``final_deal_no_discard`` is off) must exist.
        """
        cards = self.winner_cards(hand)
        if not cards:
            return
        if hand.number != DEALS:
            left = self.unmelded(cards)
            if left:
                raise not_melded(hand, hand.by, "went out", left)
            return
        no_discard = self.house.final_deal_no_discard
        if hand.melds is not None:
            # check_contract(..., hand=cards) compares them; name a card left out in the player's words
            left = physical(cards) - physical(c for meld in hand.melds for c in meld)
            if no_discard and left:
                raise not_melded(hand, hand.by, f"went out in deal {DEALS}", sorted(left.elements(), key=Card.sort_key))
            return
        searchable = solver_cards_limit(self, len(self.players), self.house)
        if len(cards) > searchable:
            # a hand enlarged by claims is past what the contract search may be handed in one request
            # (docs/hardening.md): its melds, as laid down, are checked one by one instead
            raise hand.error(f"{hand.by} went out in deal {DEALS} with {len(cards)} cards: enter the melds "
                             f"laid down (a hand of more than {searchable} cards is checked meld by meld)",
                             player=hand.by, field="melds")
        if contract_in_hand(DEALS, cards, self._solver()[0], no_discard=no_discard).valid:
            return
        contract = contract_words(DEALS).split(",")[0]
        left = self.unmelded(cards)
        if len(left) > (0 if no_discard else 1):
            what = f"{format_cards(left)} {'is' if len(left) == 1 else 'are'} not in a meld"
        else:
            what = f"the cards shown do not make exactly {contract}"
        rule = (f"deal {DEALS} is {contract_words(DEALS)}" if no_discard
                else f"in deal {DEALS} all cards but the discard make {contract}")
        raise hand.error(f"{hand.by} went out in deal {DEALS} but {what}: {rule}", player=hand.by, field="cards")

    def check_cards(self, hand: Hand) -> None:
        winner = hand.held.get(hand.by)
        self.check_copies(hand, melds_are_extra=not (winner is not None and winner.cards))
        for name in hand.others:
            held = hand.held[name]
            if held.cards is not None and not held.cards:
                raise hand.error(f"{name} holds no cards, so {name} went out too: only one player can",
                                 player=name, field="cards")
        self.check_winner(hand)

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if state.hands_played < DEALS:
            return None
        lowest = self.best_of(list(state.players), state)
        if len(lowest) > 1 and self.house.tie_break == "fewest_points_in_last_deal":
            last = {n: scored.scores.get(n, 0) for n in lowest}
            fewest = min(last.values())
            lowest = [n for n in lowest if last[n] == fewest]
        return lowest

    def context(self, state: MatchState) -> dict[str, Any]:
        deal = state.hands_played + 1
        if state.finished or deal > DEALS:
            return {"deal": None, "contract": None}
        return {"deal": deal, "contract": contract_words(deal)}
