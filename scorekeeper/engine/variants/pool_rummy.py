"""Pool Rummy (101 and 201): 13-card Indian rummy played as an elimination pool (docs/rules/pool_rummy.md).

This module owns the game: its switches (the ``pool`` preset sets the line and the drops), the points
of one deal (the declarer 0; the others their count capped at 80, a first or a middle drop, or a wrong
show), the drops each player has left, the rejoin (a ``rebuy`` on the highest total still in + 1 while
nobody still in is above the cutoff), the split, and the melds of a declaration: a pure sequence, an
impure sequence, a set, and whether 13 cards make a valid declaration (two sequences, one of them pure).

A hand may be typed as cards: the player's whole hand, with the printed jokers and the deal's cut wild
rank (the hand's ``wild_rank``) worth 0 and free to stand for any card. The engine then groups the cards
the way that counts least, as a player at the table would; a hand without two sequences, one of them
pure, counts every card.

>>> from scorekeeper.engine.variants import find_variant
>>> pool = find_variant("pool_rummy")
>>> pool.check_meld("5H 6H 7H").word, pool.check_meld("5H JK 7H").word, pool.check_meld("9S 9H JK").word
('pure sequence', 'impure sequence', 'set')
>>> pool.check_meld("5H 6H 9H", wild_rank=9).word
'impure sequence'
>>> pool.count("AS KS QS 2D 2C 7H 8H 9H 4C 4D 4S JK 10D").points
10
>>> pool.count("AS KD 2D 3C 7H 8S 9H 4C 5D 6S 10H 10D JC").points
94
>>> pool.check_declaration("AS KS QS 2D 3D 4D 7H 8H JK 4C 4D 4S 10D", wild_rank=10).valid
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Iterable, Mapping

from ..solver import Arrangement
from ..cards import RANK_LABELS, Card, InvalidCardError, check_copies, format_cards, parse_cards
from ..ends import End
from ..hands import Hand, HandScore, Held, MatchState, RebuyPolicy
from ..i18n import _, _n, message_of
from ..melds import MeldCheck, MeldRules, check_meld as _check_meld
from ..entry_fields import EntryField, EntryFields
from .base import InvalidRulesError, Rules, Switch, Variant, card_values

#: Fixed, not switches (docs/rules/pool_rummy.md): no source gives a wrong show other than 80
WRONG_SHOW = 80
HAND_SIZE = 13
#: the highest raw count a hand can hold: 13 cards of at most 10
RAW_MAX = HAND_SIZE * 10
PACKS = 2
PRINTED_JOKERS = 2
DROPS = ("first", "middle")
_RANK_OF_LABEL = {label: rank for rank, label in RANK_LABELS.items()} | {"T": 10}


def _wild(value: Any) -> int | None:
    """A wild rank given as a number or as a label; anything else (none given, a bad label): none."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 13:
        return value
    return _rank(value)


def _rank(value: Any) -> int | None:
    """A wild rank as a document spells it ("7", "A", "10"), or None when it is not one."""
    if isinstance(value, str):
        return _RANK_OF_LABEL.get(value.strip().upper())
    return None


# -- the groups of a declaration ------------------------------------------------------------------------

@dataclass(frozen=True)
class Grouping:
    """How a hand is counted: the groups found, the cards left loose and what they count."""

    melds: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    points: int
    #: two sequences, one of them pure: only the loose cards count (otherwise every card does)
    declared: bool


def _value(rank: int, wild: int | None) -> int:
    """What a natural card counts: ace and pictures 10, pips their face, the wild rank 0."""
    if rank == wild:
        return 0
    return 10 if rank in (1, 11, 12, 13) else rank


