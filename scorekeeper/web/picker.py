"""The card picker's server side: merging what a plain form sends back into one card string.

The picker (``templates/shared/_card_picker.html``) submits three things under a field's ``name``:

* ``<name>``: the text box, cards as typed (``8d kc 7h jk=9s``): the source of truth;
* ``<name>__pick``: one value per ticked checkbox (``9S``, ``9S`` again for the second copy, ``JK``);
* ``<name>__ticked``: the boxes that were already ticked when the page was drawn (the text box's cards).

With JavaScript the checkboxes and ``__ticked`` are disabled (the buttons write the text box directly),
so only the text arrives and ``cards_text`` returns it in canonical form. Without JavaScript the person
may both type and tick; ``cards_text`` merges the two the way a three-way merge does: the boxes ticked
since the page was drawn add their cards, the boxes unticked remove theirs, and whatever was typed stays.
A token that is not a card is kept as typed, so the parser downstream names it and its position.

``picker_state`` is what the macro needs to draw the boxes ticked and the chips; it is a template
global (registered by ``init_app``). Each takes the match's deck (``engine.decks``: a game with cards
of its own, Phase 10's ``7R``, Rummikub's ``13k``); without one, the standard pack.

>>> from werkzeug.datastructures import MultiDict
>>> cards_text(MultiDict([("cards", "9s 10h"), ("cards__pick", "KD")]), "cards")
'9S 10H KD'
>>> cards_text(MultiDict([("cards", "9S 9H"), ("cards__ticked", "9S 9H"), ("cards__pick", "9S")]), "cards")
'9S'
>>> cards_text(MultiDict([("cards", "9S x9 jk=qh")]), "cards")
'9S x9 JK=QH'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from ..engine.cards import RANKS, SUITS, Card, InvalidCardError
from ..engine.decks import Deck, StandardPack

__all__ = ["cards_text", "picker_state", "PickerState", "init_app"]

_SEPARATORS = str.maketrans({",": " ", ";": " "})


def _tokens(text: str | None) -> list[str]:
    return (text or "").translate(_SEPARATORS).split()


def _card(token: str, deck: Deck | None = None) -> Any:
    try:
        return Card.parse(token) if deck is None or isinstance(deck, StandardPack) else deck.token(token)
    except InvalidCardError:
        return None


def _slot(card: Any) -> str:
    """The box a card ticks: its own code, or ``JK`` for any joker whatever it was declared as."""
    return "JK" if isinstance(card, Card) and card.is_joker else card.code


def _slots(values: Iterable[str], deck: Deck | None = None) -> Counter:
    found: Counter = Counter()
    for value in values:
        for token in _tokens(value):
            card = _card(token, deck)
            if card is not None:
                found[_slot(card)] += 1
    return found


def cards_text(formdata: Any, name: str, deck: Deck | None = None) -> str:
    """One canonical card string from a picker's text box and its ticked boxes (see the module docs).

    ``formdata`` is any multi-dict (``request.args``, ``request.form``). Cards come out as ASCII codes
    (``9S 10H JK=QH``) in the order typed, then the newly ticked ones in the grid's order.
    """
    typed = [(token, _card(token, deck)) for token in _tokens(formdata.get(name, ""))]
    ticked_now = _slots(formdata.getlist(f"{name}__pick"), deck)
    ticked_before = _slots(formdata.getlist(f"{name}__ticked"), deck)
    added = ticked_now - ticked_before
    removed = ticked_before - ticked_now

    kept: list[str] = []
    # Unticking removes the last copy typed: a declared joker goes after an undeclared one, so
    # what the player said a joker stands for survives as long as it can.
    drop: set[int] = set()
    for slot, n in removed.items():
        places = [i for i, (_, c) in enumerate(typed) if c is not None and _slot(c) == slot]
        if slot == "JK":
            places.sort(key=lambda i: (typed[i][1].stands_for is None, i))
        drop.update(places[-n:])
    for i, (token, card) in enumerate(typed):
        if i in drop:
            continue
        kept.append(card.code if card is not None else token)
    for slot in _grid_order(added, deck):
        kept.extend([slot] * added[slot])
    # A box value that is not a card (a tampered form) is kept too, so the parser refuses it by name.
    for value in formdata.getlist(f"{name}__pick"):
        if _card(value, deck) is None and value.strip():
            kept.append(value.strip())
    return " ".join(kept)


def _grid_order(slots: Counter, deck: Deck | None = None) -> list[str]:
    if deck is None or isinstance(deck, StandardPack):
        order = [Card(rank, suit).code for rank in RANKS for suit in SUITS] + ["JK"]
    else:
        order = [c.code for _label, row in deck.picker_rows() for c in row] + [c.code for c, _n in deck.picker_specials()]
    return [s for s in order if s in slots]


@dataclass(frozen=True)
class PickerState:
    """What the picker macro draws for a value: each box's ticks, the chips, and the ticked list."""

    #: slot (``9S``, ``JK``) -> how many of its boxes are ticked (capped at the boxes there are)
    ticks: dict[str, int]
    #: the valid cards typed, in order, as chips (``Card``, or a deck's ``Tile``)
    cards: tuple[Any, ...]
    #: the ticked boxes as ``<name>__ticked`` sends them back
    ticked: str


