"""The engine's words in any language, while the engine stays pure.

Every sentence the engine says (an explanation, a summary, a note, a refusal, a rules sheet) is a
``Message``: a ``str`` whose text is the English sentence, as the engine has always said it, that also
remembers its message key (the English pattern, ``"knock: {deadwood}"``) and the values put into it. Code
that treats the engine's words as text (the golden files, ``replay()`` used as a library, logs) sees the
same English as before. A caller that wants another language asks ``translated(text, translations)``,
giving any object with gettext's ``gettext``/``ngettext`` methods (a ``gettext.NullTranslations``, or
Babel's catalog for the page's locale); the engine never imports a translation library, Flask or a
request.

Patterns use ``str.format`` fields (``{name}``), so a translation may put the values in another order.
The message catalog for these words is the ``engine`` domain (see the README's translation commands);
``_`` and ``_n`` are the keywords its extraction looks for.

>>> said = _("{name} knocked with {points}", name="Ann", points=7)
>>> said == "Ann knocked with 7", said.msgid
(True, '{name} knocked with {points}')
>>> class Italian:
...     def gettext(self, msgid):
...         return {"{name} knocked with {points}": "{name} ha bussato con {points}"}.get(msgid, msgid)
...     def ngettext(self, singular, plural, n):
...         return singular if n == 1 else plural
>>> translated(said, Italian())
'Ann ha bussato con 7'
>>> translated(_("hand {number}: {why}", number=3, why=said), Italian(), number=lambda n: f"<{n}>")
'hand <3>: Ann ha bussato con <7>'
>>> translated(_("at most {limit:,}", limit=1000), Italian(), number=lambda n: f"{n:,}".replace(",", "."))
'at most 1.000'
>>> translated(_("typed {points:+d}", points=1500), Italian(), number=lambda n: f"{n:,}".replace(",", "."))
'typed +1.500'
>>> str(_n("{count} card", "{count} cards", 2))
'2 cards'
>>> translated(joined("; ", [said, "plain"]), Italian())
'Ann ha bussato con 7; plain'
"""

from __future__ import annotations

import string
from typing import Any, Callable, Iterable, Protocol


class Translations(Protocol):
    """What ``translated`` needs of a catalog: gettext's two lookups."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class Message(str):
    """A sentence of the engine: its English text, plus the key and values to say it in another
    language. Anything done to it as a string (slicing, concatenation, ``strip``) gives plain English
    text, so the engine builds longer sentences with ``_`` and ``joined``, never with ``+``."""

    msgid: str
    plural: str | None
    count: int | None
    values: dict[str, Any]

    def __new__(cls, msgid: str, values: dict[str, Any] | None = None, plural: str | None = None,
                count: int | None = None) -> "Message":
        values = dict(values or {})
        pattern = msgid if plural is None or count == 1 else plural
        self = super().__new__(cls, pattern.format(**values) if values else pattern)
        self.msgid, self.plural, self.count, self.values = msgid, plural, count, values
        return self

    def __getnewargs__(self):  # pickling and deepcopy rebuild the message, not only its English
        return (self.msgid, self.values, self.plural, self.count)

    def __repr__(self) -> str:  # as the English text, so reprs (a meld check's, a doctest's) read as before
        return str.__repr__(self)

    def render(self, translations: Translations | None, number: Callable[[int], str] | None) -> str:
        if translations is None:
            pattern = self.msgid if self.plural is None or self.count == 1 else self.plural
        elif self.plural is None:
            pattern = translations.gettext(self.msgid)
        else:
            pattern = translations.ngettext(self.msgid, self.plural, self.count or 0)
        if not self.values:
            return pattern
        return _Renderer(translations, number).vformat(pattern, (), self.values)


class Joined(Message):
    """Sentences said one after another with a separator (punctuation, never translated)."""

    parts: tuple

    def __new__(cls, separator: str, parts: Iterable[Any]) -> "Joined":
        parts = tuple(parts)
        self = str.__new__(cls, separator.join(str(p) for p in parts))
        self.msgid, self.plural, self.count, self.values = separator, None, None, {}
        self.parts = parts
        return self

    def __getnewargs__(self):
        return (self.msgid, self.parts)

    def render(self, translations: Translations | None, number: Callable[[int], str] | None) -> str:
        return self.msgid.join(_value(p, translations, number) for p in self.parts)


def _(msgid: str, **values: Any) -> Message:
    """A sentence: ``msgid`` is the English pattern, ``values`` fill its ``{fields}``."""
    return Message(msgid, values)


def _n(singular: str, plural: str, n: int, **values: Any) -> Message:
    """A sentence whose wording depends on the number ``n`` (also its ``{count}`` unless given one)."""
    values.setdefault("count", n)
    return Message(singular, values, plural=plural, count=n)


def joined(separator: str, parts: Iterable[Any]) -> Message:
    """``separator.join(parts)`` that keeps each part translatable."""
    return Joined(separator, parts)


def translated(text: Any, translations: Translations | None = None,
               number: Callable[[int], str] | None = None) -> str:
    """``text`` in the language of ``translations`` (English when None), with whole numbers written
    by ``number`` (the locale's digit grouping) when given. Plain strings (a player's name, a card)
    come back as they are."""
    return _value(text, translations, number)


def message_of(error: BaseException) -> Any:
    """The sentence an engine error was raised with (a ``Message`` when the engine said it)."""
    return error.args[0] if error.args else str(error)


class _Renderer(string.Formatter):
    """``str.format`` that says each value in the catalog's language: a message rendered in it, a
    whole number written by ``number`` (the locale's grouping stands in for a ``{n:,}`` spec)."""

    def __init__(self, translations: Translations | None, number: Callable[[int], str] | None) -> None:
        self.translations, self.number = translations, number

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Message):
            return format(value.render(self.translations, self.number), format_spec)
        if self.number is not None and isinstance(value, int) and not isinstance(value, bool):
            # the locale writes the digits; a "+" spec still shows the sign of a gain
            return ("+" if format_spec.startswith("+") and value > 0 else "") + self.number(value)
        return format(value, format_spec)


def _value(value: Any, translations: Translations | None, number: Callable[[int], str] | None) -> str:
    if isinstance(value, Message):
        return value.render(translations, number)
    if number is not None and isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)