def _group(dear: tuple[tuple[int, str], ...], printed: int, wilds: tuple[str, ...], wild: int | None):
    """The least count of the ``dear`` natural cards (rank, suit; every card worth something), with
    ``printed`` jokers and the cards of the wild rank (``wilds``, their suits), grouped into sets and
    sequences with at least two sequences, one of them pure: (count, groups), or None when no grouping
    has them. A group is a tuple of the cards it takes: (rank, suit), or "J" for a printed joker.

    Jokers and wild cards count nothing, so a group always holds a card worth something: the search
    takes the dearest card left and either leaves it loose or puts it in each group it can be in, each
    group taking the fewest jokers it needs (a gap in a sequence, or a set or sequence short of 3). A
    card of the wild rank fills its own place in a sequence as itself (the sequence stays pure); as a
    joker it is taken after the printed jokers, each choice of suit tried."""

    @lru_cache(maxsize=None)
    def best(cards: tuple, jk: int, wl: tuple, pure: bool, runs: int):
        if not cards:
            return (0, ()) if pure and runs >= 2 else None
        card = max(cards, key=lambda c: (_value(c[0], wild), c))
        rest = list(cards)
        rest.remove(card)
        found = None
        sub = best(tuple(rest), jk, wl, pure, runs)
        if sub is not None:
            found = (_value(card[0], wild) + sub[0], sub[1])
        for meld, left, left_jk, left_wl, is_run, is_pure in _groups_with(card, rest, jk, wl, wild):
            sub = best(left, left_jk, left_wl, pure or (is_run and is_pure), min(2, runs + is_run))
            if sub is not None and (found is None or sub[0] < found[0]):
                found = (sub[0], ((meld, is_run, is_pure),) + sub[1])
                if found[0] == 0:
                    break
        return found

    return best(tuple(sorted(dear)), printed, tuple(sorted(wilds)), False, 0)


def _jokers(n: int, jk: int, wl: tuple[str, ...], wild: int | None):
    """Every way to take ``n`` jokers: printed ones first (all alike), then each different choice of
    wild cards by suit (which suit's wild card is left may matter: it can still fill its own place in a
    sequence). A list of (taken, printed left, wilds left); empty when there are not enough."""
    if n <= 0:
        return [((), jk, wl)]
    if n > jk + len(wl):
        return []
    use = min(n, jk)
    if n == use:
        return [(("J",) * use, jk - use, wl)]
    ways = []
    for suits in sorted(set(combinations(sorted(wl), n - use))):
        left = list(wl)
        for s in suits:
            left.remove(s)
        ways.append((("J",) * use + tuple((wild, s) for s in suits), 0, tuple(sorted(left))))
    return ways


def _groups_with(card, rest: list, jk: int, wl: tuple, wild: int | None):
    """Every group holding ``card``, each with the fewest jokers it needs: (group, cards left, printed
    jokers left, wild cards left, is a sequence, is pure)."""
    rank, suit = card
    # sequences in the card's suit; the ace plays low (A-2-3) or high (Q-K-A), never round the corner
    same = {}
    for c in rest:
        if c[1] == suit:
            same.setdefault(c[0], c)
    # a card of the wild rank in this suit may end a sequence as itself (J♠ Q♠ K♠ with jacks wild is pure)
    as_itself = {wild, 14} if wild == 1 else {wild}
    own = as_itself if wild is not None and suit in wl else set()
    for at in ([rank, 14] if rank == 1 else [rank]):
        ends = sorted({at} | {r for r in same if r != at} | ({14} if 1 in same and at != 1 else set()) | own)
        for lo in [r for r in ends if r <= at]:
            for hi in [r for r in ends if r >= at]:
                if hi - lo > 12 or (lo == 1 and hi == 14):
                    continue
                took, left, gaps, own_wilds = [card], list(rest), 0, list(wl)
                for r in range(lo, hi + 1):
                    if r == at:
                        continue
                    natural = 1 if r == 14 else r
                    if natural in same and same[natural] in left:
                        took.append(same[natural])
                        left.remove(same[natural])
                    elif natural == wild and suit in own_wilds:
                        own_wilds.remove(suit)
                        took.append((wild, suit))
                    else:
                        gaps += 1
                short = max(0, 3 - (hi - lo + 1))
                for taken, left_jk, left_wl in _jokers(gaps + short, jk, tuple(own_wilds), wild):
                    yield (tuple(took) + taken, tuple(sorted(left)), left_jk, left_wl, True, gaps + short == 0)
    # sets: 3 or 4 of the rank, each suit at most once, jokers making up 3
    others = sorted({c for c in rest if c[0] == rank and c[1] != suit})
    for k in range(0, min(len(others), 3) + 1):
        for chosen in combinations(others, k):
            if len({c[1] for c in chosen}) != k:
                continue
            left = list(rest)
            for c in chosen:
                left.remove(c)
            for taken, left_jk, left_wl in _jokers(max(0, 2 - k), jk, wl, wild):
                yield ((card, *chosen) + taken, tuple(sorted(left)), left_jk, left_wl, False, False)


