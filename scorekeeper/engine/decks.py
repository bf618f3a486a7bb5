"""A game's deck as a declaration: what its cards (or tiles) are, how they are written and read, how many
of each a match holds, what each counts when held, and how the card picker lays them out.

Most games play the standard pack (``StandardPack``: ``engine.cards``'s ``Card``, its notation and its
copy check, by packs and jokers). A game with a deck of its own declares a ``NumberDeck``: numbers in
colours, a few copies of each, and special cards (Phase 10's Wild and Skip, Rummikub's joker). Its items
are ``Tile`` values; the parser, the copy check, the values, the sum a hand's explanation writes and the
picker's grid all come from the declaration.

>>> deck = NumberDeck("demo", numbers=range(1, 4), colours=(Colour("R", "red"), Colour("B", "blue")),
...                   copies=2, specials=(Special("W", "wild", 3, 25, ("WILD",)),),
...                   values={1: 5, 2: 5, 3: 10})
>>> deck.format(deck.parse("1r, 3B wild"))
'1R 3B W'
>>> deck.count(deck.parse("1R 3B W"))
(40, '5 + 10 + 25')
>>> deck.check_copies(deck.parse("2R 2R 2R"))
Traceback (most recent call last):
...
scorekeeper.engine.cards.InvalidCardError: three 2R cannot be in play: the deck holds only two
>>> deck.parse("4R")
Traceback (most recent call last):
...
scorekeeper.engine.cards.InvalidCardError: '4R' (card 1) is not a card of this deck
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from . import cards as _cards
from .cards import Card, InvalidCardError
from .i18n import _, _n


@dataclass(frozen=True)
class Colour:
    """One colour of a numbered deck: the letter it is written with, its name, other letters read as it
    (Rummikub's orange is printed yellow in some sets: ``y``)."""

    letter: str
    words: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Special:
    """A card that is not a number in a colour: its token, its name, how many the deck holds, what it
    counts when held, the other tokens read as it, and whether it stands in for a number in a meld."""

    code: str
    words: str
    copies: int
    value: int
    aliases: tuple[str, ...] = ()
    wild: bool = False


@dataclass(frozen=True, slots=True)
class Tile:
    """One card or tile of a numbered deck: a number in a colour, or a special (its token in ``special``).

    >>> Tile(7, "R").code, Tile(0, "", "W").code, Tile(0, "", "W").is_special
    ('7R', 'W', True)
    """

    number: int
    colour: str
    special: str = ""

    @property
    def code(self) -> str:
        return self.special or f"{self.number}{self.colour}"

    @property
    def symbol(self) -> str:
        return self.code

    @property
    def is_special(self) -> bool:
        return bool(self.special)

    @property
    def is_joker(self) -> bool:
        """A special card or tile shows as a joker does (a chip of its own colour)."""
        return bool(self.special)

    @property
    def is_red(self) -> bool:
        return False

    @property
    def name(self) -> str:
        return self.code

    def __str__(self) -> str:
        return self.code


class Deck:
    """What every deck declaration answers (the standard pack and a numbered deck alike)."""

    #: a short key ("standard", "phase10")
    key: str = ""
    #: what one item is called: "card" or "tile"
    item: str = "card"

    def parse(self, text: str | Iterable[str]) -> list[Any]:
        raise NotImplementedError

    def format(self, items: Iterable[Any]) -> str:
        return " ".join(i.symbol for i in items)

    def check_copies(self, items: Iterable[Any]) -> None:
        raise NotImplementedError

    def value(self, item: Any) -> int:
        raise NotImplementedError

    def count(self, items: Sequence[Any]) -> tuple[int, str]:
        """What these items count when held, and the sum written out ("5 + 10 + 25")."""
        values = [self.value(i) for i in items]
        return sum(values), " + ".join(map(str, values))

    def slot(self, item: Any) -> str:
        """The picker box an item ticks."""
        return item.code

    def picker_rows(self) -> list[tuple[str, list[Any]]]:
        """The picker's grid: a label per row and the items of the row."""
        raise NotImplementedError

    def picker_specials(self) -> list[tuple[Any, int]]:
        """Boxes beside the grid (a joker, a Wild), each with how many copies the deck holds."""
        return []

    def copies(self) -> int:
        """How many copies of each numbered item the deck holds."""
        raise NotImplementedError

    def size(self) -> int:
        """How many items the whole deck holds."""
        raise NotImplementedError


class StandardPack(Deck):
    """The standard pack: ``packs`` packs of 52 and ``jokers`` jokers, counted by ``values`` (index 0 the
    joker, index r rank r), written as ``engine.cards`` writes them.

    >>> pack = StandardPack(packs=2, jokers=4, values=(25,) + tuple(range(1, 14)))
    >>> pack.size(), pack.count(pack.parse("KS 4D JK"))
    (108, (42, '13 + 4 + 25'))
    """

    key = "standard"

    def __init__(self, packs: int = 1, jokers: int = 0, values: Sequence[int] = (0,) * 14) -> None:
        self.packs, self.jokers, self.values = packs, jokers, tuple(values)

    def parse(self, text: str | Iterable[str]) -> list[Card]:
        return _cards.parse_cards(text)

    def check_copies(self, items: Iterable[Card]) -> None:
        _cards.check_copies(items, decks=self.packs, jokers=self.jokers)

    def value(self, item: Card) -> int:
        return self.values[item.rank]

    def slot(self, item: Card) -> str:
        return "JK" if item.is_joker else item.code

    def picker_rows(self) -> list[tuple[str, list[Card]]]:
        return [(Card(rank, "S").code[:-1], [Card(rank, suit) for suit in _cards.SUITS]) for rank in _cards.RANKS]

    def picker_specials(self) -> list[tuple[Card, int]]:
        return [(Card.joker(), self.jokers)] if self.jokers else []

    def copies(self) -> int:
        return self.packs

    def size(self) -> int:
        return 52 * self.packs + self.jokers


_COUNT_WORDS = {1: _("one"), 2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six"),
                7: _("seven"), 8: _("eight"), 9: _("nine"), 10: _("ten")}


def _count_word(n: int) -> str:
    return _COUNT_WORDS.get(n, str(n))


class NumberDeck(Deck):
    """A deck of numbers in colours, ``copies`` of each, and ``specials``; ``values`` gives what each
    number counts when held (``{number: points}``; a special counts its own ``value``). Tokens are
    read in any case: a number and its colour letter (``7R``), or a special's code or alias (``W``)."""

    def __init__(self, key: str, *, numbers: range, colours: tuple[Colour, ...], copies: int,
                 specials: tuple[Special, ...] = (), values: Mapping[int, int] | None = None,
                 item: str = "card", group_values: bool = False) -> None:
        self.key, self.numbers, self.colours, self._copies = key, numbers, colours, copies
        self.specials, self.item = specials, item
        self.values = dict(values) if values is not None else {n: n for n in numbers}
        #: a hand's sum is written by value class ("5 × 5 + 3 × 10 + 25"), as the printed rules count it
        self.group_values = group_values
        letters = {c.letter.upper(): c.letter for c in colours}
        letters.update({a.upper(): c.letter for c in colours for a in c.aliases})
        self._letters = letters
        self._specials = {s.code.upper(): s for s in specials}
        self._specials.update({a.upper(): s for s in specials for a in s.aliases})
        self._number_re = re.compile(r"^(\d{1,2})([A-Z])$")

    # -- reading and writing --------------------------------------------------------------------------

    def token(self, token: str, position: int | None = None) -> Tile:
        text = token.strip().upper()
        special = self._specials.get(text)
        if special is not None:
            return Tile(0, "", special.code)
        m = self._number_re.match(text)
        if m and int(m.group(1)) in self.numbers and m.group(2) in self._letters:
            return Tile(int(m.group(1)), self._letters[m.group(2)])
        where = _(" (card {position})", position=position) if position is not None else ""
        raise InvalidCardError(_("{raw!r}{where} is not a card of this deck", raw=token, where=where)
                               if self.item == "card" else
                               _("{raw!r}{where} is not a tile of this set", raw=token,
                                 where=_(" (tile {position})", position=position) if position is not None else ""))

    def parse(self, text: str | Iterable[str]) -> list[Tile]:
        if isinstance(text, str):
            tokens = text.replace(",", " ").replace(";", " ").split()
        else:
            tokens = [t for t in text if t]
        return [self.token(t, i) for i, t in enumerate(tokens, start=1)]

    def special(self, code: str) -> Special:
        return self._specials[code.upper()]

    def name(self, tile: Tile) -> str:
        """Spoken name for screen readers: "7 red", "Wild"."""
        if tile.special:
            return self.special(tile.special).words
        colour = next(c for c in self.colours if c.letter == tile.colour)
        return _("{number} {colour}", number=tile.number, colour=colour.words)

    # -- the deck's contents --------------------------------------------------------------------------

    def value(self, item: Tile) -> int:
        if item.special:
            return self.special(item.special).value
        return self.values[item.number]

    def count(self, items: Sequence[Tile]) -> tuple[int, str]:
        if not self.group_values:
            return super().count(items)
        # by value class, in the order the classes first appear: "5 × 5 + 3 × 10 + 25 + 15"
        order: list[tuple[str, int]] = []
        seen: Counter = Counter()
        for item in items:
            key = (item.special, self.value(item)) if item.special else ("", self.value(item))
            if key not in seen:
                order.append(key)
            seen[key] += 1
        parts = [str(v * seen[(s, v)]) for s, v in order]
        return sum(self.value(i) for i in items), " + ".join(parts)

    def check_copies(self, items: Iterable[Tile]) -> None:
        counts = Counter(items)
        for tile, n in counts.items():
            limit = self.special(tile.special).copies if tile.special else self._copies
            if n > limit:
                if limit == 0:
                    raise InvalidCardError(_("this deck has no {what}", what=self.special(tile.special).words))
                raise InvalidCardError(
                    _("{count} {what} cannot be in play: the deck holds only {limit}", count=_count_word(n),
                      what=tile.code, limit=_count_word(limit)))

    def copies(self) -> int:
        return self._copies

    def size(self) -> int:
        return len(self.numbers) * len(self.colours) * self._copies + sum(s.copies for s in self.specials)

    def numbered_total(self) -> int:
        """What every numbered item of the deck counts, together."""
        return sum(self.values[n] for n in self.numbers) * len(self.colours) * self._copies

    def highest(self) -> int:
        """The most one item counts (the specials the deck holds included)."""
        return max([self.values[n] for n in self.numbers] + [s.value for s in self.specials if s.copies])

    # -- the picker -----------------------------------------------------------------------------------

    def picker_rows(self) -> list[tuple[str, list[Tile]]]:
        """One row per number, a box per colour (colours, not suits: a tile is a number on a face)."""
        return [(str(n), [Tile(n, c.letter) for c in self.colours]) for n in self.numbers]

    def picker_specials(self) -> list[tuple[Tile, int]]:
        return [(Tile(0, "", s.code), s.copies) for s in self.specials if s.copies]

    def with_specials(self, **copies_or_values: Any) -> "NumberDeck":
        """The same deck with some specials changed: ``W=(copies, value)`` by code."""
        specials = []
        for s in self.specials:
            change = copies_or_values.get(s.code)
            specials.append(s if change is None else
                            Special(s.code, s.words, change[0], change[1], s.aliases, s.wild))
        return NumberDeck(self.key, numbers=self.numbers, colours=self.colours, copies=self._copies,
                          specials=tuple(specials), values=self.values, item=self.item,
                          group_values=self.group_values)


__all__ = ["Colour", "Deck", "NumberDeck", "Special", "StandardPack", "Tile"]
