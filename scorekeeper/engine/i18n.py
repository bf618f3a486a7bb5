"""The engine's words in any language, while the engine stays pure.

Every sentence the engine says (an explanation, a summary, a note, a refusal, a rules summary) is a
``Message``: a ``str`` whose text is the English sentence that also remembers its message key (the
English pattern, ``"knock: {deadwood}"``) and the values put into it. Code that treats the engine's
words as text (the golden files, ``replay()`` used as a library, logs) sees plain English, and needs
to know nothing of languages. A caller that wants another language asks ``translated(text, translations)``,
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

import keyword
import string
from decimal import Decimal
from typing import Any, Callable, Iterable, Protocol


class Translations(Protocol):
    """What ``translated`` needs of a catalog: gettext's two lookups."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class Message(str):
    """A sentence of the engine: its English text, plus the key and values to say it in another
    language. Anything done to it as a string (slicing, concatenation, ``strip``) gives plain English
    text, so the engine builds longer sentences with ``_`` and ``joined``, never with ``+``.

    Replay says a few sentences for every player of every hand, so a message costs one ``format``
    and one attribute (``_said``: msgid, values, plural, count) beyond the ``str`` itself."""

    _said: tuple

    def __new__(cls, msgid: str, values: dict[str, Any] | None = None, plural: str | None = None,
                count: int | None = None) -> "Message":
        values = dict(values or {})
        pattern = msgid if plural is None or count == 1 else plural
        self = _new_str(cls, pattern.format_map(values) if values else pattern)
        self._said = (msgid, values, plural, count)
        return self

    @property
    def msgid(self) -> str:
        return self._said[0]

    @property
    def values(self) -> dict[str, Any]:
        return self._said[1]

    @property
    def plural(self) -> str | None:
        return self._said[2]

    @property
    def count(self) -> int | None:
        return self._said[3]

    def __getnewargs__(self):  # pickling and deepcopy rebuild the message, not only its English
        return self._said

    def __getstate__(self):  # everything is in __getnewargs__
        return None

    def __repr__(self) -> str:  # as the English text, so that reprs (a meld check's, a doctest's) read as text
        return str.__repr__(self)

    def render(self, translations: Translations | None, number: Callable[[int], str] | None) -> str:
        msgid, values, plural, count = self._said
        if translations is None:
            pattern = msgid if plural is None or count == 1 else plural
        elif plural is None:
            pattern = translations.gettext(msgid)
        else:
            pattern = translations.ngettext(msgid, plural, count or 0)
        if not values:
            return pattern
        if number is None and pattern == (msgid if plural is None or count == 1 else plural) \
                and not any(isinstance(v, Message) for v in values.values()):
            return str.__str__(self)  # the English, already said
        fill, specs = _filler(pattern, keep_specs=False)
        said = {}
        for name, value in values.items():
            spec = specs.get(name, "")
            if isinstance(value, Message):
                value = format(value.render(translations, number), spec)
            elif number is not None and isinstance(value, (int, Decimal)) and not isinstance(value, bool):
                # the locale writes the digits (its grouping stands in for a "{n:,}" spec); "+" keeps a gain's sign
                value = ("+" if spec.startswith("+") and value > 0 else "") + number(value)
            elif spec:
                value = format(value, spec)
            said[name] = value
        return fill(said)


class Joined(Message):
    """Sentences said one after another with a separator (punctuation, never translated)."""

    parts: tuple

    def __new__(cls, separator: str, parts: Iterable[Any]) -> "Joined":
        parts = tuple(parts)
        self = _new_str(cls, separator.join(str(p) for p in parts))
        self._said = (separator, {}, None, None)
        self.parts = parts
        return self

    def __getnewargs__(self):
        return (self.msgid, self.parts)

    def __getstate__(self):
        return None

    def render(self, translations: Translations | None, number: Callable[[int], str] | None) -> str:
        return self.msgid.join(_value(p, translations, number) for p in self.parts)


