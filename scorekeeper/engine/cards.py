"""Cards as people type them: the ``Card`` value type, parsing, formatting and deck limits.

This module owns the card notation of the product (docs/rules/common.md#cards): ranks
``A 2-10 T J Q K``, suits ``S H D C`` or ``♠ ♥ ♦ ♣`` in any case, jokers ``JK``, ``JKR``, ``*`` or ``🃏``,
and a joker's declared card (``JK=9S``). Everything else in the engine speaks ``Card``.

>>> parse_cards("AS 10h, qd JK=9S")
[Card.parse('AS'), Card.parse('10H'), Card.parse('QD'), Card.parse('JK=9S')]
>>> format_cards(parse_cards("as th 🃏"))
'A♠ 10♥ JKR'
>>> parse_cards("AS 1X")
Traceback (most recent call last):
...
scorekeeper.engine.cards.InvalidCardError: '1X' (card 2) is not a card
"""

from __future__ import annotations
from .errors import Refusal
from .i18n import _, _n

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

#: Suits in the order the card picker shows them.
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# Alternate (white) suit symbols some keyboards produce.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

#: Ranks are integers: ace 1, 2-10, jack 11, queen 12, king 13.
RANKS = tuple(range(1, 14))
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
RANK_NAMES = {1: _("ace"), 11: _("jack"), 12: _("queen"), 13: _("king")} | {r: str(r) for r in range(2, 11)}
_RANK_FROM_TEXT = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(r): r for r in range(2, 11)}

JOKER_WORDS = ("JK", "JKR", "*", "🃏", "JOKER")

_NATURAL_RE = re.compile(r"^(10|[2-9]|[ATJQK])([SHDC♠♥♦♣♤♡♢♧])$")


class InvalidCardError(Refusal):
    """A token that is not a card, or a hand that the deck cannot hold."""


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, or a joker.

    A natural card has ``rank`` 1-13 and ``suit`` one of ``S H D C``. A joker has ``rank`` 0 and
    ``suit`` ``""``; it may carry ``stands_for``, the natural card its player declared it to be.

    >>> Card.parse("qd")
    Card.parse('QD')
    >>> Card.parse("JK=9S").stands_for
    Card.parse('9S')
    >>> Card.parse("10♥").symbol
    '10♥'
    """

    rank: int
    suit: str
    stands_for: "Card | None" = None
    #: the card with its suit symbol, written once: a replay writes every card of every hand it explains
    symbol: str = field(init=False, repr=False, compare=False)
    #: which physical card this is, as a number (0 for any joker, whatever it stands for): copies are
    #: counted by it, for every hand of a replay
    physical: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank == 0:
            if self.suit:
                raise InvalidCardError(_("a joker has no suit"))
            if self.stands_for is not None and self.stands_for.is_joker:
                raise InvalidCardError(_("a joker cannot stand for a joker"))
            symbol = "JKR" if self.stands_for is None else f"JKR={self.stands_for.symbol}"
        else:
            if self.rank not in RANK_LABELS or self.suit not in SUITS:
                raise InvalidCardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
            if self.stands_for is not None:
                raise InvalidCardError(_("only a joker can stand for another card"))
            symbol = f"{RANK_LABELS[self.rank]}{SUIT_SYMBOLS[self.suit]}"
        # canonical form with suit symbols: "A♠", "10♥", "JKR", "JKR=9♠" (frozen: set through object)
        object.__setattr__(self, "symbol", symbol)
        object.__setattr__(self, "physical", self.rank * 4 + SUITS.index(self.suit) + 1 if self.rank else 0)

    # -- construction ---------------------------------------------------------------------------------

    @classmethod
    def joker(cls, stands_for: "Card | None" = None) -> "Card":
        return cls(0, "", stands_for)

    @classmethod
    def parse(cls, token: str, position: int | None = None) -> "Card":
        """Parse one token such as ``AS``, ``10h``, ``T♦``, ``JK`` or ``JK=9S``.

        ``position`` (1-based) is only used in the error message.
        """
        # a replay parses every card of every hand again (thousands for a long match): a short token's
        # card is remembered; a card is immutable, so one instance serves every hand that holds it
        if cls is Card and isinstance(token, str) and len(token) <= _TOKEN_CHARS:
            card = _known_card(token)
            if card is not None:
                return card
        return cls._parse_token(token, position)

    @classmethod
    def _parse_token(cls, token: str, position: int | None = None) -> "Card":
        raw = token
        where = _(" (card {position})", position=position) if position is not None else ""
        if not isinstance(token, str):
            # a document may hold anything where a card belongs (a number, a list, true)
            raise InvalidCardError(_("{raw}{where} is not a card: a card is written as text (“7H”)",
                                     raw=json.dumps(token, ensure_ascii=False, default=str)[:20], where=where))
        text = token.strip().upper()
        if "=" in text:
            head, _eq, tail = text.partition("=")
            if head not in JOKER_WORDS:
                raise InvalidCardError(_("{raw!r}{where}: only a joker can say what it stands for", raw=raw,
                                         where=where))
            try:
                target = cls._parse_natural(tail)
            except InvalidCardError:
                raise InvalidCardError(
                    _("{raw!r}{where}: a joker must stand for a natural card, not {tail!r}", raw=raw, where=where,
                      tail=tail)
                ) from None
            return cls.joker(target)
        if text in JOKER_WORDS:
            return cls.joker()
        try:
            return cls._parse_natural(text)
        except InvalidCardError:
            raise InvalidCardError(_("{raw!r}{where} is not a card", raw=raw, where=where)) from None

    @classmethod
    def _parse_natural(cls, text: str) -> "Card":
        m = _NATURAL_RE.match(text)
        if not m:
            raise InvalidCardError(text)
        rank = _RANK_FROM_TEXT[m.group(1)]
        suit_text = m.group(2)
        suit = _SYMBOL_TO_SUIT.get(suit_text, suit_text)
        return cls(rank, suit)

    # -- reading --------------------------------------------------------------------------------------

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def natural(self) -> "Card":
        """The card as it plays: a declared joker's card, or the card itself."""
        return self.stands_for if self.stands_for is not None else self

    @property
    def code(self) -> str:
        """Canonical ASCII form: ``AS``, ``10H``, ``JK``, ``JK=9S``."""
        if self.is_joker:
            return "JK" if self.stands_for is None else f"JK={self.stands_for.code}"
        return f"{RANK_LABELS[self.rank]}{self.suit}"

    @property
    def name(self) -> str:
        """Spoken name for screen readers: "9 of spades", "joker as queen of hearts"."""
        if self.is_joker:
            return _("joker") if self.stands_for is None else _("joker as {card}", card=self.stands_for.name)
        return _("{rank} of {suit}", rank=RANK_NAMES[self.rank], suit=SUIT_NAMES[self.suit])

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def sort_key(self) -> tuple[int, int, int]:
        """Order used for display: suits in picker order, then rank; jokers last."""
        if self.is_joker:
            return (4, 0, 0)
        return (SUITS.index(self.suit), self.rank, 0)


