"""Every sentence the engine says is a ``Message`` (so a page can say it in its own language), and with
the Italian catalog nothing of it comes back in English.

The sentences are walked where a player meets them: the standings, previews and refusals of every golden
match, the verdicts of every golden meld, the rules summary of every variant under each house rule, the
house-rule switches' help, and a set of refusals (house rules, cards, hand entries, limits). Each must be
a ``Message``, not a plain ``str`` built by hand, and each message inside it must have an Italian
translation that is not the English pattern (a few words are the same in both languages).
"""

from __future__ import annotations

import gettext
import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper.engine import VARIANTS, find_variant, parse_cards
from scorekeeper.engine.cards import InvalidCardError, check_copies
from scorekeeper.engine.i18n import Joined, Message, message_of, translated
from scorekeeper.engine.limits import LimitError, check_entries, check_hand_cards
from scorekeeper.engine.match import InvalidMatchError, preview_hand, replay
from scorekeeper.engine.variants import InvalidRulesError
from scorekeeper.engine.melds import InvalidMeldError

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
ENGINE_PO = ROOT / "scorekeeper" / "translations" / "it" / "LC_MESSAGES" / "engine.po"

#: words Italian tables say as English ones do (docs/translating.md's glossary; Hollywood Gin's games keep "game")
SAME_IN_ITALIAN = {"gin", "undercut", "rumino", "bonus", "game"}


# -- where the engine speaks ------------------------------------------------------------------------