def picker_state(value: str | None, copies: int = 1, jokers: int = 0, deck: Deck | None = None) -> PickerState:
    """The picker's drawing for ``value`` (text as typed; invalid tokens are left out).

    >>> s = picker_state("9s 9S 9s jk=QH", copies=2, jokers=4)
    >>> s.ticks, s.ticked
    ({'9S': 2, 'JK': 1}, '9S 9S JK')
    """
    cards = tuple(c for c in (_card(t, deck) for t in _tokens(value)) if c is not None)
    counts = Counter(_slot(c) for c in cards)
    specials = ({} if deck is None or isinstance(deck, StandardPack)
                else {c.code: n for c, n in deck.picker_specials()})
    ticks = {slot: min(n, specials[slot] if slot in specials else jokers if slot == "JK" else copies)
             for slot, n in counts.items()}
    ticks = {slot: n for slot, n in ticks.items() if n > 0}
    ticked = " ".join(slot for slot in _grid_order(Counter(ticks), deck) for _ in range(ticks[slot]))
    return PickerState(ticks, cards, ticked)


def picker_rows() -> list[tuple[str, list[Card]]]:
    """The grid's rows: rank label and the four cards of that rank in picker suit order."""
    return [(Card(rank, "S").code[:-1], [Card(rank, suit) for suit in SUITS]) for rank in RANKS]


def init_app(app: Any) -> None:
    """Make the picker's helpers template globals, so the macro works from any blueprint's page."""
    app.add_template_global(picker_state, "picker_state")
    app.add_template_global(picker_rows, "picker_rows")
    app.add_template_global(deck_picker, "deck_picker")


def deck_picker(deck: Deck | None) -> dict[str, Any] | None:
    """What the picker draws for a deck of its own (None for the standard pack): the colours as the
    grid's columns (letter and name), its rows (a number and a tile per colour), the special cards with
    their copies, and how a token is read (for static/js/picker.js, as ``data-deck``)."""
    if deck is None or isinstance(deck, StandardPack):
        return None
    letters = {c.letter.upper(): c.letter for c in deck.colours}
    letters.update({a.upper(): c.letter for c in deck.colours for a in c.aliases})
    specials = {s.code.upper(): s.code for s in deck.specials if s.copies}
    specials.update({a.upper(): s.code for s in deck.specials if s.copies for a in s.aliases})
    return {
        "colours": [(c.letter, c.words) for c in deck.colours],
        "rows": deck.picker_rows(),
        "specials": [(tile, n, deck.name(tile)) for tile, n in deck.picker_specials()],
        "name": deck.name,
        "read": {"numbers": [deck.numbers.start, deck.numbers.stop - 1], "letters": letters, "specials": specials},
    }
