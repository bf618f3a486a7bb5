"""Meld checks: sets (books), runs (straights), jokers and aces, opening values, contracts, ruminos.

This module owns the *generic* meld logic. A variant turns its house rules into one ``MeldRules``
value (what a set and a run may be, where the ace goes, how many jokers a meld may hold, how many
decks are in play) and the functions here answer for any variant from that value alone. Verdicts are
values (``MeldCheck``, ``OpeningCheck``, ``ContractCheck``) whose ``reason`` is a sentence a player
at the table understands; nothing here raises for a bad meld except ``opening_value``, which has no
verdict to carry the reason.

>>> ramino = MeldRules(game_name="Ramino", ace_run="either_end", max_jokers_per_meld=1, decks=2,
...                    jokers_in_deck=4, ace_low_opening_value=1, ace_high_opening_value=11)
>>> check_meld("QH KH AH", ramino).value
31
>>> print(check_meld("9S 9S 9H", ramino).reason)
two identical 9♠ cannot be in a Ramino set

**Undeclared jokers.** A joker whose player did not say what it stands for (``JK`` rather than
``JK=9S``) makes the meld valid when *some* card fits. Its value is then read the way that gives the
meld the **highest opening value** (a run is extended upward where it can, towards the ace when the
ace may be high); ties go to a set before a run, then to the higher run. ``MeldCheck.ambiguous``
says when another reading would be worth a different amount, so an opening check can ask the player
to declare.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Iterable, Literal, Sequence

from .errors import Refusal
from .cards import SUITS, SUIT_SYMBOLS, Card, InvalidCardError, _count_word, check_copies, format_cards, parse_cards
from .i18n import _, _n, joined, message_of

__all__ = [
    "AceRun",
    "MeldRules",
    "MeldCheck",
    "OpeningCheck",
    "ContractCheck",
    "InvalidMeldError",
    "CONTRACTS",
    "check_meld",
    "opening_value",
    "check_opening",
    "check_contract",
    "contract_in_hand",
    "is_rumino",
    "rumino_outs",
]

AceRun = Literal["low_only", "high_only", "either_end"]

#: Positions in a run: the ace is position 1 at the bottom (A-2-3) or 14 at the top (Q-K-A).
ACE_LOW, ACE_HIGH = 1, 14


class InvalidMeldError(Refusal):
    """A meld that the rules do not allow, where a verdict value cannot carry the reason."""


@dataclass(frozen=True)
class MeldRules:
    """Everything a meld check needs to know about a variant's melds.

    Values are the variant's defaults after its house rules were applied.
    """

    #: what the table calls the two kinds ("set"/"run", or "book"/"straight" in Russian Rummy)
    set_word: str = "set"
    run_word: str = "run"
    set_min: int = 3
    #: largest set allowed; None for no maximum (Russian books)
    set_max: int | None = 4
    #: natural cards in a set must have distinct suits (no two identical cards either)
    set_distinct_suits: bool = True
    run_min: int = 3
    #: longest run allowed; None for no limit (Rumino's default is 4)
    run_max: int | None = None
    ace_run: AceRun = "low_only"
    #: a run may hold both aces of its suit (A-2-...-K-A); Ramino says no by default
    allow_ace_both_ends: bool = False
    #: None for no limit
    max_jokers_per_meld: int | None = None
    min_naturals_per_meld: int = 1
    #: copies of each natural card in the deck(s), and jokers in the deck(s)
    decks: int = 1
    jokers_in_deck: int = 0
    #: opening values: an ace counts 11 at the top of a run and in a set, 1 at the bottom of a run
    ace_low_opening_value: int = 1
    ace_high_opening_value: int = 11
    #: the game's name, used in reasons ("two identical 9♠ cannot be in a Ramino set")
    game_name: str = "this game"
    #: Kalooki's ``allow_duplicate_suits_in_natural_sets``: a set with no joker may repeat suits even
    #: though ``set_distinct_suits`` holds (a set with a joker never may)
    natural_sets_may_repeat_suits: bool = False


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on one meld.

    ``kind`` is ``"set"``, ``"run"`` or ``"rumino"`` whatever the game calls them; ``word`` is the
    game's own word ("book", "straight"). ``jokers`` holds what each joker stands for, in the order
    the jokers were given; ``declared`` is the meld as played, each joker carrying its card (runs in
    rank order). ``value`` is the opening value (0 when the meld is not valid).
    """

    valid: bool
    kind: str | None
    reason: str
    value: int = 0
    cards: tuple[Card, ...] = ()
    jokers: tuple[Card, ...] = ()
    declared: tuple[Card, ...] = ()
    word: str | None = None
    #: an undeclared joker could be read with a different value (see the module docstring)
    ambiguous: bool = False
    #: what the meld is, in a few words a page can put in its own sentence (Rumino's "7 of a kind")
    what: str | None = None

    def __bool__(self) -> bool:
        return self.valid


@dataclass(frozen=True)
class OpeningCheck:
    """The verdict on a first lay-down: ``values`` has one opening value per meld, in order."""

    valid: bool
    value: int
    reason: str
    values: tuple[int, ...] = ()
    melds: tuple[MeldCheck, ...] = ()

    def __bool__(self) -> bool:
        return self.valid


@dataclass(frozen=True)
class ContractCheck:
    """The verdict on a Russian Rummy lay-down against the deal's contract."""

    valid: bool
    reason: str
    melds: tuple[MeldCheck, ...] = ()

    def __bool__(self) -> bool:
        return self.valid


#: Russian Rummy contracts: deal -> (books, straights) (docs/rules/russian.md#contracts).
CONTRACTS: dict[int, tuple[int, int]] = {1: (2, 0), 2: (0, 1), 3: (2, 1), 4: (3, 0), 5: (1, 2)}


# -- helpers --------------------------------------------------------------------------------------