#: the longest token that can be a card, "JOKER=10♠" (with a space either side to strip): the tokens
#: remembered by :func:`_known_card`, whose count is bounded too
_TOKEN_CHARS = max(map(len, JOKER_WORDS)) + len("=10S") + 2


@lru_cache(maxsize=1024)
def _known_card(token: str) -> Card | None:
    """The card ``token`` names, or None when it is not a card (the caller parses it again to say
    where, in its own words)."""
    try:
        return Card._parse_token(token)
    except InvalidCardError:
        return None


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (or an iterable of tokens).

    >>> [c.code for c in parse_cards("7♥ t♣ Kd *")]
    ['7H', '10C', 'KD', 'JK']
    >>> parse_cards("")
    []
    """
    if isinstance(text, str):
        # split on runs of whitespace, commas and semicolons: str.split, not a regular expression
        # (a tenth of the cost, and a replay splits every hand again)
        tokens = text.replace(",", " ").replace(";", " ").split()
    else:
        tokens = [t for t in text if t]
    # a replay parses thousands of hands: first try every token as a remembered card in one pass (what
    # Card.parse does first for each), and parse one by one only to say where a token is not a card
    found = [_known_card(t) if isinstance(t, str) and len(t) <= _TOKEN_CHARS else None for t in tokens]
    if all(found):
        return found
    return [Card.parse(tok, i) for i, tok in enumerate(tokens, start=1)]


def format_cards(cards: Iterable[Card], symbols: bool = True) -> str:
    """Canonical text for a list of cards, with symbols (default) or ASCII codes.

    >>> format_cards(parse_cards("js jk=qs ks"), symbols=False)
    'JS JK=QS KS'
    """
    if symbols:
        return " ".join([c.symbol for c in cards])
    return " ".join([c.code for c in cards])


def check_copies(cards: Iterable[Card], decks: int, jokers: int) -> None:
    """Refuse cards that the deck cannot hold: more copies of a natural card than ``decks``, or
    more jokers than ``jokers``.

    A joker's declared card is not a physical card, so it does not count as a copy.

    >>> check_copies(parse_cards("7D 7D"), decks=2, jokers=4)
    >>> check_copies(parse_cards("7D 7D 7D"), decks=2, jokers=4)
    Traceback (most recent call last):
    ...
    scorekeeper.engine.cards.InvalidCardError: three 7♦ cannot be in play: the deck holds only two
    """
    # counted by the physical card, which a joker's declared card does not change (every joker is 0)
    counts = Counter([c.physical for c in cards])
    for physical, n in counts.items():
        limit = jokers if physical == 0 else decks
        if n > limit:
            rank, suit = divmod(physical - 1, 4)
            what = _("jokers") if physical == 0 else Card(rank, SUITS[suit]).symbol
            if limit == 0:
                raise InvalidCardError(
                    _n("this game is played without jokers, but {jokers} was given",
                       "this game is played without jokers, but {jokers} were given", n, jokers=_count_word(n))
                )
            raise InvalidCardError(
                _("{count} {what} cannot be in play: the deck holds only {limit}", count=_count_word(n), what=what,
                  limit=_count_word(limit))
            )


_WORDS = {1: _("one"), 2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six"), 7: _("seven"),
          8: _("eight")}


def _count_word(n: int) -> str:
    return _WORDS.get(n, str(n))
