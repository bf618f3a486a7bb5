"""Meld checks: sets (books), runs (straights), jokers and aces, opening values.

This module owns the *generic* meld logic (Russian Rummy's contracts and Rumino's rumino are one game's
rules each, in ``variants.russian`` and ``variants.rumino``; their names are importable from here too).
A variant turns its house rules into one ``MeldRules`` value (what a set and a run may be, where the
ace goes, how many jokers a meld may hold, how many decks are in play) and the functions here answer
for any variant from that value alone. Verdicts are values (``MeldCheck``, ``OpeningCheck``,
``ContractCheck``) whose ``reason`` is a sentence a player at the table understands; nothing here
raises for a bad meld except ``opening_value``, which has no verdict to carry the reason.

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
from dataclasses import dataclass
from typing import Iterable, Literal, Sequence

from .errors import Refusal
from .cards import SUITS, SUIT_SYMBOLS, Card, InvalidCardError, _count_word, check_copies, format_cards, parse_cards
from .i18n import _, _n, message_of

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
    "final_contract",
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
    #: a run of all 13 cards of a suit may take a joker as its other ace (Scala 40's A-2-…-K-joker), though
    #: never two natural aces unless ``allow_ace_both_ends``
    joker_as_other_ace: bool = False
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
    #: more to say about the meld, as (label, words) lines a page lists (the Canasta family: its wild
    #: cards, what completing it earns, its card points)
    facts: tuple[tuple[str, str], ...] = ()
    #: a whole hand whose groups count nothing (Pool Rummy's hand without two sequences, one of them
    #: pure): why, in a few words a page can put in its own sentence; every card then counts
    counted_whole: str | None = None

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
    natural_aces = sum(1 for c in cards if c.rank == 1 and not c.is_joker)
    joker_ace = mr.joker_as_other_ace and natural_aces < 2
    if aces == 2 and not mr.allow_ace_both_ends and not joker_ace:
        return [], _("{what} may not hold both aces of its suit", what=_a_game(game, word))
    allowed = {"low_only": {ACE_LOW}, "high_only": {ACE_HIGH}, "either_end": {ACE_LOW, ACE_HIGH}}[mr.ace_run]
    suit_options = sorted(suits) if suits else list(SUITS)
    readings = []
    for suit in suit_options:
        for window in _windows(n, allowed, mr.allow_ace_both_ends or joker_ace):
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