_new_str = str.__new__
_FORMATTER = string.Formatter()
#: pattern -> a function that fills it as an f-string would: a replay says sentences by the thousand, and
#: ``str.format`` would parse the same pattern again on every call
_FILLERS: dict[tuple[str, bool], Any] = {}


def _filler(pattern: str, keep_specs: bool = True) -> Any:
    """The English of ``pattern`` with its values, compiled once per pattern into an f-string.

    Patterns are the engine's own literals; one whose fields are not plain names is filled by
    ``format_map`` instead. ``keep_specs=False`` (for values already written in a language) gives the
    filler without the fields' format specs, and those specs by field.

    >>> _filler("{name}: {points:+d} {{kept}}")({"name": "Ann", "points": 3})
    'Ann: +3 {kept}'
    >>> fill, specs = _filler("{points:+d} of {total:,}", keep_specs=False)
    >>> fill({"points": "+3", "total": "1.000"}), specs
    ('+3 of 1.000', {'points': '+d', 'total': ','})
    """
    key = (pattern, keep_specs)
    found = _FILLERS.get(key)
    if found is not None:
        return found
    body, names, specs = [], [], {}
    for literal, name, spec, conversion in _FORMATTER.parse(pattern):
        body.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if not name.isidentifier() or keyword.iskeyword(name) or name == "_v" or "{" in (spec or ""):
            break
        if name not in names:
            names.append(name)
        if spec:
            specs[name] = spec
        body.append("{" + name + (f"!{conversion}" if conversion else "")
                    + (f":{spec}" if spec and keep_specs else "") + "}")
    else:
        # the values come as the dict the call site built (no second packing); each is read by name
        reads = "".join(f"    {name} = _v[{name!r}]\n" for name in names)
        code = f"def fill(_v):\n{reads}    return f{''.join(body)!r}\n"
        space: dict[str, Any] = {}
        exec(code, space)  # noqa: S102 - the pattern is a literal of the engine, its fields checked above
        found = space["fill"] if keep_specs else (space["fill"], specs)
        _FILLERS[key] = found
        return found
    fill = (lambda values: pattern.format_map(values)) if keep_specs else \
        (lambda values: _FORMATTER.vformat(pattern, (), values))
    _FILLERS[key] = found = fill if keep_specs else (fill, {})
    return found


def _(msgid: str, **values: Any) -> Message:
    """A sentence: ``msgid`` is the English pattern, ``values`` fill its ``{fields}``."""
    said = _new_str(Message, _filler(msgid)(values) if values else msgid)
    said._said = (msgid, values, None, None)
    return said


def _n(singular: str, plural: str, n: int, **values: Any) -> Message:
    """A sentence whose wording depends on the number ``n`` (also its ``{count}`` unless given one)."""
    values.setdefault("count", n)
    said = _new_str(Message, _filler(singular if n == 1 else plural)(values))
    said._said = (singular, values, plural, n)
    return said


def joined(separator: str, parts: Iterable[Any]) -> Message:
    """``separator.join(parts)`` that keeps each part translatable."""
    return Joined(separator, parts)


def translated(text: Any, translations: Translations | None = None,
               number: Callable[[int], str] | None = None) -> str:
    """``text`` in the language of ``translations`` (English when None), with numbers (whole ones,
    and amounts of money as ``Decimal``) written by ``number`` (the locale's way) when given. Plain strings (a player's name, a card)
    come back as they are."""
    return _value(text, translations, number)


def message_of(error: BaseException) -> Any:
    """The sentence an engine error was raised with (a ``Message`` when the engine said it)."""
    return error.args[0] if error.args else str(error)


def _value(value: Any, translations: Translations | None, number: Callable[[int], str] | None) -> str:
    if isinstance(value, Message):
        return value.render(translations, number)
    if number is not None and isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        return number(value)
    return str(value)