def _as_cards(cards: str | Iterable[Card] | Iterable[str]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    out = []
    for c in cards:
        out.append(c if isinstance(c, Card) else Card.parse(c))
    return tuple(out)


def _count(k: int) -> str:
    """A small count in words ("two"), as the card checks say it."""
    return _count_word(k)


#: the meld words (``MeldRules.set_word``/``run_word``), alone, with an article, and counted
_WORD = {"set": _("set"), "run": _("run"), "book": _("book"), "straight": _("straight")}
_A = {"set": _("a set"), "run": _("a run"), "book": _("a book"), "straight": _("a straight")}


def _a(word: str) -> str:
    """The meld word with its article: "a set", "a straight"."""
    return _A.get(word) or (f"an {word}" if word[:1] in "aeiou" else f"a {word}")


def _a_game(game: str, word: str) -> str:
    """The meld word of one game with its article: "a Ramino set", "an Oklahoma Gin run"."""
    an = game[:1].lower() in "aeiou"
    if word == "set":
        return _("an {game} set", game=game) if an else _("a {game} set", game=game)
    if word == "run":
        return _("an {game} run", game=game) if an else _("a {game} run", game=game)
    if word == "book":
        return _("an {game} book", game=game) if an else _("a {game} book", game=game)
    if word == "straight":
        return _("an {game} straight", game=game) if an else _("a {game} straight", game=game)
    if word == "meld":
        return _("an {game} meld", game=game) if an else _("a {game} meld", game=game)
    return f"an {game} {word}" if an else f"a {game} {word}"


def _counted(n: int, word: str) -> str:
    """So many melds of one word: "2 books", "1 straight"."""
    if word == "set":
        return _n("{count} set", "{count} sets", n)
    if word == "run":
        return _n("{count} run", "{count} runs", n)
    if word == "book":
        return _n("{count} book", "{count} books", n)
    if word == "straight":
        return _n("{count} straight", "{count} straights", n)
    return f"{n} {word}{'s' if n != 1 else ''}"


def _text(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def _position_value(pos: int, mr: MeldRules) -> int:
    """Opening value of the card at run position ``pos`` (1 = low ace, 14 = high ace)."""
    if pos == ACE_LOW:
        return mr.ace_low_opening_value
    if pos == ACE_HIGH:
        return mr.ace_high_opening_value
    return 10 if pos >= 10 else pos


def _set_value(rank: int, mr: MeldRules) -> int:
    # an ace in a set counts as a high ace (Ramino Ra1: A♠A♥A♦ = 33)
    return mr.ace_high_opening_value if rank == 1 else min(rank, 10)


@dataclass(frozen=True)
class _Reading:
    kind: str
    value: int
    jokers: tuple[Card, ...]
    declared: tuple[Card, ...]
    start: int = 0


# -- sets -----------------------------------------------------------------------------------------


def _set_readings(cards: tuple[Card, ...], mr: MeldRules) -> tuple[list[_Reading], str]:
    n = len(cards)
    naturals = [c for c in cards if not c.is_joker]
    declared = [c.stands_for for c in cards if c.is_joker and c.stands_for is not None]
    undeclared = sum(1 for c in cards if c.is_joker and c.stands_for is None)
    effective = naturals + declared
    game, word = mr.game_name, mr.set_word
    ranks = {c.rank for c in effective}
    if len(ranks) > 1:
        return [], _("{cards} is not {what}: it mixes ranks", cards=_text(cards), what=_a(word))
    if n < mr.set_min:
        return [], _("{what} needs at least {count} cards", what=_a(word), count=mr.set_min)
    if mr.set_max is not None and n > mr.set_max:
        return [], _("{what} has at most {count} cards", what=_a_game(game, word), count=mr.set_max)
    has_joker = len(naturals) < n
    distinct = mr.set_distinct_suits and not (mr.natural_sets_may_repeat_suits and not has_joker)
    used: list[str] = []
    if distinct:
        counts = Counter(naturals)
        for card, k in counts.items():
            if k > 1:
                return [], _("{count} identical {card} cannot be in {what}", count=_count(k), card=card,
                             what=_a_game(game, word))
        used = [c.suit for c in naturals]
        for d in declared:
            if d.suit in used:
                return [], (
                    _("the joker declared as {card} repeats the suit {suit}: {what} needs distinct suits", card=d,
                      suit=SUIT_SYMBOLS[d.suit], what=_a_game(game, word))
                )
            used.append(d.suit)
        missing = [s for s in SUITS if s not in used]
        if undeclared > len(missing):
            return [], _("{what} needs distinct suits, and only four suits exist", what=_a_game(game, word))
    else:
        # repeats allowed: a joker reads as the suit with the fewest copies so far (a plausible card)
        used = [c.suit for c in effective]
        missing = sorted(SUITS, key=lambda s: used.count(s))
    candidates = sorted(ranks) if ranks else list(range(1, 14))
    readings = []
    for rank in candidates:
        # an undeclared joker takes a missing suit in picker order (with repeats allowed: the suit
        # with the fewest copies); there are enough, as checked above
        suits = [missing[i % len(missing)] for i in range(undeclared)]
        stand_ins = iter(Card(rank, s) for s in suits)
        joker_cards, shown = [], []
        for c in cards:
            if c.is_joker:
                target = c.stands_for if c.stands_for is not None else next(stand_ins)
                joker_cards.append(target)
                shown.append(Card.joker(target))
            else:
                shown.append(c)
        readings.append(_Reading("set", n * _set_value(rank, mr), tuple(joker_cards), tuple(shown)))
    return readings, ""


# -- runs -----------------------------------------------------------------------------------------


def _windows(n: int, allowed_ace: set[int], both_ends: bool) -> Iterable[range]:
    lo = ACE_LOW if ACE_LOW in allowed_ace else 2
    hi = ACE_HIGH if ACE_HIGH in allowed_ace else 13
    for start in range(lo, hi - n + 2):
        window = range(start, start + n)
        if ACE_LOW in window and ACE_HIGH in window and not both_ends:
            continue
        yield window


def _place(effective: Sequence[Card], window: range) -> dict[int, int] | None:
    """Where each natural (or declared) card sits in ``window``: position -> index in ``effective``.

    None if they do not fit. Two aces take both ends; a lone ace in a 14-card window sits low and a
    joker takes the top (the value is the same either way).
    """
    placed: dict[int, int] = {}
    aces = [i for i, c in enumerate(effective) if c.rank == 1]
    for i, c in enumerate(effective):
        if c.rank != 1:
            if c.rank not in window or c.rank in placed:
                return None
            placed[c.rank] = i
    ace_spots = [p for p in (ACE_LOW, ACE_HIGH) if p in window]
    if len(aces) > len(ace_spots):
        return None
    for i, spot in zip(aces, ace_spots):
        placed[spot] = i
    return placed


def _run_readings(cards: tuple[Card, ...], mr: MeldRules) -> tuple[list[_Reading], str]:
    n = len(cards)
    # each card as it plays, with the index of the card it came from
    played = [(i, c.natural) for i, c in enumerate(cards) if not (c.is_joker and c.stands_for is None)]
    effective = [c for _, c in played]
    game, word = mr.game_name, mr.run_word
    suits = {c.suit for c in effective}
    if len(suits) > 1:
        return [], _("{cards} is not {what}: it mixes suits", cards=_text(cards), what=_a(word))
    if n < mr.run_min:
        return [], _("{what} needs at least {count} cards", what=_a(word), count=mr.run_min)
    if mr.run_max is not None and n > mr.run_max:
        return [], _("{what} has at most {count} cards", what=_a_game(game, word), count=mr.run_max)
    rank_counts = Counter(c.rank for c in effective)
    for rank, k in rank_counts.items():
        if k > 1 and rank != 1:
            card = next(c for c in effective if c.rank == rank)
            return [], _("{what} cannot hold {count} {card}", what=_a(word), count=_count(k), card=card)
    aces = rank_counts.get(1, 0)
    if aces > 2:
        return [], _("{what} cannot hold {count} aces", what=_a(word), count=_count(aces))
    if aces == 2 and not mr.allow_ace_both_ends:
        return [], _("{what} may not hold both aces of its suit", what=_a_game(game, word))
    allowed = {"low_only": {ACE_LOW}, "high_only": {ACE_HIGH}, "either_end": {ACE_LOW, ACE_HIGH}}[mr.ace_run]
    suit_options = sorted(suits) if suits else list(SUITS)
    readings = []
    for suit in suit_options:
        for window in _windows(n, allowed, mr.allow_ace_both_ends):
            placed = _place(effective, window)
            if placed is None:
                continue
            shown: dict[int, Card] = {}
            stands: dict[int, Card] = {}  # card index -> what a joker stands for
            for pos, k in placed.items():
                index, card = played[k]
                shown[pos] = cards[index]
                if cards[index].is_joker:
                    stands[index] = card
            free = iter(p for p in window if p not in placed)
            for index, c in enumerate(cards):
                if c.is_joker and c.stands_for is None:
                    pos = next(free)
                    target = Card(1 if pos == ACE_HIGH else pos, suit)
                    stands[index] = target
                    shown[pos] = Card.joker(target)
            value = sum(_position_value(p, mr) for p in window)
            readings.append(_Reading(
                "run", value, tuple(stands[i] for i in sorted(stands)),
                tuple(shown[p] for p in window), window.start))
    if readings:
        return readings, ""
    return [], _run_failure(cards, effective, n, mr)


def _run_failure(cards: tuple[Card, ...], effective: list[Card], n: int, mr: MeldRules) -> str:
    """Why the cards of one suit make no run: the ace's end, a wrap round the ace, or gaps."""
    game, word = mr.game_name, mr.run_word
    anywhere = any(_place(effective, w) is not None for w in _windows(n, {ACE_LOW, ACE_HIGH}, True))
    if anywhere:
        if mr.ace_run == "low_only":
            return _("{cards} needs a high ace, but the ace is low only in {game}: A-2-3 is {what}, Q-K-A is not",
                     cards=_text(cards), game=game, what=_a(word))
        if mr.ace_run == "high_only":
            return _("{cards} needs a low ace, but the ace is high only in {game}: Q-K-A is {what}, A-2-3 is not",
                     cards=_text(cards), game=game, what=_a(word))
    # Would it fit if the ranks went round the corner (K-A-2)?  Ranks 1..13 on a circle.
    ranks = {c.rank for c in effective}
    for start in range(1, 14):
        circle = {(start - 1 + i) % 13 + 1 for i in range(n)}
        if ranks <= circle and n <= 13:
            return _("{cards} wraps round the ace: {game} runs never go K-A-2", cards=_text(cards), game=game)
    if any(c.is_joker for c in cards):
        return _("{cards} is not in sequence, and the jokers cannot fill the gaps", cards=_text(cards))
    return _("{cards} is not in sequence", cards=_text(cards))


# -- the meld check -------------------------------------------------------------------------------


def _best(readings: list[_Reading]) -> _Reading:
    # highest opening value; then a set before a run; then the higher run (see module docstring)
    return max(readings, key=lambda r: (r.value, r.kind == "set", r.start))


def check_meld(cards: str | Iterable[Card], mrules: MeldRules) -> MeldCheck:
    """Check one meld (set/book or run/straight) against ``mrules``.

    ``cards`` may be text (``"9S 9H JK=9D"``) or ``Card`` values. Declared jokers must fit; an
    undeclared joker is valid when some card fits, and is read as the card worth most.

    >>> gin = MeldRules(game_name="Gin")
    >>> m = check_meld("KS QS AS", gin)
    >>> m.valid, m.reason
    (False, 'K♠ Q♠ A♠ needs a high ace, but the ace is low only in Gin: A-2-3 is a run, Q-K-A is not')
    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4,
    ...                     game_name="Russian Rummy")
    >>> m = check_meld("3C 3D JK", russian)
    >>> m.valid, m.kind, m.word, format_cards(m.jokers)
    (True, 'set', 'book', '3♠')
    >>> check_meld("5H 6H 7H", russian).reason
    'a straight needs at least 4 cards'
    """
    try:
        cards = _as_cards(cards)
    except InvalidCardError as exc:
        return MeldCheck(False, None, message_of(exc))
    return _check(cards, mrules)


def _check(cards: tuple[Card, ...], mr: MeldRules) -> MeldCheck:
    def refuse(reason: str) -> MeldCheck:
        return MeldCheck(False, None, reason, 0, cards)

    if not cards:
        return refuse(_("no cards were given"))
    try:
        check_copies(cards, mr.decks, mr.jokers_in_deck)
    except InvalidCardError as exc:
        return refuse(message_of(exc))
    jokers = sum(1 for c in cards if c.is_joker)
    naturals = len(cards) - jokers
    if mr.max_jokers_per_meld is not None and jokers > mr.max_jokers_per_meld:
        if mr.max_jokers_per_meld == 0:
            return refuse(_("jokers cannot be used in {what}", what=_a_game(mr.game_name, "meld")))
        return refuse(
            _n("{what} may hold at most {count} joker, not {jokers}",
               "{what} may hold at most {count} jokers, not {jokers}", mr.max_jokers_per_meld, what=_a_game(mr.game_name, "meld"), count=_count(mr.max_jokers_per_meld),
               jokers=_count(jokers))
        )
    if naturals < mr.min_naturals_per_meld:
        need = mr.min_naturals_per_meld
        return refuse(
            _("{cards} has no natural cards: a meld needs at least {need}", cards=_text(cards), need=_count(need))
            if naturals == 0 else
            _n("{cards} has {count} natural card: a meld needs at least {need}",
               "{cards} has {count} natural cards: a meld needs at least {need}", naturals, cards=_text(cards),
               count=_count(naturals), need=_count(need))
        )
    set_r, set_reason = _set_readings(cards, mr)
    run_r, run_reason = _run_readings(cards, mr)
    readings = set_r + run_r
    if not readings:
        return refuse(_failure(cards, mr, set_reason, run_reason))
    best = _best(readings)
    word = mr.set_word if best.kind == "set" else mr.run_word
    ambiguous = len({r.value for r in readings}) > 1
    values = {"what": _a(word), "count": len(cards), "cards": _text(best.declared), "value": best.value}
    if ambiguous and any(c.is_joker and c.stands_for is None for c in cards):
        reason = _("{what} of {count}: {cards}, worth {value} (undeclared jokers read as the cards worth most)",
                   **values)
    else:
        reason = _("{what} of {count}: {cards}, worth {value}", **values)
    return MeldCheck(True, best.kind, reason, best.value, cards, best.jokers, best.declared, _WORD.get(word, word),
                     ambiguous)


def _failure(cards: tuple[Card, ...], mr: MeldRules, set_reason: str, run_reason: str) -> str:
    naturals = [c for c in cards if not c.is_joker]
    declared = [c for c in cards if c.is_joker and c.stands_for is not None]
    if declared:
        # Would the meld stand if the jokers were free?  Then it is the declaration that is wrong.
        free = tuple(Card.joker() if c.is_joker else c for c in cards)
        loose = _set_readings(free, mr)[0] + _run_readings(free, mr)[0]
        if loose:
            options = sorted({r.jokers[0] for r in loose}, key=Card.sort_key) if len(declared) == 1 else []
            what = (_("the joker declared as {stands_for}", stands_for=declared[0].stands_for) if len(declared) == 1
                    else _("the jokers' declared cards"))
            hint = _(" (it could stand for {cards})", cards=format_cards(options)) if options else ""
            return _("{what} does not fit {cards}{hint}", what=what, cards=_text(naturals), hint=hint)
    effective = naturals + [c.stands_for for c in declared]
    same_rank = len({c.rank for c in effective}) <= 1
    same_suit = len({c.suit for c in effective}) <= 1
    if same_rank:
        return set_reason
    if same_suit:
        return run_reason
    return _("{cards} is neither {set} (it mixes ranks) nor {run} (it mixes suits)", cards=_text(cards),
             set=_a(mr.set_word), run=_a(mr.run_word))


# -- openings -------------------------------------------------------------------------------------


def _checks(melds: Iterable[str | Iterable[Card] | MeldCheck], mr: MeldRules) -> list[MeldCheck]:
    return [m if isinstance(m, MeldCheck) else check_meld(m, mr) for m in melds]


def opening_value(melds: Iterable[str | Iterable[Card]], mrules: MeldRules) -> int:
    """Total opening value of the melds laid in one turn; raises ``InvalidMeldError`` on a bad meld.

    >>> opening_value(["QH KH AH", "7S 7D 7C"], MeldRules(ace_run="either_end"))
    52
    """
    total = 0
    for m in _checks(melds, mrules):
        if not m.valid:
            raise InvalidMeldError(m.reason)
        total += m.value
    return total


def check_opening(
    melds: Iterable[str | Iterable[Card]],
    mrules: MeldRules,
    minimum: int,
    single_meld: bool = False,
) -> OpeningCheck:
    """Check a first lay-down: every meld valid, and worth at least ``minimum``.

    All melds of that turn count together, unless ``single_meld`` (Ramino's ``opening_single_meld``)
    asks one meld to reach the minimum by itself. A joker counts as the card it stands for; when an
    undeclared joker could be read with different values, the player is asked to declare it.

    >>> kalooki = MeldRules(ace_run="high_only", decks=2, jokers_in_deck=2, game_name="Kalooki")
    >>> check_opening(["QC KC AC", "3S 3H JK"], kalooki, 40).reason
    'opens with 40 (31 + 9), the minimum is 40'
    >>> check_opening(["2D 3D 4D", "10S 10H 10C"], kalooki, 40).valid
    False
    """
    melds = list(melds)
    if not melds:
        return OpeningCheck(False, 0, _("no melds were laid"))
    checks = _checks(melds, mrules)
    everything = [c for m in checks for c in m.cards]
    try:
        check_copies(everything, mrules.decks, mrules.jokers_in_deck)
    except InvalidCardError as exc:
        return OpeningCheck(False, 0, message_of(exc), (), tuple(checks))
    for m in checks:
        if not m.valid:
            return OpeningCheck(False, 0, _("{cards}: {reason}", cards=_text(m.cards), reason=m.reason), (),
                                tuple(checks))
        if m.ambiguous:
            return OpeningCheck(False, 0, (
                _("say what the joker in {cards} stands for (for example JK=9S): its value decides the opening",
                  cards=_text(m.cards))), (), tuple(checks))
    values = tuple(m.value for m in checks)
    total = sum(values)
    parts = " + ".join(str(v) for v in values)
    detail = _("{total} ({parts})", total=total, parts=parts) if len(values) > 1 else str(total)
    if single_meld:
        best = max(values)
        if best < minimum:
            return OpeningCheck(False, total, (
                _("no single meld reaches {minimum}: the best is worth {best}", minimum=minimum, best=best)), values,
                tuple(checks))
        return OpeningCheck(True, total, _("opens with a meld worth {best}, the minimum is {minimum}", best=best,
                                           minimum=minimum), values, tuple(checks))
    if total < minimum:
        return OpeningCheck(False, total, _("worth only {detail}: an opening needs at least {minimum}", detail=detail,
                                            minimum=minimum), values, tuple(checks))
    return OpeningCheck(True, total, _("opens with {detail}, the minimum is {minimum}", detail=detail, minimum=minimum),
                        values, tuple(checks))


# -- Russian contracts ----------------------------------------------------------------------------


def _multiset(cards: Iterable[Card]) -> Counter:
    # jokers count as jokers whatever they were declared as: the physical card is what was held
    return Counter(Card.joker() if c.is_joker else c for c in cards)


def check_contract(
    deal: int,
    melds: Iterable[str | Iterable[Card]],
    mrules: MeldRules,
    *,
    no_discard: bool = True,
    hand: str | Iterable[Card] | None = None,
) -> ContractCheck:
    """Check a Russian Rummy lay-down against deal ``deal``'s contract (docs/rules/russian.md#contracts).

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
        return ContractCheck(False, _("there is no deal {deal}: Russian Rummy has deals 1 to 5", deal=deal))
    want_books, want_straights = CONTRACTS[deal]
    checks = _checks(melds, mrules)
    everything = [c for m in checks for c in m.cards]
    try:
        check_copies(everything, mrules.decks, mrules.jokers_in_deck)
    except InvalidCardError as exc:
        return ContractCheck(False, message_of(exc), tuple(checks))
    for m in checks:
        if not m.valid:
            return ContractCheck(False, _("{cards}: {reason}", cards=_text(m.cards), reason=m.reason),
                                 tuple(checks))
    books = sum(1 for m in checks if m.kind == "set")
    straights = sum(1 for m in checks if m.kind == "run")
    contract = _describe_contract(want_books, want_straights, mrules)
    if (books, straights) != (want_books, want_straights):
        laid = _describe_contract(books, straights, mrules) if checks else _("nothing")
        return ContractCheck(False, _("deal {deal} asks for {contract}, not {laid}: lay only the contract's melds",
                                      deal=deal, contract=contract, laid=laid), tuple(checks))
    if hand is not None:
        held = _multiset(_as_cards(hand))
        laid = _multiset(everything)
        if laid - held:
            extra = format_cards(sorted((laid - held).elements(), key=Card.sort_key))
            return ContractCheck(False, _("the melds use cards that are not in the hand: {extra}", extra=extra),
                                 tuple(checks))
        left = sum((held - laid).values())
        if deal == 5:
            if no_discard and left:
                return ContractCheck(False, (
                    _n("in deal 5 every card must be laid at once with no discard, but {count} card is left",
                       "in deal 5 every card must be laid at once with no discard, but {count} cards are left",
                       left, count=_count(left))), tuple(checks))
            if not no_discard and left != 1:
                return ContractCheck(False, (
                    _("in deal 5 all cards but the discard must be laid, but {count} are left", count=_count(left))),
                    tuple(checks))
    return ContractCheck(True, _("deal {deal}: {contract}, as the contract asks", deal=deal, contract=contract),
                         tuple(checks))


def contract_in_hand(deal: int, cards: str | Iterable[Card], mrules: MeldRules, *,
                     no_discard: bool = True) -> ContractCheck:
    """Does this whole hand hold deal ``deal``'s contract, and how (docs/rules/russian.md#contracts)?

    A hand holds the contract if **any** choice of its cards makes the contract's melds (in deals 1-4
    the other cards may stay in hand; in deal 5 every card is laid, less one discard unless
    ``no_discard``). When it does, ``melds`` is one such lay-down; when it does not, ``melds`` is the
    closest the hand comes (the most of the contract's melds at once) and ``reason`` says what it holds.

    The search is exact: a book needs only three cards in deals 1-4 (a larger book holds a three-card
    one with as many natural cards), books need no particular suits, so after each choice of straights
    the books are counted rank by rank, every split of a rank's natural cards tried against the jokers
    left (a joker limit can make two books of a rank better than one natural book); straights are listed window by window, a natural card given up
    for a joker only where a book of its rank (or deal 5's other straight) could need it.

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> found = contract_in_hand(3, "9S 9H 9D KC KD KH 4H 5H 6H JK 2S", russian)
    >>> found.valid, [format_cards(m.cards) for m in found.melds]
    (True, ['JKR 4♥ 5♥ 6♥', '9♠ 9♥ 9♦', 'K♣ K♦ K♥'])
    >>> print(contract_in_hand(3, "9S 9H 9D 9C 4H 5H 6H JK KD", russian).reason)
    deal 3 asks for 2 books and 1 straight; these cards hold 1 book and 1 straight at once
    """
    if deal not in CONTRACTS:
        return ContractCheck(False, _("there is no deal {deal}: Russian Rummy has deals 1 to 5", deal=deal))
    books, straights = CONTRACTS[deal]
    hand = [Card.joker() if c.is_joker else c for c in _as_cards(cards)]
    whole = deal == 5
    best: list = [(-1, -1), ()]

    def consider(runs: tuple, rest: list[Card]) -> bool:
        """Books from what the straights left; True once the contract is held."""
        if whole:
            found = _last_book(rest, mrules, no_discard)
            made = (found,) if found is not None else ()
        else:
            made = _three_card_books(rest, books, mrules)
        score = (len(runs) + len(made), len(runs))
        if score > best[0]:
            best[0], best[1] = score, runs + made
        return len(runs) == straights and len(made) == books

    def pick(start: int, runs: tuple, rest: list[Card], options: list) -> bool:
        if consider(runs, rest):
            return True
        if len(runs) == straights:
            return False
        for i in range(start, len(options)):
            run = options[i]
            left = _take(rest, run)
            if left is not None and pick(i + 1, runs + (run,), left, options):
                return True
        return False

    swaps = books + (1 if straights > 1 else 0)
    options = _straights(hand, mrules, swaps) if straights else []
    held = pick(0, (), hand, options)
    laid = tuple(check_meld(list(m), mrules) for m in best[1])
    contract = _describe_contract(books, straights, mrules)
    if held:
        return ContractCheck(True, _("deal {deal}: {contract}, as the contract asks", deal=deal, contract=contract),
                             laid)
    n_books = sum(1 for m in laid if m.kind == "set")
    n_runs = sum(1 for m in laid if m.kind == "run")
    values = {"deal": deal, "contract": contract,
              "have": _describe_contract(n_books, n_runs, mrules) if laid else _("none of them")}
    if whole and (n_books, n_runs) == (books, straights):
        return ContractCheck(False, _("deal {deal} asks for {contract}; these cards hold {have} at once but not with "
                                      "every card", **values) if no_discard else
                             _("deal {deal} asks for {contract}; these cards hold {have} at once but not with every "
                               "card but one", **values), laid)
    return ContractCheck(False, _("deal {deal} asks for {contract}; these cards hold {have} at once", **values), laid)


def final_contract(cards: str | Iterable[Card], mrules: MeldRules, *,
                   no_discard: bool = True) -> tuple[MeldCheck, ...] | None:
    """Deal 5: a lay-down of the **whole** hand as exactly 1 book + 2 straights (all cards but one
    discard unless ``no_discard``), as (straight, straight, book); None when there is none.

    Found exactly and in bounded time at any hand size up to the cards bound (20 after claims): a book
    is one rank, a straight one suit, so every natural card not in the book lies in the straights'
    one or two suits. The search tries each rank for the book and which of that rank's cards (at most
    two) the straights keep; what is left must lie in at most two suits, and the straights are then
    two windows of positions (one per suit, or both in one suit), checked by counting: each rank's
    copies fit the windows' places, each window's jokers and natural cards within the rules, and the
    jokers left over fit the book. Never more than a few thousand window pairs, whatever the cards.

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> [format_cards(m.cards) for m in final_contract("5S 5H 5D 3C 4C 5C 6C 8H 9H JK JH QH KH", russian)]
    ['3♣ 4♣ 5♣ 6♣', '8♥ 9♥ JKR J♥ Q♥ K♥', '5♠ 5♥ 5♦']
    >>> final_contract("5S 5H 5D 3C 4C 5C 6C 8H 9H 10H JH 2D", russian) is None
    True
    """
    hand = [Card.joker() if c.is_joker else c for c in _as_cards(cards)]
    if no_discard:
        return _final_whole(hand, mrules)
    for card in sorted(set(hand), key=Card.sort_key):
        rest = list(hand)
        rest.remove(card)
        found = _final_whole(rest, mrules)
        if found is not None:
            return found
    return None


def _final_whole(hand: list[Card], mr: MeldRules) -> tuple[MeldCheck, ...] | None:
    """1 book + 2 straights holding every card of ``hand`` (see final_contract)."""
    jokers = sum(1 for c in hand if c.is_joker)
    naturals = Counter(c for c in hand if not c.is_joker)
    max_j = mr.max_jokers_per_meld if mr.max_jokers_per_meld is not None else len(hand)
    need = max(mr.min_naturals_per_meld, 1)  # a straight of jokers alone is never read as one
    windows = _windows_of(mr)
    by_rank: dict[int, list[Card]] = {}
    for c in sorted(naturals.elements(), key=Card.sort_key):
        by_rank.setdefault(c.rank, []).append(c)
    choices: list[tuple[int | None, tuple[Card, ...]]] = []
    for rank, held in by_rank.items():
        # the straights keep none, one or two of the rank's cards (one per straight at most)
        kept = {()} | {(c,) for c in held} | {pair for pair in combinations(held, 2)}
        choices += [(rank, k) for k in sorted(kept, key=lambda k: [c.sort_key() for c in k])]
    if mr.min_naturals_per_meld == 0:
        choices.append((None, ()))  # a book of jokers alone
    for rank, kept in choices:
        in_book = list(by_rank.get(rank, [])) if rank is not None else []
        for c in kept:
            in_book.remove(c)
        b = len(in_book)
        if rank is not None and b < mr.min_naturals_per_meld:
            continue
        rest = naturals.copy()
        rest.subtract(in_book)
        rest = +rest
        suits = sorted({c.suit for c in rest})
        if not suits or len(suits) > 2:
            continue
        lowest = max(0, mr.set_min - b)
        highest = min(max_j, jokers, (mr.set_max - b) if mr.set_max is not None else jokers)
        if lowest > highest:
            continue
        total = sum(rest.values())
        # the straights' places: their natural cards plus the jokers the book does not take
        span = (total + jokers - highest, total + jokers - lowest)
        for straights in _straight_pairs(rest, suits, windows, span, max_j, need):
            used = sum(len(s) for s in straights) - total
            k = jokers - used
            book = tuple(in_book) + (Card.joker(),) * k
            checked = tuple(check_meld(list(m), mr) for m in straights) + (check_meld(list(book), mr),)
            if [m.kind for m in checked] == ["run", "run", "set"]:
                return checked
    return None


def _windows_of(mr: MeldRules) -> list[tuple[int, int]]:
    """Every window of positions a straight may fill (1 the low ace, 14 the high ace)."""
    low = mr.ace_run in ("low_only", "either_end")
    high = mr.ace_run in ("high_only", "either_end")
    first, last = (ACE_LOW if low else 2), (ACE_HIGH if high else 13)
    longest = mr.run_max or 14
    out = []
    for lo in range(first, last + 1):
        for hi in range(lo + mr.run_min - 1, min(last, lo + longest - 1) + 1):
            if lo == ACE_LOW and hi == ACE_HIGH and not mr.allow_ace_both_ends:
                continue
            out.append((lo, hi))
    return out


def _places(window: tuple[int, int], rank: int) -> int:
    """How many cards of ``rank`` a straight over ``window`` can hold (an ace: low, high or both)."""
    lo, hi = window
    if rank == 1:
        return (lo <= ACE_LOW <= hi) + (lo <= ACE_HIGH <= hi)
    return 1 if lo <= rank <= hi else 0


def _straight_pairs(rest: Counter, suits: list[str], windows: list[tuple[int, int]], span: tuple[int, int],
                    max_j: int, need: int):
    """Every pair of straights (as cards, jokers plain) holding exactly the natural cards ``rest`` (of one
    or two suits), their lengths adding up to within ``span``."""
    per_suit = {s: Counter({c.rank: n for c, n in rest.items() if c.suit == s}) for s in suits}
    if len(suits) == 2:
        fits = []
        for s in suits:
            counts = per_suit[s]
            n = sum(counts.values())
            fits.append([w for w in windows
                         if all(_places(w, r) >= k for r, k in counts.items())
                         and n >= need and w[1] - w[0] + 1 - n <= max_j])
        for w1 in fits[0]:
            for w2 in fits[1]:
                if span[0] <= (w1[1] - w1[0] + 1) + (w2[1] - w2[0] + 1) <= span[1]:
                    yield (_fill(suits[0], w1, per_suit[suits[0]]), _fill(suits[1], w2, per_suit[suits[1]]))
        return
    (s,) = suits
    counts = per_suit[s]
    n = sum(counts.values())
    for i, w1 in enumerate(windows):
        len1 = w1[1] - w1[0] + 1
        for w2 in windows[i:]:
            len2 = w2[1] - w2[0] + 1
            if not span[0] <= len1 + len2 <= span[1]:
                continue
            # the first straight takes between least and most of the cards; the second the rest
            least = most = 0
            for r, k in counts.items():
                p1, p2 = _places(w1, r), _places(w2, r)
                if k > p1 + p2:
                    break
                least += max(0, k - p2)
                most += min(k, p1)
            else:
                # each straight: enough natural cards, no more jokers than a meld may hold
                lo = max(least, need, len1 - max_j)
                hi = min(most, n - need, n - len2 + max_j)
                for take in range(lo, hi + 1):
                    first = _split(counts, w1, w2, take)
                    yield (_fill(s, w1, first), _fill(s, w2, counts - first))


def _split(counts: Counter, w1: tuple[int, int], w2: tuple[int, int], take: int) -> Counter:
    """``take`` of the cards ``counts`` for the first window, every card still fitting one of the two."""
    first = Counter()
    for r, k in counts.items():
        first[r] = max(0, k - _places(w2, r))
    spare = take - sum(first.values())
    for r, k in sorted(counts.items()):
        room = min(k, _places(w1, r)) - first[r]
        step = min(room, spare)
        first[r] += step
        spare -= step
    return +first


def _fill(suit: str, window: tuple[int, int], counts: Counter) -> tuple[Card, ...]:
    """A straight over ``window``: the natural cards of ``counts`` at their places, jokers elsewhere."""
    lo, hi = window
    aces = counts.get(1, 0)
    cards = []
    for p in range(lo, hi + 1):
        rank = 1 if p == ACE_HIGH else p
        if rank == 1:
            here = aces > 0
            aces -= here
        else:
            here = counts.get(rank, 0) > 0
        cards.append(Card(rank, suit) if here else Card.joker())
    return tuple(cards)


def _take(cards: list[Card], meld: tuple[Card, ...]) -> list[Card] | None:
    """``cards`` less the cards of ``meld`` (jokers as jokers), or None if they are not all there."""
    left = list(cards)
    for c in meld:
        c = Card.joker() if c.is_joker else c
        if c not in left:
            return None
        left.remove(c)
    return left


def _straights(hand: list[Card], mr: MeldRules, swaps: int) -> list[tuple[Card, ...]]:
    """Every straight the hand can make, each once: a window of one suit, a natural card or a joker at
    each place, at most ``swaps`` natural cards held back for a joker."""
    jokers = sum(1 for c in hand if c.is_joker)
    have = Counter(c for c in hand if not c.is_joker)
    lows = [ACE_LOW] if mr.ace_run in ("low_only", "either_end") else []
    top = ACE_HIGH if mr.ace_run in ("high_only", "either_end") else 13
    first = ACE_LOW if lows else 2
    longest = mr.run_max or 14
    found: dict[tuple, tuple[Card, ...]] = {}
    for suit in SUITS:
        if not any(c.suit == suit for c in have):
            continue
        for lo in range(first, top + 1):
            for hi in range(lo + mr.run_min - 1, min(top, lo + longest - 1) + 1):
                ranks = [1 if p == ACE_HIGH else p for p in range(lo, hi + 1)]
                if len(set(ranks)) != len(ranks):
                    continue  # both aces: not a straight here
                present = [i for i, r in enumerate(ranks) if have[Card(r, suit)]]
                gaps = len(ranks) - len(present)
                if gaps > jokers or not present:
                    continue
                for k in range(0, min(swaps, jokers - gaps, len(present)) + 1):
                    for held_back in combinations(present, k):
                        meld = tuple(Card.joker() if (i not in present or i in held_back) else Card(r, suit)
                                     for i, r in enumerate(ranks))
                        key = tuple(sorted((c.sort_key() for c in meld)))
                        if key in found:
                            continue
                        if check_meld(list(meld), mr).kind == "run":
                            found[key] = meld
    return list(found.values())


def _three_card_books(cards: list[Card], wanted: int, mr: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """As many three-card books as ``cards`` make (up to ``wanted``), found exactly: rank by rank, every
    way of splitting the rank's natural cards into books of three, two or one natural card (the rest
    jokers, within the joker rules), with the hand's jokers as the budget shared by all ranks. Of the
    ways that make the most books, the one with the fewest jokers (suits never matter in a book)."""
    if mr.set_min > 3 or (mr.set_max is not None and mr.set_max < 3) or wanted <= 0:
        return ()
    jokers = sum(1 for c in cards if c.is_joker)
    per_rank: dict[int, list[Card]] = {}
    for c in cards:
        if not c.is_joker:
            per_rank.setdefault(c.rank, []).append(c)
    limit = mr.max_jokers_per_meld if mr.max_jokers_per_meld is not None else 3
    # the mixes a three-card book may be: natural cards, the rest jokers
    mixes = [k for k in (3, 2, 1, 0) if k >= mr.min_naturals_per_meld and 3 - k <= limit]
    ranked = [k for k in mixes if k]
    # best[j] = (books, -jokers, plan) using j jokers so far; a plan lists (rank, naturals) per book.
    # At most ``wanted`` (3) books and the hand's jokers bound every loop here.
    best: dict[int, tuple[int, list]] = {0: (0, [])}
    for rank in sorted(per_rank):
        have = len(per_rank[rank])
        nxt: dict[int, tuple[int, list]] = {}
        for used, (made, plan) in best.items():
            stack = [(made, used, have, plan)]
            while stack:
                m, u, left, p = stack.pop()
                if m > nxt.get(u, (-1,))[0]:
                    nxt[u] = (m, p)
                if m >= wanted:
                    continue
                for k in ranked:
                    if left >= k and u + 3 - k <= jokers:
                        stack.append((m + 1, u + 3 - k, left - k, p + [(rank, k)]))
        best = nxt
    finals = []
    for used, (made, plan) in best.items():
        plan = list(plan)
        if 0 in mixes:  # books of three jokers, from what the ranks left
            while len(plan) < wanted and jokers - used >= 3:
                plan.append((None, 0))
                used += 3
        finals.append((min(len(plan), wanted), -used, plan))
    _, _, plan = max(finals, key=lambda f: (f[0], f[1]))
    made: list[tuple[Card, ...]] = []
    taken: dict[int, int] = {}
    for rank, k in sorted(plan, key=lambda b: (b[0] is None, b[0] or 0, -b[1])):
        start = taken.get(rank, 0)
        naturals = tuple(per_rank[rank][start:start + k]) if rank is not None else ()
        taken[rank] = start + k
        made.append(naturals + (Card.joker(),) * (3 - k))
    return tuple(made[:wanted])


def _last_book(cards: list[Card], mr: MeldRules, no_discard: bool) -> tuple[Card, ...] | None:
    """Deal 5: the cards the straights left are one book (less one discard unless ``no_discard``)."""
    tries = [cards] if no_discard else [cards[:i] + cards[i + 1:] for i in range(len(cards))]
    for rest in tries:
        if rest and check_meld(rest, mr).kind == "set":
            return tuple(rest)
    return None


def _describe_contract(books: int, straights: int, mr: MeldRules) -> str:
    parts = []
    if books:
        parts.append(_counted(books, mr.set_word))
    if straights:
        parts.append(_counted(straights, mr.run_word))
    return joined(_(" and "), parts) if parts else _("no melds")


# -- Rumino ---------------------------------------------------------------------------------------


def _rumino_rules(mr: MeldRules) -> MeldRules:
    # A rumino ignores the usual size limits: 7 of a kind must repeat suits, and the straight flush
    # is 7 long whatever max_run_length says. The ace is low and runs never wrap (docs/rules/rumino.md#r7).
    return replace(mr, set_min=7, set_max=7, set_distinct_suits=False, natural_sets_may_repeat_suits=False,
                   run_min=7, run_max=7, ace_run="low_only", allow_ace_both_ends=False,
                   max_jokers_per_meld=None)


def is_rumino(cards: str | Iterable[Card], mrules: MeldRules, naturals_only: bool = False) -> MeldCheck:
    """Is this a rumino: a 7-card straight flush (ace low, no wrap) or 7 of a kind?

    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4, game_name="Rumino")
    >>> is_rumino("7S 7S 7H 7H 7D 7C JK", rumino).valid
    True
    >>> is_rumino("9H 10H JH QH KH AH 2H", rumino).valid
    False
    """
    try:
        cards = _as_cards(cards)
    except InvalidCardError as exc:
        return MeldCheck(False, None, message_of(exc))
    if len(cards) != 7:
        return MeldCheck(False, None, _("a rumino is exactly 7 cards, not {count}", count=len(cards)), 0, cards)
    if naturals_only and any(c.is_joker for c in cards):
        return MeldCheck(False, None, _("a rumino must be all natural cards here (rumino_naturals_only)"), 0, cards)
    verdict = _check(cards, _rumino_rules(mrules))
    if not verdict.valid:
        return replace(verdict, reason=_("not a rumino: {reason}", reason=verdict.reason))
    what = _("7 of a kind") if verdict.kind == "set" else _("a 7-card straight flush")
    return replace(verdict, kind="rumino", word="rumino", what=what,
                   reason=_("a rumino, {what}: {cards}", what=what, cards=_text(verdict.declared)))


def rumino_outs(six_cards: str | Iterable[Card], mrules: MeldRules, naturals_only: bool = False) -> list[Card]:
    """Every card that would make these six cards a rumino (the joker included if one would).

    Cards the deck has no copy left of are not outs.

    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4)
    >>> format_cards(rumino_outs("3H 4H 5H 6H 7H 8H", rumino))
    '2♥ 9♥ JKR'
    """
    six = _as_cards(six_cards)
    candidates = [Card(r, s) for s in SUITS for r in range(1, 14)] + [Card.joker()]
    return [c for c in candidates if is_rumino(six + (c,), mrules, naturals_only).valid]
