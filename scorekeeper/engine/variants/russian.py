"""Russian Rummy: contract rummy over exactly 5 deals, lowest total wins (docs/rules/russian.md).

Each deal has a contract (2 books; 1 straight; 2 books + 1 straight; 3 books; 2 straights + 1 book with
every card laid at once). Straights are 4+ cards, books 3+ of one rank with suits irrelevant. One
54-card pack per two players. This module declares the five contracts (``DEAL_CONTRACTS``), which
``engine.contracts`` checks as it checks any contract game's; ``check_contract``, ``contract_in_hand`` and
``final_contract`` here are those checks by deal number.

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
from typing import Iterable

from ..cards import Card, format_cards
from ..hands import Hand, HandScore, MatchState
from ..i18n import _, _n, joined
from .. import contracts
from ..contracts import Contract
from ..melds import ContractCheck, MeldCheck, MeldRules
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


# -- the contracts: checking a lay-down, finding one in a hand (docs/rules/russian.md#contracts) -------

#: Russian Rummy contracts: deal -> (books, straights) (docs/rules/russian.md#contracts).
CONTRACTS: dict[int, tuple[int, int]] = {1: (2, 0), 2: (0, 1), 3: (2, 1), 4: (3, 0), 5: (1, 2)}




#: Russian Rummy's deals as the contracts every contract game declares (``engine.contracts``)
DEAL_CONTRACTS = tuple(Contract(sets=books, runs=straights, whole=deal == DEALS)
                       for deal, (books, straights) in sorted(CONTRACTS.items()))


def _no_such_deal(deal: int) -> ContractCheck:
    return ContractCheck(False, _("there is no deal {deal}: Russian Rummy has deals 1 to 5", deal=deal))


def check_contract(
    deal: int,
    melds: Iterable[str | Iterable[Card]],
    mrules: MeldRules,
    *,
    no_discard: bool = True,
    hand: str | Iterable[Card] | None = None,
) -> ContractCheck:
    """Check a Russian Rummy lay-down against deal ``deal``'s contract (docs/rules/russian.md#contracts),
    through ``engine.contracts.check_contract``.

    Exactly the contract's melds, each valid; two books may share a rank; in deal 5 the two
    straights may share a suit, and (with ``no_discard``) the melds must hold every card of
    ``hand``. With ``hand`` in deals 1-4, the melds must come from it.

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> check_contract(1, ["9S 9H 9D", "9C 9S JK"], russian).valid
    True
    >>> print(check_contract(2, ["4H 5H 6H 7H", "KS KH KD"], russian).reason)
    deal 2 asks for 1 straight, not 1 book and 1 straight: lay only the contract's melds
    """
    if deal not in CONTRACTS:
        return _no_such_deal(deal)
    return contracts.check_contract(DEAL_CONTRACTS[deal - 1], melds, mrules, deal=deal, no_discard=no_discard,
                                    hand=hand)


def contract_in_hand(deal: int, cards: str | Iterable[Card], mrules: MeldRules, *,
                     no_discard: bool = True) -> ContractCheck:
    """Does this whole hand hold deal ``deal``'s contract, and how (docs/rules/russian.md#contracts)?
    ``engine.contracts.contract_in_hand`` answers, exactly.

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> found = contract_in_hand(3, "9S 9H 9D KC KD KH 4H 5H 6H JK 2S", russian)
    >>> found.valid, [format_cards(m.cards) for m in found.melds]
    (True, ['JKR 4♥ 5♥ 6♥', '9♠ 9♥ 9♦', 'K♣ K♦ K♥'])
    >>> print(contract_in_hand(3, "9S 9H 9D 9C 4H 5H 6H JK KD", russian).reason)
    deal 3 asks for 2 books and 1 straight; these cards hold 1 book and 1 straight at once
    """
    if deal not in CONTRACTS:
        return _no_such_deal(deal)
    return contracts.contract_in_hand(DEAL_CONTRACTS[deal - 1], cards, mrules, deal=deal, no_discard=no_discard)


def final_contract(cards: str | Iterable[Card], mrules: MeldRules, *,
                   no_discard: bool = True) -> tuple[MeldCheck, ...] | None:
    """Deal 5: a lay-down of the **whole** hand as exactly 1 book + 2 straights (all cards but one
    discard unless ``no_discard``), as (straight, straight, book); None when there is none
    (``engine.contracts.whole_lay_down``, bounded at any hand size up to the cards bound).

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> [format_cards(m.cards) for m in final_contract("5S 5H 5D 3C 4C 5C 6C 8H 9H JK JH QH KH", russian)]
    ['3♣ 4♣ 5♣ 6♣', '8♥ 9♥ JKR J♥ Q♥ K♥', '5♠ 5♥ 5♦']
    >>> final_contract("5S 5H 5D 3C 4C 5C 6C 8H 9H 10H JH 2D", russian) is None
    True
    """
    return contracts.whole_lay_down(DEAL_CONTRACTS[DEALS - 1], cards, mrules, no_discard=no_discard)


# -- the game -----------------------------------------------------------------------------------------


def contract_words(deal: int, *, whole: bool = True) -> str:
    """The deal's contract in words (``whole=False``: only its melds, without deal 5's way of laying them).

    >>> contract_words(3), contract_words(DEALS), contract_words(DEALS, whole=False)
    ('2 books + 1 straight', '1 book + 2 straights, all at once, no discard', '1 book + 2 straights')
    """
    words = melds_words(*CONTRACTS[deal])
    return _("{melds}, all at once, no discard", melds=words) if deal == DEALS and whole else words


def melds_words(books: int, straights: int) -> str:
    """So many books and straights in words: "2 books + 1 straight"."""
    parts = []
    if books:
        parts.append(_n("{count} book", "{count} books", books))
    if straights:
        parts.append(_n("{count} straight", "{count} straights", straights))
    return joined(" + ", parts)


class Russian(GoingOut, Variant):
    key = "russian"
    order = 20
    name = "Russian Rummy"
    aliases = ("russian rummy", "russian_rummy", "contract")
    summary = _("Contract rummy over 5 deals with books and 4-card straights; lowest total wins.")
    min_players, max_players = 2, 8
    ends = ("out",)
    contracts = DEAL_CONTRACTS
    not_opened_word = _("contract not made")
    declared_melds_use = _("checked against the contract")
    deck_grows_with_players = True
    FIXED = {"deals": DEALS, "jokers_per_deck": JOKERS_PER_DECK}
    SWITCHES = (
        Switch("card_value_table", "enum", "five_ten_fifteen_25", _("Penalty values of cards held."),
               choices=tuple(VALUE_TABLES)),
        Switch("ace_run_position", "enum", "either_end", _("Where the ace may sit in a straight."),
               choices=("either_end", "low_only", "high_only")),
        Switch("min_naturals_per_meld", "int", 1, _("Natural cards each meld must hold."), min=0, max=3),
        Switch("max_jokers_per_meld", "int_or_null", None, _("Jokers allowed in one meld."),
               min=0),
        Switch("book_max_on_laydown", "int_or_null", None, _("Largest book when laid down."),
               min=3),
        Switch("final_deal_no_discard", "bool", True, _("In deal 5 every card must be laid, with no discard.")),
        Switch("tie_break", "enum", "shared", _("Equal lowest totals after deal 5."),
               choices=("shared", "fewest_points_in_last_deal")),
        Switch("failed_contract_flat_penalty", "int", 0,
               _("Extra points for a player who never made the deal's contract."), min=0),
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
        return VALUE_TABLES[self.resolved(rules).card_value_table]

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self.resolved(rules)
        return MeldRules(
            game_name=self.name, set_word="book", run_word="straight",
            set_min=3, set_max=rules.book_max_on_laydown, set_distinct_suits=False,
            run_min=4, run_max=None, ace_run=rules.ace_run_position,
            max_jokers_per_meld=rules.max_jokers_per_meld, min_naturals_per_meld=rules.min_naturals_per_meld,
            decks=self.decks(rules.n_players), jokers_in_deck=self.jokers(rules=rules),
            # opening values are not used in Russian Rummy; the aces still read 1 low and 11 high
        )

    def whole_without_discard(self, rules: Rules | None = None) -> bool:
        return self.resolved(rules).final_deal_no_discard

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        n = r.n_players
        deck = (_n("{count} pack of 52 with {jokers} jokers", "{count} packs of 52 with {jokers} jokers",
                   self.decks(n), jokers=self.jokers(n))
                if n else _("one 54-card pack (52 + 2 jokers) for every two players"))
        ace = {"either_end": _("at either end (A-2-3-4 or J-Q-K-A)"), "low_only": _("low only"),
               "high_only": _("high only")}[r.ace_run_position]
        contracts = joined("; ", [_("deal {deal}: {melds}", deal=d, melds=melds_words(b, s))
                                  for d, (b, s) in CONTRACTS.items()])
        lines = [
            _("{deck}; {count} cards each, every deal.", deck=deck, count=self.cards_dealt()),
            _("Books: 3 or more of one rank, suits irrelevant. Straights: 4 or more in one suit, ace {ace}, never "
              "wrapping.", ace=ace),
            _("Contracts: {contracts}. Lay only the contract's melds, then lay off.", contracts=contracts),
            _("Deal {deal}: lay every card at once, with no discard.", deal=DEALS) if r.final_deal_no_discard else
            _("Deal {deal}: lay all cards but one and discard it.", deal=DEALS),
            values_sentence(self.values(r)),
            _("The player who goes out scores 0; everyone else counts every card in hand."),
            _("Exactly {deals} deals; the lowest total wins (ties share).", deals=DEALS) if r.tie_break == "shared"
            else _("Exactly {deals} deals; the lowest total wins (ties: fewest points in deal {deals}).", deals=DEALS),
        ]
        if r.failed_contract_flat_penalty:
            lines.append(_("Not making the contract adds {penalty} (not in deal {deal}).",
                           penalty=r.failed_contract_flat_penalty, deal=DEALS))
        return lines

    # -- a hand: the deal's contract, then going out (docs/rules/russian.md#how-a-hand-ends) ---------------

    def typed_multiple(self) -> int | None:
        # every card of the default table counts a multiple of 5 (docs/rules/common.md#typed-points)
        values = self.melds_and_values()[1]
        return 5 if all(v % 5 == 0 for v in values) else None

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        deal = hand.number
        self.check_cards(hand)
        if hand.melds is not None:
            self.check_hand_contract(hand, deal)
        flat = self.house.failed_contract_flat_penalty
        scored = HandScore(winner=hand.by, summary=_("deal {deal} ({contract}): {by} went out", deal=deal,
                                                     contract=contract_words(deal), by=hand.by))
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = _("went out: 0")
        for name in hand.others:
            held = hand.held[name]
            raw, text = self.raw_count(hand, held)
            if flat and not held.opened and deal != DEALS:
                raw += flat
                text = _("{said} + {flat} (contract not made) = {raw}", said=text, flat=flat, raw=raw)
            scored.scores[name] = raw
            scored.explanations[name] = text
        return scored

    def check_hand_contract(self, hand: Hand, deal: int) -> None:
        winner = hand.held.get(hand.by)
        cards = winner.cards if winner is not None and winner.cards else None
        no_discard = deal == DEALS and self.house.final_deal_no_discard
        check = check_contract(deal, hand.melds, self.melds_and_values()[0], no_discard=no_discard, hand=cards)
        if not check.valid:
            raise hand.error(_("{by}'s lay-down: {reason}", by=hand.by, reason=check.reason), player=hand.by,
                             field="melds")

    def check_winner(self, hand: Hand) -> None:
        """Points 0, or cards fully melded; in deal 5, every card in exactly the contract
        (docs/rules/common.md#the-winners-cards, docs/rules/russian.md#deal-5).

        Deals 1–4: the winner's cards shown must all be in melds (the variant's least-deadwood
        arrangement leaves nothing). Deal 5: with ``melds``, :meth:`check_contract` compares them with the
        cards; without, some split of the cards into 1 book + 2 straights (all but the discard when
        ``final_deal_no_discard`` is off) must exist, which the engine finds itself for any hand up to
        the cards bound (20 after "I want it" claims).
        """
        cards = self.winner_cards(hand)
        if not cards:
            return
        if hand.number != DEALS:
            left = self.unmelded(cards)
            if left:
                raise not_melded(hand, hand.by, _("went out"), left)
            return
        no_discard = self.house.final_deal_no_discard
        if hand.melds is not None:
            # check_contract(..., hand=cards) compares them; name a card left out in the player's words
            left = physical(cards) - physical(c for meld in hand.melds for c in meld)
            if no_discard and left:
                raise not_melded(hand, hand.by, _("went out in deal {deal}", deal=DEALS),
                                 sorted(left.elements(), key=Card.sort_key))
            return
        # the whole hand, however many cards claims added (up to the cards bound): the search for deal
        # 5's lay-down is bounded by its windows, not by the cards (docs/hardening.md)
        if final_contract(cards, self.melds_and_values()[0], no_discard=no_discard) is not None:
            return
        contract = contract_words(DEALS, whole=False)
        left = self.unmelded(cards)
        if len(left) > (0 if no_discard else 1):
            what = _n("{cards} is not in a meld", "{cards} are not in a meld", len(left), cards=format_cards(left))
        else:
            what = _("the cards shown do not make exactly {contract}", contract=contract)
        rule = (_("deal {deal} is {contract}", deal=DEALS, contract=contract_words(DEALS)) if no_discard
                else _("in deal {deal} all cards but the discard make {contract}", deal=DEALS, contract=contract))
        raise hand.error(_("{by} went out in deal {deal} but {what}: {rule}", by=hand.by, deal=DEALS, what=what,
                           rule=rule), player=hand.by, field="cards")

    def check_cards(self, hand: Hand) -> None:
        winner = hand.held.get(hand.by)
        self.check_copies(hand, melds_are_extra=not (winner is not None and winner.cards))
        for name in hand.others:
            held = hand.held[name]
            if held.cards is not None and not held.cards:
                raise hand.error(_("{name} holds no cards, so {name} went out too: only one player can", name=name),
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
