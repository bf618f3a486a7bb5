"""Every house rule of every installed game is said in a player's words in both languages: each switch's
label, its help line and each of its choices is a sentence of the engine's catalog with an Italian
translation, and no choice is drawn as its raw key ("negative_full", "carry over"). The games are found
through the registry, so a game added later is held to the same; a game of another package may have its
words in its own catalog (``Variant.files().translations``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.engine.i18n import CONTEXT, Message
from scorekeeper.engine.variants import VARIANTS

CATALOG = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations" / "it" / "LC_MESSAGES" / "engine.po"


@pytest.fixture(scope="module")
def italian() -> dict[str, str]:
    with CATALOG.open("rb") as f:
        catalog = read_po(f, locale="it")
    return {m.id: m.string for m in catalog if m.id and isinstance(m.id, str)}


def _with_own_catalog(variant, italian: dict[str, str]) -> dict[str, str]:
    """The app's Italian words, with those of the game's own catalog where it ships one."""
    own = variant.files().translations
    path = own / "it" / "LC_MESSAGES" / "engine.po" if own is not None else None
    if path is None or not path.is_file():
        return italian
    with path.open("rb") as f:
        catalog = read_po(f, locale="it")
    # a sentence said with a context (``_p``) is keyed as the engine keys it: the context, then its English
    return {**italian, **{(m.context + CONTEXT + m.id if m.context else m.id): m.string
                          for m in catalog if m.id and isinstance(m.id, str) and m.string}}


def _switches(variant):
    """Every switch the game shows, at every table size it takes (a switch may differ by size)."""
    seen = {}
    for n in (None, *range(variant.min_players, variant.max_players + 1)):
        for switch in variant.switches(n):
            seen.setdefault((switch.name, switch.label_words(), switch.help, switch.choices), switch)
    return list(seen.values())


def _untranslated(words, italian) -> bool:
    """True when ``words`` is not a catalog sentence with an Italian translation."""
    return not isinstance(words, Message) or not italian.get(words.msgid)


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_switch_is_said_in_italian_and_no_choice_is_a_raw_key(key, italian):
    problems = []
    italian = _with_own_catalog(VARIANTS[key], italian)
    for switch in _switches(VARIANTS[key]):
        if _untranslated(switch.label_words(), italian):
            problems.append(f"{switch.name}: label {switch.label_words()!r}")
        if switch.help and _untranslated(switch.help, italian):
            problems.append(f"{switch.name}: help {switch.help!r}")
        for choice in switch.choices or ():
            said = switch.value_words(choice)
            if isinstance(said, int) or str(said).isdigit():
                continue  # a number is written as a number, in the page's way
            if not isinstance(said, Message):  # no words of its own: the key with spaces
                problems.append(f"{switch.name}: choice {choice!r} drawn as its key, {said!r}")
            elif not italian.get(said.msgid):
                problems.append(f"{switch.name}: choice {choice!r} ({said!r}) not in Italian")
        if switch.type in ("int_or_null",) and _untranslated(switch.value_words(None), italian):
            problems.append(f"{switch.name}: empty value {switch.value_words(None)!r}")
    assert not problems, "\n".join(problems)


def test_each_value_is_worded_once():
    """A value written twice in the shared words' tables would say only its last words, silently: the
    first game's choice would read as another game's (two copies of Phase 10's and Rummikub's choices once
    sat there, the later ones in force)."""
    import ast
    from collections import Counter

    from scorekeeper.engine import switch_words

    tree = ast.parse(Path(switch_words.__file__).read_text(encoding="utf-8"))
    for table in (node for node in ast.walk(tree) if isinstance(node, ast.Dict)):
        counts = Counter(key.value for key in table.keys if isinstance(key, ast.Constant))
        assert [key for key, n in counts.items() if n > 1] == [], f"line {table.lineno}"
