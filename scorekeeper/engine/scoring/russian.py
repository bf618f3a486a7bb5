"""Russian Rummy's scoring (RULES.md §2, §10.2): five deals with fixed contracts, lowest total wins.

The deal number is derived (non-void hands so far + 1) and names the contract. The player who goes out
scores 0; everyone else counts every card they hold (joker 25, ace 15, 10-K 10, 2-9 5 by default), plus
``failed_contract_flat_penalty`` for a player marked ``opened: false`` (never in deal 5).

>>> from scorekeeper.engine.match import replay
>>> rr1 = {"kind": "hand", "end": "out", "by": "P", "held": {"Q": {"cards": "9S KD JK"},
...        "R": {"cards": "AC AD 4H 4S 7C 8D 9H 10S JC QH KS 2D 3C"}}}
>>> s = replay({"variant": "russian", "players": ["P", "Q", "R"], "entries": [rr1]})
>>> [p.total for p in s.players], s.deal, s.contract
([0, 40, 105], 2, '1 straight')
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping

from ..cards import Card, format_cards
from .base import Hand, HandScore, MatchState, ceil_div
from .going_out import GoingOutScorer, not_melded, physical

DEALS = 5
#: deal -> (books, straights) (§2.2)
CONTRACTS = {1: (2, 0), 2: (0, 1), 3: (2, 1), 4: (3, 0), 5: (1, 2)}

DEFAULTS: dict[str, Any] = {
    "card_value_table": "five_ten_fifteen_25", "ace_run_position": "either_end", "min_naturals_per_meld": 1,
    "max_jokers_per_meld": None, "book_max_on_laydown": None, "final_deal_no_discard": True, "tie_break": "shared",
    "failed_contract_flat_penalty": 0,
}


def contract_words(deal: int) -> str:
    """The deal's contract in words.

    >>> contract_words(3), contract_words(5)
    ('2 books + 1 straight', '1 book + 2 straights, all at once, no discard')
    """
    books, straights = CONTRACTS[deal]
    parts = []
    if books:
        parts.append(f"{books} book{'s' if books > 1 else ''}")
    if straights:
        parts.append(f"{straights} straight{'s' if straights > 1 else ''}")
    words = " + ".join(parts)
    return words + (", all at once, no discard" if deal == 5 else "")


class RussianScorer(GoingOutScorer):
    key = "russian"
    ends = ("out",)
    DEFAULTS = DEFAULTS
    FALLBACK_VALUES = (25, 15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)

    def decks(self) -> int:
        return ceil_div(len(self.players), 2)

    def jokers(self) -> int:
        return 2 * self.decks()

    def typed_multiple(self) -> int | None:
        return 5 if self.rules.get("card_value_table", "five_ten_fifteen_25") == "five_ten_fifteen_25" else None

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
            self.check_contract(hand, deal)
        flat = int(self.rules.get("failed_contract_flat_penalty", 0) or 0)
        scored = HandScore(winner=hand.by, summary=f"deal {deal} ({contract_words(deal)}): {hand.by} went out")
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = "went out: 0"
        for name in hand.others:
            held = hand.held[name]
            raw, text = self.raw_count(hand, held)
            if flat and not held.opened and deal != 5:
                raw += flat
                text += f" + {flat} (contract not made) = {raw}"
            scored.scores[name] = raw
            scored.explanations[name] = text
        return scored

    def check_contract(self, hand: Hand, deal: int) -> None:
        from ..melds import check_contract
        winner = hand.held.get(hand.by)
        cards = winner.cards if winner is not None and winner.cards else None
        no_discard = deal == 5 and bool(self.rules.get("final_deal_no_discard", True))
        check = check_contract(deal, hand.melds, self.meld_rules(), no_discard=no_discard, hand=cards)
        if not check.valid:
            raise hand.error(f"{hand.by}'s lay-down: {check.reason}", player=hand.by, field="melds")

    def check_winner(self, hand: Hand) -> None:
        """Points 0, or cards fully melded; in deal 5, every card in exactly the contract (§10.0.2, §10.2).

        Deals 1–4: the winner's cards shown must all be in melds (the variant's least-deadwood
        arrangement leaves nothing). Deal 5: with ``melds``, :meth:`check_contract` compares them with the
        cards; without, some split of the cards into 1 book + 2 straights (all but the discard when
        ``final_deal_no_discard`` is off) must exist.
        """
        cards = self.winner_cards(hand)
        if not cards:
            return
        if hand.number != 5:
            left = self.unmelded(cards)
            if left:
                raise not_melded(hand, hand.by, "went out", left)
            return
        no_discard = bool(self.rules.get("final_deal_no_discard", True))
        if hand.melds is not None:
            # check_contract(..., hand=cards) compares them; name a card left out in the player's words
            left = physical(cards) - physical(c for meld in hand.melds for c in meld)
            if no_discard and left:
                raise not_melded(hand, hand.by, "went out in deal 5", sorted(left.elements(), key=Card.sort_key))
            return
        if self.contract_split(cards, no_discard):
            return
        contract = contract_words(5).split(",")[0]
        left = self.unmelded(cards)
        if len(left) > (0 if no_discard else 1):
            what = f"{format_cards(left)} {'is' if len(left) == 1 else 'are'} not in a meld"
        else:
            what = f"the cards shown do not make exactly {contract}"
        rule = (f"deal 5 is {contract_words(5)}" if no_discard
                else f"in deal 5 all cards but the discard make {contract}")
        raise hand.error(f"{hand.by} went out in deal 5 but {what}: {rule}", player=hand.by, field="cards")

    def contract_split(self, cards: list[Card], no_discard: bool) -> list[list[Card]] | None:
        """Melds making exactly deal 5's contract from ``cards`` (less one discard unless ``no_discard``)."""
        if not no_discard:
            for i in range(len(cards)):
                found = self.contract_split(cards[:i] + cards[i + 1:], True)
                if found:
                    return found
            return None
        from ..melds import check_contract, check_meld
        mrules = self.meld_rules()
        n = len(cards)
        idx = range(n)

        def valid(sub: list[Card], kind: str) -> bool:
            check = check_meld(sub, mrules)
            return check.valid and check.kind == kind

        jokers = [i for i in idx if cards[i].is_joker]
        ranks = sorted({cards[i].rank for i in idx if not cards[i].is_joker})
        books: list[tuple[int, ...]] = [()] if jokers else []  # a book of jokers only, if the rules allow
        for rank in ranks:
            naturals = [i for i in idx if not cards[i].is_joker and cards[i].rank == rank]
            books += [nat for k in range(len(naturals), 0, -1) for nat in combinations(naturals, k)]
        for nat in books:
            for j in range(len(jokers) + 1):
                book_idx = set(nat) | set(jokers[:j])
                if len(book_idx) < 3:
                    continue
                book = [cards[i] for i in sorted(book_idx)]
                if not valid(book, "set"):
                    continue
                rest = [i for i in idx if i not in book_idx]
                for split in self._two_straights(cards, rest, valid):
                    melds = [book] + split
                    if check_contract(5, melds, mrules, no_discard=True, hand=cards).valid:
                        return melds
        return None

    @staticmethod
    def _two_straights(cards: list[Card], rest: list[int], valid: Any):
        """Every split of ``rest`` into two straights (naturals of one suit each, jokers shared out)."""
        if len(rest) < 8:
            return
        jokers = [i for i in rest if cards[i].is_joker]
        naturals = [i for i in rest if not cards[i].is_joker]
        suits = sorted({cards[i].suit for i in naturals})
        if len(suits) > 2:
            return
        if len(suits) == 2:
            groups = [([i for i in naturals if cards[i].suit == suits[0]],
                       [i for i in naturals if cards[i].suit == suits[1]])]
        else:
            groups = []
            first, others = naturals[:1], naturals[1:]
            for k in range(len(others) + 1):
                for pick in combinations(others, k):
                    groups.append((first + list(pick), [i for i in others if i not in pick]))
        seen: set = set()
        for a, b in groups:
            for j in range(len(jokers) + 1):
                one = a + jokers[:j]
                two = b + jokers[j:]
                if len(one) < 4 or len(two) < 4:
                    continue
                key = (tuple(sorted(c.code for c in (cards[i] for i in one))),
                       tuple(sorted(c.code for c in (cards[i] for i in two))))
                if key in seen:
                    continue
                seen.add(key)
                m1, m2 = [cards[i] for i in one], [cards[i] for i in two]
                if valid(m1, "run") and valid(m2, "run"):
                    yield [m1, m2]

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
        if len(lowest) > 1 and self.rules.get("tie_break", "shared") == "fewest_points_in_last_deal":
            last = {n: scored.scores.get(n, 0) for n in lowest}
            fewest = min(last.values())
            lowest = [n for n in lowest if last[n] == fewest]
        return lowest

    def context(self, state: MatchState) -> dict[str, Any]:
        deal = state.hands_played + 1
        if state.finished or deal > DEALS:
            return {"deal": None, "contract": None}
        return {"deal": deal, "contract": contract_words(deal)}
