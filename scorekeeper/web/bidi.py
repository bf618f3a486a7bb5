"""Names kept apart from the text around them (bidirectional isolation).

A name is typed by anyone and may hold right-to-left letters or the invisible controls that reorder
text (U+202E RIGHT-TO-LEFT OVERRIDE and its kin). Drawn as it is, such a name reorders what follows
it: "Ann\u202e" with 19 points read "Ann91". So every name is isolated where it is drawn:

- in a page's text, in ``<bdi>`` (the ``bdi`` filter): the name keeps its own direction and its
  controls, and nothing outside it is moved;
- where no element can go (an attribute, the page's title, an SVG image, a sentence said in Python,
  the text for pasting into a chat), as plain text (the ``isolate`` filter and ``isolated``): the
  controls are dropped and the name is put between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE,
  which do for plain text what ``<bdi>`` does for a page.

A name that can move nothing (no right-to-left letter or digit, no direction control: "Ann", "Zoë")
is drawn as it is. The pages are left-to-right (English and Italian), and there isolating such a
name changes nothing on the screen (the Unicode Bidirectional Algorithm resolves it and what is
around it to left-to-right either way), while the page's text stays what readers, screen readers,
copied text and the tests see. Elements that hold nothing but a name carry ``dir="auto"`` whatever
the name.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

from ..engine.i18n import Joined, Message

#: the characters that embed, override or isolate text, and the invisible marks that set a direction:
#: LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM, and ARABIC LETTER MARK
CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
FSI = "\u2068"
PDI = "\u2069"

_DROP = {ord(ch): None for ch in CONTROLS}

#: bidirectional classes that can reorder a name or what follows it: right-to-left letters (R, AL),
#: Arabic digits (AN) and the explicit embeddings, overrides and isolates; LRM, RLM and ALM are of
#: classes L, R and AL
_MOVING = frozenset({"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def can_reorder(text: Any) -> bool:
    """Whether ``text`` holds a character that can change the order in which it or its neighbours show."""
    text = str(text if text is not None else "")
    # no ASCII character can (the common case, answered without looking at each character)
    return not text.isascii() and any(unicodedata.bidirectional(ch) in _MOVING for ch in text)


def with_names_isolated(said: Any) -> Any:
    """An engine sentence (a ``Message``) whose plain-text values (the players' names it tells of:
    "Ann went out in one turn") are ``isolated``, ready to be said in any language. The engine's other
    values are numbers, cards and its own sentences, which move nothing; anything that is not an engine
    sentence (text already said, which may hold a name isolated where it stands) comes back as it is,
    never isolated whole."""
    if isinstance(said, Joined):
        parts = [with_names_isolated(p) for p in said.parts]
        if all(new is old for new, old in zip(parts, said.parts)):
            return said
        return Joined(said.msgid, parts)
    if not isinstance(said, Message):
        return said
    values = said.values
    changed = {k: (with_names_isolated(v) if isinstance(v, Message) else isolated(v))
               for k, v in values.items() if isinstance(v, Message) or (isinstance(v, str) and can_reorder(v))}
    changed = {k: v for k, v in changed.items() if v is not values[k]}
    if not changed:
        return said
    return Message(said.msgid, {**values, **changed}, said.plural, said.count)


def without_controls(text: Any) -> str:
    """``text`` without any direction control character."""
    return str(text if text is not None else "").translate(_DROP)


def isolated(name: Any) -> str:
    """``name`` as plain text that cannot reorder what is around it: its controls dropped, the rest
    between FSI and PDI; a name that can move nothing, as it is."""
    if not can_reorder(name):
        return str(name if name is not None else "")
    return f"{FSI}{without_controls(name)}{PDI}"


def bdi(name: Any) -> Markup:
    """``name`` in a ``<bdi>`` element, escaped: for a name drawn in a page's text (a name that can
    move nothing, escaped as it is)."""
    if not can_reorder(name):
        return escape("" if name is None else name)
    return Markup("<bdi>%s</bdi>") % name


def init_app(app: Flask) -> None:
    app.add_template_filter(bdi, "bdi")
    app.add_template_filter(isolated, "isolate")


__all__ = ["CONTROLS", "FSI", "PDI", "bdi", "can_reorder", "init_app", "isolated", "with_names_isolated",
           "without_controls"]