def _documents():
    for path in sorted((GOLDEN / "matches").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            document = dict(case["document"])
            document.setdefault("format", "scorekeeper.match/1")
            document.setdefault("variant", data["variant"])
            yield f"{path.stem}:{case['name']}", document


def _from_standings(where: str, standings) -> list[tuple[str, object]]:
    said = [(f"{where} note", n) for n in standings.notes]
    if standings.contract is not None:
        said.append((f"{where} contract", standings.contract))
    for hand in standings.hands:
        said.append((f"{where} hand {hand.index} summary", hand.summary))
        said += [(f"{where} hand {hand.index} {p}", text) for p, text in hand.explanations.items()]
    return said


def _match_words() -> list[tuple[str, object]]:
    said = []
    for where, document in _documents():
        try:
            said += _from_standings(where, replay(document))
        except InvalidMatchError as error:
            said.append((f"{where} refused", message_of(error)))
            continue
        entries = document.get("entries", [])
        if entries:
            result = preview_hand({**document, "entries": entries[:-1]}, entries[-1])
            said.append((f"{where} preview summary", result.summary))
            said += [(f"{where} preview {p}", t) for p, t in result.explanations.items()]
    return said


def _meld_words() -> list[tuple[str, object]]:
    said = []
    for path in sorted((GOLDEN / "melds").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        variant = find_variant(data["variant"])
        for meld in data["melds"]:
            rules = variant.rules(**meld["rules"]) if "rules" in meld else None
            check = variant.check_meld(meld["cards"], rules)
            said.append((f"meld {data['variant']} {meld['cards']}", check.reason))
    return said


def _rules_words() -> list[tuple[str, object]]:
    said = []
    for key, variant in VARIANTS.items():
        said.append((f"{key} summary", variant.summary))
        for word in (variant.not_opened_word, variant.declared_melds_use):
            if word:
                said.append((f"{key} word", word))
        for n in [None, variant.min_players, variant.max_players]:
            for switch in variant.switches(n):
                said += [(f"{key} switch {switch.name}", switch.help),
                         (f"{key} switch {switch.name} allowed", switch.allowed())]
        house = [{}]
        for switch in variant.SWITCHES:
            values = [True, False] if switch.type == "bool" else list(switch.choices or ())
            for value in values:
                gate = {cond: allowed[0] for cond, allowed in switch.only_when if allowed[0] is not None}
                house.append({**gate, switch.name: value})
        for n in [variant.min_players, variant.max_players]:
            for chosen in house:
                try:
                    rules = variant.rules(n, **chosen)
                except InvalidRulesError as error:
                    said.append((f"{key} {chosen} refused", message_of(error)))
                    continue
                said += [(f"{key} {n} {chosen} summary", line) for line in variant.rules_summary(rules)]
    return said


def _refusal_words() -> list[tuple[str, object]]:
    said = []

    def refused(where, call, *errors):
        try:
            call()
        except errors or (ValueError,) as error:
            said.append((where, message_of(error)))
        else:
            raise AssertionError(f"{where}: not refused")

    def free(**held):
        return {"format": "scorekeeper.match/1", "variant": "free", "players": ["Ann", "Ben"],
                "entries": [{"kind": "hand", "end": "scores", "held": held}]}

    def ramino(held, **extra):
        return {"format": "scorekeeper.match/1", "variant": "ramino", "players": ["Ann", "Ben"],
                "entries": [{"kind": "hand", "end": "out", "by": "Ann", "held": held, **extra}]}

    gin = find_variant("gin")
    refused("unknown switch", lambda: gin.rules(colour="red"))
    refused("bool switch", lambda: gin.rules(undercut_on_tie=1))
    refused("int switch", lambda: gin.rules(knock_limit=11))
    refused("enum switch", lambda: gin.rules(preset="x"))
    refused("players", lambda: gin.rules(9))
    refused("card", lambda: parse_cards("AS 1X"), InvalidCardError)
    refused("joker card", lambda: parse_cards("9S=JK"), InvalidCardError)
    refused("copies", lambda: check_copies(parse_cards("7D 7D 7D"), decks=2, jokers=4), InvalidCardError)
    refused("no jokers", lambda: check_copies(parse_cards("JK"), decks=1, jokers=0), InvalidCardError)
    refused("free melds", lambda: find_variant("free").check_meld("AS 2S 3S"), InvalidMeldError)
    refused("hand cards", lambda: check_hand_cards(parse_cards("AS " * 30), gin, 2, who="Ann"), LimitError)
    refused("entries", lambda: check_entries(10**9), LimitError)
    for where, document in [
        ("variant", {"variant": "bridge", "players": ["Ann"]}),
        ("stake", {"variant": "free", "players": ["Ann"], "stake": "lots"}),
        ("twice", {"variant": "free", "players": ["Ann", "ann"]}),
        ("missing", free(Ann={"points": 1})),
        ("points", free(Ann={"points": "x"}, Ben={"points": 1})),
        ("cards for free", free(Ann={"cards": "AS"}, Ben={"points": 1})),
        ("not out", ramino({"Ann": {"cards": "AS 2S 3S 9D"}, "Ben": {"points": 10}})),
        ("bad meld", ramino({"Ben": {"points": 10}}, melds=[["AS", "KD", "3S"]])),
        ("rebuy", {"variant": "free", "players": ["Ann"], "entries": [{"kind": "rebuy", "player": "Ann"}]}),
    ]:
        document = {"format": "scorekeeper.match/1", **document}
        refused(where, lambda document=document: replay(document), InvalidMatchError)
    return said


def _everything() -> list[tuple[str, object]]:
    return _match_words() + _meld_words() + _rules_words() + _refusal_words()


@pytest.fixture(scope="module")
def everything():
    return _everything()


# -- the checks -----------------------------------------------------------------------------------------


def test_every_sentence_is_a_message(everything):
    assert len(everything) > 1000
    plain = [(where, text) for where, text in everything if not isinstance(text, Message)]
    assert not plain, f"{len(plain)} sentences said as plain text, for example {plain[:10]}"


def test_said_in_english_a_message_is_its_own_text(everything):
    """Rendered with no catalog (the same patterns, nested messages rendered again), every sentence is
    exactly the English the engine says."""
    class English:
        def gettext(self, msgid):
            return msgid

        def ngettext(self, singular, plural, n):
            return singular if n == 1 else plural

    differ = [(where, text) for where, text in everything
              if translated(text) != text or translated(text, English()) != text]
    assert not differ, differ[:10]


def _parts(text):
    """The message and every message inside it (its values, a joined sentence's parts)."""
    if isinstance(text, Joined):
        yield text
        for part in text.parts:
            yield from _parts(part)
    elif isinstance(text, Message):
        yield text
        for value in text.values.values():
            yield from _parts(value)


def _has_words(pattern: str) -> bool:
    """Whether a pattern says anything in a language: words outside its placeholders (card codes and
    numbers are not words), other than those Italian tables say the same way."""
    bare = re.sub(r"\{[^}]*\}", "", pattern)
    words = {w.lower() for w in re.findall(r"[a-z]{2,}", bare, re.IGNORECASE)}
    return bool(words - SAME_IN_ITALIAN)


@pytest.fixture(scope="module")
def italian():
    if not ENGINE_PO.exists():
        pytest.fail(f"no Italian engine catalog at {ENGINE_PO.relative_to(ROOT)}")
    with ENGINE_PO.open("rb") as f:
        catalog = read_po(f, locale="it", domain="engine")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return catalog, gettext.GNUTranslations(compiled)


def test_nothing_comes_back_in_english_with_the_italian_catalog(everything, italian):
    catalog, translations = italian
    english = []
    for where, text in everything:
        for message in _parts(text):
            if isinstance(message, Joined) or not _has_words(message.msgid):
                continue
            entry = catalog.get(message.msgid)
            said = entry.string if entry is not None else None
            said = said[0] if isinstance(said, tuple) else said
            if not said or said == message.msgid:
                english.append((where, message.msgid))
        translated(text, translations, number=str)  # renders: every placeholder of the translation is known
    assert not english, f"{len(english)} left in English, for example {sorted(set(english))[:15]}"


def test_an_italian_sentence_is_built_from_its_parts(italian):
    """A whole explanation is said in Italian, nested values included (a spot check of the rendering)."""
    _, translations = italian
    document = {"format": "scorekeeper.match/1", "variant": "ramino", "players": ["Ann", "Ben"],
                "entries": [{"kind": "hand", "end": "out_in_one_turn", "by": "Ann",
                             "held": {"Ben": {"cards": "KS QS 5D"}}}]}
    said = replay(document).hands[0].explanations["Ben"]
    assert str(said) == "K♠ Q♠ 5♦: 10 + 10 + 5 = 25 × 2 = 50"
    assert "K♠ Q♠ 5♦" in translated(said, translations)