def _has_pure_sequence(cards: Iterable[Card], wild_rank: int | None) -> bool:
    """Whether three or more of these cards make a sequence in one suit with no joker."""
    dear = sorted((c.rank, c.suit) for c in cards if not c.is_joker and c.rank != wild_rank)
    wilds = tuple(sorted(c.suit for c in cards if not c.is_joker and c.rank == wild_rank))
    for i, card in enumerate(dear):
        rest = dear[:i] + dear[i + 1:]
        if any(run and pure for *_g, run, pure in _groups_with(card, rest, 0, wilds, wild_rank)):
            return True
    return False


def _as_cards(group: tuple) -> tuple[Card, ...]:
    """A group's cards, in the order a player lays them: by rank (the ace after a king), jokers last."""
    high = any(c != "J" and c[0] == 13 for c in group)
    cards = [Card.joker() if c == "J" else Card(c[0], c[1]) for c in group]
    return tuple(sorted(cards, key=lambda c: (c.is_joker, 14 if c.rank == 1 and high else c.rank, c.suit)))


def group_cards(cards: Iterable[Card], wild_rank: int | None) -> Grouping:
    """The count of a hand at the end of a deal, before the cap: the grouping that counts least with
    two sequences, one of them pure; without such a grouping, every card counts."""
    cards = list(cards)
    dear = tuple((c.rank, c.suit) for c in cards if not c.is_joker and c.rank != wild_rank)
    wilds = tuple(c.suit for c in cards if not c.is_joker and c.rank == wild_rank)
    printed = sum(1 for c in cards if c.is_joker)
    everything = sum(_value(r, wild_rank) for r, _s in dear)
    found = _group(dear, printed, wilds, wild_rank)
    if found is None or found[0] >= everything and everything > 0:
        return Grouping((), tuple(cards), everything, False)
    points, found_groups = found[0], list(found[1])
    groups = [list(_as_cards(g)) for g, _run, _pure in found_groups]
    loose = list(cards)
    for g in groups:
        for c in g:
            loose.remove(c)
    # a joker or wild card left over joins a group, as it would on the table (it counts nothing either
    # way): an impure sequence, else a set short of 4, else a pure sequence when another stays pure
    pures = sum(1 for _g, run, pure in found_groups if run and pure)
    for c in [c for c in loose if c.is_joker or c.rank == wild_rank]:
        at = next((i for i, (_g, run, pure) in enumerate(found_groups) if run and not pure), None)
        if at is None:
            at = next((i for i, (_g, run, _p) in enumerate(found_groups) if not run and len(groups[i]) < 4), None)
        if at is None and pures >= 2:
            at = next(i for i, (_g, run, pure) in enumerate(found_groups) if run and pure)
            found_groups[at] = (found_groups[at][0], True, False)
            pures -= 1
        if at is not None:
            groups[at].append(c)
            loose.remove(c)
    return Grouping(tuple(tuple(g) for g in groups), tuple(loose), points, True)


# -- the game ---------------------------------------------------------------------------------------------

_DROPS_WORDS = {"first": _("first drop"), "middle": _("middle drop")}


def _deck_holds(cards: list[Card], mrules: MeldRules) -> bool:
    """Whether the deck holds these cards as typed (no more copies of a card than there are packs)."""
    try:
        check_copies(cards, mrules.decks, mrules.jokers_in_deck)
    except InvalidCardError:
        return False
    return True


class PoolRummy(Variant):
    key = "pool_rummy"
    order = 80
    name = "Pool Rummy"
    aliases = ("pool", "pool rummy 101", "pool rummy 201", "101 pool", "201 pool", "101", "201")
    summary = _("13-card Indian rummy: declare with two sequences, one pure; 101 (or 201) is out; rejoin, "
                "last one in wins.")
    min_players, max_players = 2, 6
    PACKS = PACKS
    ends = ("declare",)
    own_ends = (End("declare", _("Declare"), _("declare"), "declare",
                    lambda n: _n("{count} declaration", "{count} declarations", n, count=n)),)
    shared_entry_kinds = ("split",)
    counts_loose_cards = True
    rebuy_word = "rejoin"
    PRESET_SWITCH = "pool"
    FIXED = {"wrong_show": WRONG_SHOW}
    SWITCHES = (
        Switch("pool", "enum", "101", _("The pool: 101 (drops 20 / 40) or 201 (drops 25 / 50)."),
               choices=("101", "201"), label=_("Pool")),
        Switch("elimination_limit", "int", 101, _("A total reaching this line is out."), min=1,
               preset_defaults=(("101", 101), ("201", 201)), label=_("Out at")),
        Switch("elimination_inclusive", "bool", True, _("A total of exactly the line is out too."),
               label=_("Exactly the line is out")),
        Switch("first_drop", "int", 20, _("A drop before the first draw scores this."), min=0, max=100,
               preset_defaults=(("101", 20), ("201", 25)), label=_("First drop")),
        Switch("middle_drop", "int", 40, _("A drop later in the deal scores this."), min=0, max=100,
               preset_defaults=(("101", 40), ("201", 50)), label=_("Middle drop")),
        Switch("full_count_cap", "int_or_null", 80, _("The most a count scores (the full count)."), min=1,
               max=RAW_MAX, label=_("Full count"), none_words=_("no cap")),
        Switch("rejoin_cutoff", "int_or_null", 79, _("A rejoin is open only while nobody still in is above this."),
               min=0, preset_defaults=(("101", 79), ("201", 174)), label=_("Rejoin while nobody is above"),
               none_words=_("no cutoff")),
        Switch("rejoin_score", "enum", "highest_plus_one", _("Where a rejoiner comes back."),
               choices=("highest_plus_one", "highest"), label=_("Rejoin on")),
        Switch("max_rejoins", "int_or_null", None, _("Rejoins per player."), min=0, label=_("Rejoins each")),
        Switch("max_drops", "int_or_null", None, _("Drops per player, first and middle alike."), min=0,
               label=_("Drops each")),
        Switch("drops_on_rejoin", "enum", "carry_over", _("Drops a rejoiner has left: the same, or a number."),
               choices=("carry_over",) + tuple(str(k) for k in range(11)), label=_("Drops after a rejoin")),
    )

    # -- house rules ---------------------------------------------------------------------------------

    def rules(self, n_players: int | None = None, **house: Any) -> Rules:
        """As every game's, but ``drops_on_rejoin`` is ``carry_over`` or a whole number (the document
        may spell it 2 or "2")."""
        k = house.get("drops_on_rejoin")
        if isinstance(k, int) and not isinstance(k, bool):
            house = dict(house, drops_on_rejoin=str(k))
        return super().rules(n_players, **house)

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        k = values.get("drops_on_rejoin")
        if k not in (None, "carry_over"):
            if values.get("max_drops") is None:
                raise InvalidRulesError(_("drops_on_rejoin can be a number only with max_drops"))
            if int(k) > values["max_drops"]:
                raise InvalidRulesError(_("drops_on_rejoin ({k}) cannot be more than max_drops ({max_drops})",
                                          k=int(k), max_drops=values["max_drops"]))

    # -- cards and melds -----------------------------------------------------------------------------

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return HAND_SIZE

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return PRINTED_JOKERS

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        return card_values(10, 0)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        return MeldRules(game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True, run_min=3,
                         run_max=None, ace_run="either_end", max_jokers_per_meld=None, min_naturals_per_meld=1,
                         decks=PACKS, jokers_in_deck=PRINTED_JOKERS, run_word="sequence")

    def check_meld(self, cards: str | Iterable[Card], rules: Rules | None = None, *,
                   wild_rank: int | str | None = None, **deal: Any) -> MeldCheck:
        """One group of a declaration: a pure sequence (no joker, a wild card as itself), an impure
        sequence (with a joker or a wild card standing in), or a set (3 or 4 of a rank, suits all
        different)."""
        cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
        wild_rank = _wild(wild_rank)
        mrules = self.melds_and_values(rules)[0]
        plain = _check_meld(cards, mrules)
        check = plain
        if (not plain.valid and wild_rank is not None and any(not c.is_joker and c.rank == wild_rank for c in cards)
                and _deck_holds(cards, mrules)):
            # a card of the wild rank that is not itself here stands in for the missing one
            as_jokers = [Card.joker() if not c.is_joker and c.rank == wild_rank else c for c in cards]
            stand_ins = sum(1 for c in cards if not c.is_joker and c.rank == wild_rank)
            if any(not c.is_joker for c in as_jokers):
                # the wild-rank cards are not printed jokers: the deck's joker count does not bound them
                # (the cards as typed were checked against the deck just above)
                wild = _check_meld(as_jokers, replace(mrules, jokers_in_deck=mrules.jokers_in_deck + stand_ins))
                if wild.valid:
                    check = wild
        if not check.valid:
            return plain
        shown = format_cards(check.declared)
        if check.kind == "run":
            if check is plain and not any(c.is_joker for c in cards):
                return replace(check, word=_("pure sequence"),
                               reason=_("a pure sequence of {count}: {cards}", count=len(cards), cards=shown))
            return replace(check, word=_("impure sequence"),
                           reason=_("an impure sequence of {count}: {cards}", count=len(cards), cards=shown))
        return replace(check, word=_("set"), reason=_("a set of {count}: {cards}", count=len(cards), cards=shown))

    def count(self, cards: str | Iterable[Card], *, wild_rank: int | str | None = None) -> Grouping:
        """A hand's count at the end of a deal, before the cap (``group_cards``); the wild rank as a
        number or as the document spells it ("7", "K")."""
        cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
        return group_cards(cards, _wild(wild_rank))

    def arrange(self, cards: str | Iterable[Card], rules: Rules | None = None, *,
                wild_rank: int | str | None = None, **deal: Any) -> Arrangement:
        """The hand grouped as it counts at the end of a deal (``group_cards``): Pool's own search, since
        the groups only count with two sequences, one of them pure, and a wild rank changes every deal."""
        g = self.count(cards, wild_rank=wild_rank)
        return Arrangement(g.melds, g.loose, g.points)

    def check_declaration(self, cards: str | Iterable[Card], rules: Rules | None = None, *,
                          wild_rank: int | str | None = None, **deal: Any) -> MeldCheck:
        """Whether these cards make a valid declaration: all 13 in groups, two sequences or more, one
        of them pure (with a 14th card, the one thrown to close)."""
        cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
        wild_rank = _wild(wild_rank)
        if len(cards) not in (HAND_SIZE, HAND_SIZE + 1):
            return MeldCheck(False, None, _("a declaration shows {count} cards, not {n}", count=HAND_SIZE,
                                            n=len(cards)), cards=tuple(cards))
        tries = [(None, cards)] if len(cards) == HAND_SIZE else [
            (c, cards[:i] + cards[i + 1:]) for i, c in enumerate(cards)]
        for thrown, hand in tries:
            g = group_cards(hand, wild_rank)
            if g.declared and g.points == 0:
                laid = " | ".join(format_cards(m) for m in g.melds)
                reason = (_("a valid declaration, throwing {card}: {melds}", card=thrown.symbol, melds=laid)
                          if thrown is not None else _("a valid declaration: {melds}", melds=laid))
                return MeldCheck(True, "declaration", reason, cards=tuple(hand),
                                 declared=tuple(c for m in g.melds for c in m), word=_("declaration"))
        hand = cards if len(cards) == HAND_SIZE else cards[:-1]
        g = group_cards(hand, wild_rank)
        if g.declared:
            return MeldCheck(False, None, _("not a valid declaration: {points} left in no group", points=g.points),
                             cards=tuple(cards))
        # no group counts: the hand lacks the pure sequence, or the second sequence beside it
        whole = (_("the hand has no second sequence beside its pure one") if _has_pure_sequence(hand, wild_rank)
                 else _("the hand has no pure sequence"))
        return MeldCheck(False, None, _("not a valid declaration: it needs two sequences, one of them pure"),
                         cards=tuple(cards), counted_whole=whole)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        cap = (_("a count scores at most {cap} (full count)", cap=r.full_count_cap) if r.full_count_cap is not None
               else _("a count scores in full"))
        line = (_("A total of {limit} or more is out.", limit=r.elimination_limit) if r.elimination_inclusive
                else _("A total over {limit} is out.", limit=r.elimination_limit))
        rejoin = (_("An eliminated player may rejoin on the highest total still in + 1", ) if
                  r.rejoin_score == "highest_plus_one" else
                  _("An eliminated player may rejoin on the highest total still in"))
        cutoff = (_("{rejoin}, while nobody still in is above {cutoff}; each rejoin adds a stake to the pot.",
                    rejoin=rejoin, cutoff=r.rejoin_cutoff) if r.rejoin_cutoff is not None else
                  _("{rejoin}; each rejoin adds a stake to the pot.", rejoin=rejoin))
        lines = [
            _("Two packs and {jokers} printed jokers; {count} cards each; a cut card makes its rank wild for the deal.",
              jokers=PRINTED_JOKERS, count=HAND_SIZE),
            _("Declare with every card in sets and sequences: at least two sequences, one of them pure (no joker)."),
            _("The declarer scores 0; the others count their loose cards (ace and pictures 10, jokers and the wild "
              "rank 0), and {cap}.", cap=cap),
            _("First drop {first}, middle drop {middle}, wrong show {wrong}.", first=r.first_drop,
              middle=r.middle_drop, wrong=WRONG_SHOW),
            line, cutoff,
            _("The last one in wins the pot; the players still in may agree to split it."),
        ]
        if r.max_drops is not None:
            lines.insert(4, _n("At most {count} drop each.", "At most {count} drops each.", r.max_drops))
        if r.max_rejoins is not None:
            lines.append(_n("At most {count} rejoin each.", "At most {count} rejoins each.", r.max_rejoins))
        return lines

    # -- what a deal's entry holds ------------------------------------------------------------------------

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        r = self.resolved(rules)
        return EntryFields((
            EntryField("by", "player", _("Who declared?"), required=True),
            EntryField("end", "end", _("How?"), required=True),
            EntryField("wild_rank", "rank", _("Wild rank this deal (the cut joker)"),
                       help=_("Only for hands typed as cards: cards of this rank count 0 and stand in for any card.")),
            EntryField("points", "points", _("Count"), per="player", minimum=0, maximum=RAW_MAX,
                       help=(_("The count of the loose cards; the engine scores at most {cap}.", cap=r.full_count_cap)
                             if r.full_count_cap is not None else None)),
            EntryField("drop", "choice", _("Drop"), per="player", instead=True,
                       choices=(("first", _("First drop ({points})", points=r.first_drop)),
                                ("middle", _("Middle drop ({points})", points=r.middle_drop)))),
            EntryField("wrong_show", "flag", _("Wrong show ({points})", points=WRONG_SHOW), per="player",
                       instead=True),
            EntryField("cards", "cards", _("Cards"), per="player", minimum=0, maximum=HAND_SIZE,
                       instead_of="points"),
        ))

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        return RAW_MAX

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        for name in ("upcard", "deal", "melds"):
            if entry.get(name) is not None:
                raise hand.error(_("this game has no {name}", name=name), field=name)
        wild = entry.get("wild_rank")
        if wild is not None:
            rank = _rank(wild)
            if rank is None:
                raise hand.error(_("the wild rank is a rank from A to K, not {value!r}", value=wild),
                                 field="wild_rank")
            hand.extra["wild_rank"] = rank

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return player == hand.by

    # -- scoring one deal ---------------------------------------------------------------------------------

    def drops_left(self, state: MatchState, name: str) -> int | None:
        """Drops ``name`` may still make (None: no limit)."""
        most = self.house.max_drops
        if most is None:
            return None
        used = state.kept.get("drops", {}).get(name, 0)
        return max(0, most - used)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        house = self.house
        wild = hand.extra.get("wild_rank")
        scored = HandScore(winner=hand.by, summary=_("{by} declared", by=hand.by))
        declarer = hand.held.get(hand.by)
        if declarer is not None:
            if declarer.marks or (declarer.points not in (None, 0)) or (
                    declarer.cards is not None and group_cards(declarer.cards, wild).points != 0):
                raise hand.error(_("{name} declared: the declarer scores 0", name=hand.by), player=hand.by,
                                 field="points")
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = _("declared: 0")
        self._check_copies(hand)
        cap = house.full_count_cap
        for name in hand.others:
            held = hand.held[name]
            if "drop" in held.marks:
                how = held.marks["drop"]
                if how not in DROPS:
                    raise hand.error(_("{name}: a drop is first or middle, not {value!r}", name=name, value=how),
                                     player=name, field="drop")
                if self.drops_left(state, name) == 0:
                    raise hand.error(_("{name} has no drops left: enter the count", name=name), player=name,
                                     field="drop")
                points = house.first_drop if how == "first" else house.middle_drop
                scored.explanations[name] = _("{how}: {points}", how=_DROPS_WORDS[how], points=points)
            elif "wrong_show" in held.marks:
                if held.marks["wrong_show"] is not True:
                    raise hand.error(_("{name}: wrong_show is true or left out", name=name), player=name,
                                     field="wrong_show")
                points = WRONG_SHOW
                scored.explanations[name] = _("wrong show: {points}", points=points)
            elif held.cards is not None:
                if len(held.cards) > HAND_SIZE:
                    raise hand.error(_("{name} holds {n} cards: a hand of Pool Rummy has {count}", name=name,
                                       n=len(held.cards), count=HAND_SIZE), player=name, field="cards")
                g = group_cards(held.cards, wild)
                points = g.points if cap is None else min(g.points, cap)
                scored.explanations[name] = self._cards_words(g, points)
            else:
                raw = held.points
                if raw < 0 or raw > RAW_MAX:
                    raise hand.error(_("{name}: a count is 0 to {most}, not {raw}", name=name, most=RAW_MAX, raw=raw),
                                     player=name, field="points")
                points = raw if cap is None else min(raw, cap)
                scored.explanations[name] = (_("counts {raw} → {points} (full count)", raw=raw, points=points)
                                             if points != raw else _("counts {points}", points=points))
            scored.scores[name] = points
            scored.raw[name] = points
        return scored

    def _cards_words(self, g: Grouping, points: int) -> str:
        loose = format_cards(g.loose) if g.loose else "–"
        if not g.declared:
            said = _("no two sequences with a pure one: every card counts, {points}", points=g.points)
        else:
            said = _("loose {cards}: {points}", cards=loose, points=g.points)
        return _("{said} → {capped} (full count)", said=said, capped=points) if points != g.points else said

    def _check_copies(self, hand: Hand) -> None:
        cards: list[Card] = []
        for held in hand.held.values():
            if held.cards:
                cards.extend(held.cards)
        try:
            check_copies(cards, decks=PACKS, jokers=PRINTED_JOKERS)
        except InvalidCardError as exc:
            raise hand.error(message_of(exc), field="cards") from None

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        dropped = [name for name in hand.others if "drop" in hand.held[name].marks]
        if dropped:
            drops = dict(state.kept.get("drops", {}))
            for name in dropped:
                drops[name] = drops.get(name, 0) + 1
            state.kept = dict(state.kept, drops=drops)

    def after_rebuy(self, state: MatchState, name: str) -> None:
        """A rejoiner keeps the drops used (``carry_over``) or has ``drops_on_rejoin`` left."""
        k = self.house.drops_on_rejoin
        if k in (None, "carry_over") or self.house.max_drops is None:
            return
        drops = dict(state.kept.get("drops", {}))
        drops[name] = self.house.max_drops - int(k)
        state.kept = dict(state.kept, drops=drops)

    # -- the match ------------------------------------------------------------------------------------

    def elimination(self) -> tuple[int, bool] | None:
        return self.house.elimination_limit, self.house.elimination_inclusive

    def rebuy_policy(self) -> RebuyPolicy | None:
        house = self.house
        return RebuyPolicy(min_remaining=2, max_rebuys=house.max_rejoins,
                           score="highest_plus_one" if house.rejoin_score == "highest_plus_one" else "highest_remaining",
                           cost="same_stake", cutoff=house.rejoin_cutoff, word=self.rebuy_word)

    def context(self, state: MatchState) -> dict[str, Any]:
        if self.house.max_drops is None:
            return {}
        return {"drops_left": {n: self.drops_left(state, n) for n in state.still_in}}


__all__ = ["PoolRummy", "Grouping", "group_cards"]
