"""The game checks as a library: what every game must pass, whichever package it comes from.

A game package runs them against its own game, from its own tests::

    from scorekeeper.testing import check_game
    from my_game import MyGame

    def test_my_game_passes_scorekeepers_checks():
        check_game(MyGame())

and Scorekeeper's own suite runs the same checks over every installed game (``tests/test_installed_games.py``,
``tests/engine/test_match_golden.py``, ``tests/engine/test_melds.py``), each game's files found through the
game (``Variant.files``), never through a list. The checks:

- ``check_golden_matches``: every case of the game's golden file of matches replays as it says (the
  totals, winners, refusals and the rest of ``EXPECT_KEYS``); one case at a time with ``check_golden_match``.
- ``check_golden_melds``: every case of its golden file of melds (if it has one) is judged as it says.
- ``check_rules_page``: the rules page exists, its "House rules" table has one row per switch with its
  default and allowed values, every worked example a golden case names (``S1``, ``LV-3``) is on it, and
  every worked example on it has a golden case.
- ``check_catalogs``: every sentence the game's module says (``_`` and ``_n``, ``_p`` and ``_np``) is
  translated, not fuzzy, in every language it ships a catalog for (or in the app's own catalog of that
  language), and none of them in words the app's own catalog would say instead.
- ``check_solver_tables``: the game's standard rules at every table size need no more of the solver's
  bounded cache than ``limits.SOLVER_TABLES_PER_GAME``.

Each raises ``GameCheckError`` (an ``AssertionError``) naming every problem it found; ``check_game`` runs
them all and lists every problem at once.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from .engine.cards import format_cards, parse_cards
from .engine.i18n import CONTEXT
from .engine.limits import SOLVER_TABLES_PER_GAME
from .engine.match import InvalidMatchError, replay
from .engine.variants import Variant, find_variant, warm_game
from .engine.variants.base import GameFiles

__all__ = [
    "EXPECT_KEYS", "HAND_KEYS", "ERROR_KEYS", "MELD_SECTIONS", "GameCheckError", "GameFiles", "check_catalogs", "check_game",
    "check_golden_match", "check_golden_matches", "check_golden_meld", "check_golden_melds", "check_rules_page",
    "check_solver_tables", "golden_match_cases", "golden_meld_cases", "house_rules_table", "solver_tables",
]

#: the app's own catalogs, which every game's words may also be found in
APP_TRANSLATIONS = Path(__file__).resolve().parent / "translations"

#: every key a golden match case's ``expect`` may hold; anything else is a typo and fails the case
EXPECT_KEYS = frozenset({
    "totals", "states", "win_points", "boxes", "paid", "rebuys", "places", "finished", "winners", "leader", "pot",
    "payouts", "pot_remainder", "next_dealer", "next_dealer_if_rebuy", "dealers_ahead", "deal", "contract",
    "open_rebuys", "hands", "notes_contain", "explanations_contain", "error", "games", "sides", "side_places",
    "minimums", "winning_sides", "members", "round", "differences", "player_facts", "facts", "victory_points",
})
#: every key one of ``expect.hands`` may hold
HAND_KEYS = frozenset({"index", "scores", "win_points", "totals", "eliminated", "kind", "dealer", "games", "closed",
                       "hand_points", "side_scores", "explanations"})
#: every key ``expect.error`` may hold
ERROR_KEYS = frozenset({"message", "field", "side"})
#: the sections a golden file of melds may hold, each judged by ``check_golden_meld``
MELD_SECTIONS = ("melds", "openings", "contracts", "ruminos", "rumino_outs", "card_values", "knock_limits", "laid",
                 "first_meld_choices")


class GameCheckError(AssertionError):
    """A game that fails one of the checks; the message lists every problem found."""


def _game(variant: Variant | str) -> Variant:
    return find_variant(variant) if isinstance(variant, str) else variant


def _fail(problems: list[str], what: str, variant: Variant) -> None:
    if problems:
        raise GameCheckError(f"{variant.name} ({variant.key}): {what}:\n  " + "\n  ".join(problems))


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


# -- golden matches --------------------------------------------------------------------------------------


def golden_match_cases(variant: Variant | str) -> list[dict]:
    """The cases of the game's golden file of matches (``files().golden_matches``); [] when it has none."""
    path = _game(variant).files().golden_matches
    return list(_read_json(path)["cases"]) if path.is_file() else []


def check_expect_keys(expect: dict) -> None:
    """Refuse a key the check would silently skip."""
    unknown = set(expect) - EXPECT_KEYS
    if unknown:
        raise GameCheckError(f"unknown expect key(s) {sorted(unknown)}: known are {sorted(EXPECT_KEYS)}")
    for want in expect.get("hands", []):
        unknown = set(want) - HAND_KEYS
        if unknown:
            raise GameCheckError(f"unknown key(s) {sorted(unknown)} in expect.hands: known are {sorted(HAND_KEYS)}")
    unknown = set(expect.get("error", {})) - ERROR_KEYS
    if unknown:
        raise GameCheckError(f"unknown key(s) {sorted(unknown)} in expect.error")


def _same(what: str, actual: Any, expected: Any) -> None:
    """Fail a golden case where ``actual`` is not ``expected``, saying both: a failing case shows what
    differs without a debugger."""
    if actual != expected:
        raise AssertionError(f"{what}: expected {expected!r}, got {actual!r}")


def check_golden_match(variant: Variant | str, case: dict) -> None:
    """One golden case: its ``document`` (the game's key filled in) replays to what ``expect`` says."""
    key = _game(variant).key
    document = dict(case["document"])
    document.setdefault("format", "scorekeeper.match/1")
    document.setdefault("variant", key)
    expect = case["expect"]
    check_expect_keys(expect)
    if "error" in expect:
        try:
            replay(document)
        except InvalidMatchError as error:
            assert expect["error"]["message"] in str(error), (expect["error"]["message"], str(error))
            if "field" in expect["error"]:
                assert error.field == expect["error"]["field"], (error.field, expect["error"])
            if "side" in expect["error"]:
                assert error.side == expect["error"]["side"], (error.side, expect["error"])
            return
        raise GameCheckError(f"{case['name']}: replayed, but should be refused: {expect['error']['message']}")
    got = replay(document).to_dict()
    players = {p["name"]: p for p in got["players"]}
    if "totals" in expect:
        _same("totals", {n: players[n]["total"] for n in expect["totals"]}, expect["totals"])
    for name, attr in (("states", "state"), ("win_points", "win_points"), ("boxes", "boxes"),
                       ("paid", "paid"), ("rebuys", "rebuys"), ("places", "place")):
        if name in expect:
            _same(name, {n: players[n][attr] for n in expect[name]}, expect[name])
    sides = {s["name"]: s for s in got["sides"]}
    for name, attr in (("sides", "total"), ("side_places", "place"), ("minimums", "opening_minimum"),
                       ("members", "members")):
        if name in expect:
            _same(name, {n: sides[n][attr] for n in expect[name]}, expect[name])
    # every member shows the side's total and place (docs/match-format.md, "Standings")
    for side in sides.values():
        for member in side["members"]:
            assert (players[member]["total"], players[member]["place"], players[member]["side"]) == \
                (side["total"], side["place"], side["name"]), member
    for name in ("finished", "winners", "leader", "pot", "payouts", "pot_remainder", "next_dealer",
                 "next_dealer_if_rebuy", "dealers_ahead", "deal", "contract", "winning_sides", "round",
                 "differences", "victory_points"):
        if name in expect:
            _same(name, got[name], expect[name])
    # what a game says beyond the shared fields (``Variant.player_facts``, ``match_facts``)
    for name, facts in expect.get("player_facts", {}).items():
        _same(f"player_facts of {name}", {k: players[name][k] for k in facts}, facts)
    if "facts" in expect:
        _same("facts", {k: got[k] for k in expect["facts"]}, expect["facts"])
    if "open_rebuys" in expect:
        _same("open_rebuys", got["open_rebuys"], expect["open_rebuys"])
    if "games" in expect:
        assert got["games"] is not None and len(got["games"]) == len(expect["games"]), got["games"]
        for have, want in zip(got["games"], expect["games"]):
            assert {k: have[k] for k in want} == want, (want["number"], have)
    for i, want in enumerate(expect.get("hands", [])):
        index = want.get("index", i)
        have = got["hands"][index]
        for name in ("scores", "win_points", "totals", "eliminated", "kind", "dealer", "games", "closed",
                     "hand_points", "side_scores", "explanations"):
            if name in want:
                if name == "hand_points" or not isinstance(want[name], dict):
                    _same(f"hands[{index}].{name}", have[name], want[name])
                else:
                    _same(f"hands[{index}].{name}", {n: have[name].get(n, 0) for n in want[name]}, want[name])
    for text in expect.get("notes_contain", []):
        assert any(text in note for note in got["notes"]), (text, got["notes"])
    for name, text in expect.get("explanations_contain", {}).items():
        assert text in got["hands"][-1]["explanations"][name], got["hands"][-1]["explanations"]


def check_golden_matches(variant: Variant | str) -> None:
    """Every case of the game's golden file of matches, which must exist and hold at least one case."""
    game = _game(variant)
    path = game.files().golden_matches
    if not path.is_file():
        _fail([f"no golden file of matches at {path}"], "golden matches", game)
    cases = golden_match_cases(game)
    if not cases:
        _fail([f"the golden file of matches at {path} holds no case"], "golden matches", game)
    problems = _each(cases, lambda case: check_golden_match(game, case), "name")
    _fail(problems, "golden matches", game)


def _each(cases: Iterable[dict], check: Callable[[dict], None], name: str) -> list[str]:
    problems = []
    for i, case in enumerate(cases):
        try:
            check(case)
        except Exception as error:  # noqa: BLE001 - every problem of the game is listed, whatever raised it
            problems.append(f"{case.get(name, i)}: {type(error).__name__}: {error}")
    return problems


# -- golden melds --------------------------------------------------------------------------------------


def golden_meld_cases(variant: Variant | str) -> list[tuple[str, dict]]:
    """``(section, case)`` for every case of the game's golden file of melds; [] when it has none."""
    path = _game(variant).files().golden_melds
    if not path.is_file():
        return []
    data = _read_json(path)
    unknown = set(data) - set(MELD_SECTIONS) - {"variant", "source", "note", "no_melds"}
    if unknown:
        raise GameCheckError(f"{path}: unknown section(s) {sorted(unknown)}: known are {list(MELD_SECTIONS)}")
    return [(section, case) for section in MELD_SECTIONS for case in data.get(section, [])]


def _rules(variant: Variant, case: dict) -> Any:
    return variant.rules(case.get("n_players"), **case.get("rules", {}))


def _weighed(verdict: Any, case: dict) -> None:
    assert verdict.valid is case["valid"], verdict.reason
    if "value" in case:
        assert verdict.value == case["value"], verdict.value
    if "values" in case:
        assert list(verdict.values) == case["values"], verdict.values
    if "reason" in case:
        assert case["reason"] in verdict.reason, verdict.reason


def check_golden_meld(variant: Variant | str, section: str, case: dict) -> None:
    """One case of a golden file of melds, judged by the game as its ``section`` says: ``melds`` (one
    meld: ``valid``, ``kind``, ``value``, ``reason``, ``jokers``), ``openings``, ``contracts`` (``deal``,
    ``melds``, ``hand``), ``card_values``, ``laid``, ``first_meld_choices``, and the sections of games
    with a method of their own (``ruminos``, ``rumino_outs``, ``knock_limits``)."""
    game = _game(variant)
    rules = _rules(game, case)
    if section == "melds":
        verdict = game.check_meld(case["cards"], rules)
        assert verdict.valid is case["valid"], verdict.reason
        if "kind" in case:
            assert verdict.kind == case["kind"], verdict.kind
        if "value" in case:
            assert verdict.value == case["value"], verdict.value
        if "reason" in case:
            assert case["reason"] in verdict.reason, verdict.reason
        if "jokers" in case:
            assert verdict.jokers == tuple(parse_cards(case["jokers"])), verdict.jokers
    elif section == "openings":
        _weighed(game.check_opening(case["melds"], rules), case)
    elif section == "contracts":
        verdict = game.check_contract(case["deal"], case["melds"], rules, hand=case.get("hand"))
        assert verdict.valid is case["valid"], verdict.reason
        if "reason" in case:
            assert case["reason"] in verdict.reason, verdict.reason
    elif section == "ruminos":
        verdict = game.is_rumino(case["cards"], rules)  # type: ignore[attr-defined]
        assert verdict.valid is case["valid"], verdict.reason
        if case["valid"]:
            assert verdict.kind == "rumino"
        if "reason" in case:
            assert case["reason"] in verdict.reason, verdict.reason
    elif section == "rumino_outs":
        outs = game.rumino_outs(case["cards"], rules)  # type: ignore[attr-defined]
        assert format_cards(outs, symbols=False) == case["outs"]
    elif section == "card_values":
        assert sum(game.card_value(c, rules) for c in parse_cards(case["cards"])) == case["total"]
    elif section == "knock_limits":
        assert game.knock_limit(case["upcard"], rules) == case["limit"]  # type: ignore[attr-defined]
    elif section == "laid":
        _weighed(game.check_laid(case["cards"], rules, case.get("minimum")), case)
    elif section == "first_meld_choices":
        _label, options, usual = game.first_meld_choices(rules)
        assert [o.minimum for o in options] == case["minimums"]
        assert usual == case["usual"] and usual in {o.key for o in options}
    else:
        raise GameCheckError(f"no section {section!r} in a golden file of melds")


def check_golden_melds(variant: Variant | str) -> None:
    """Every case of the game's golden file of melds, where it has one."""
    game = _game(variant)
    problems = []
    for section, case in golden_meld_cases(game):
        try:
            check_golden_meld(game, section, case)
        except Exception as error:  # noqa: BLE001 - every problem of the game is listed, whatever raised it
            problems.append(f"{section} {case.get('source', case.get('cards', ''))}: {error}")
    _fail(problems, "golden melds", game)


# -- the rules page ------------------------------------------------------------------------------------

#: a worked example's id at the start of a golden case's name or source: "S1", "RR3", "LV-2", "P10"; a letter
#: after the number names one case of several ("LV-7a": a case of LV-7)
_EXAMPLE_ID = re.compile(r"^([A-Z][A-Za-z]{0,2}-?\d+)[a-z]?\b")
#: a worked example on a rules page: a heading that starts with its id ("### SD1 the first deal", "### G7: ...")
_EXAMPLE_HEADING = re.compile(r"^#{2,6}[ \t]+([A-Z][A-Za-z]{0,2}-?\d+)(?=[ \t:.]|$)", re.M)
#: a fenced block of a markdown page (its headings are not the page's)
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def house_rules_table(page: Path) -> dict[str, tuple[str, str]]:
    """``{switch: (default cell, allowed cell)}`` from the page's "House rules" table (empty when the page
    has no such section)."""
    text = page.read_text(encoding="utf-8")
    if "\n## House rules\n" not in text:
        return {}
    section = text.split("\n## House rules\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"`\w+`", cells[0]):
            rows[cells[0].strip("`")] = (cells[1], cells[2])
    return rows


def shown(value: Any) -> str:
    """A switch's value as a rules page writes it: `true`, `null`, `either_end`, 100, [50 90]."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"`{value}`"
    if isinstance(value, (list, tuple)):
        return json.dumps(value).replace(",", "")
    return str(value)


def rules_page_problems(variant: Variant | str) -> list[str]:
    """What is wrong with the game's rules page (see ``check_rules_page``), as a list."""
    game = _game(variant)
    page = game.files().rules_page
    if not page.is_file():
        return [f"no rules page at {page}"]
    problems = []
    table = house_rules_table(page)
    switches = {s.name: s for s in game.switches()}
    if sorted(table) != sorted(switches):
        problems.append(f"the House rules table lists {sorted(table)}, the game's switches are {sorted(switches)}")
    for name, s in switches.items():
        if name not in table:
            continue
        default, allowed = (cell.replace("\u2212", "-").replace(",", "") for cell in table[name])
        if not default.startswith(shown(s.default)):
            problems.append(f"{name}: the page's default is {default}, the game's {shown(s.default)}")
        for choice in s.choices or ():
            if shown(choice).strip("`") not in allowed:
                problems.append(f"{name}: {choice} is allowed but not on the page ({allowed})")
        for bound in (s.min, s.max):
            if bound is not None and str(bound) not in allowed:
                problems.append(f"{name}: the bound {bound} is not on the page ({allowed})")
        if s.type == "int_or_null" and "null" not in allowed:
            problems.append(f"{name}: null is allowed but not on the page ({allowed})")
    text = page.read_text(encoding="utf-8")
    named = [case.get("name", "") for case in golden_match_cases(game)]
    named += [case.get("source", "") for _, case in golden_meld_cases(game)]
    covered = set()
    for name in named:
        m = _EXAMPLE_ID.match(name)
        if m:
            covered.add(m.group(1))
        # an id of a series the page numbers its examples in (S1, S2, ...): the page must have this one
        prefix = re.match(r"[A-Za-z]+-?", m.group(1)).group(0) if m else ""
        series = m and re.search(rf"(?<![\w-]){re.escape(prefix)}\d+\b", text)
        if series and not re.search(rf"(?<![\w-]){re.escape(m.group(1))}(?![\w-])", text):
            problems.append(f"the golden case {name!r} names the example {m.group(1)}, which the page does not have")
    for example in _EXAMPLE_HEADING.findall(_FENCE.sub("", text)):
        if example not in covered:
            named = repr(example + " …")
            problems.append(f"the worked example {example} has no golden case: name a case of the golden matches "
                            f"{named} (or give a case of the golden melds the source {named})")
    return problems


def check_rules_page(variant: Variant | str) -> None:
    """The rules page exists, its "House rules" table has one row per switch (name, default, allowed values:
    every choice, every bound, null where a switch may be empty), every worked example a golden case
    names by its id (``S1``, ``LV-3``: one to three letters, an optional hyphen, then a number; ``LV-3a`` is a
    case of ``LV-3``) is on the page, where the page numbers its examples in that series, and every worked
    example on the page (a heading that starts with its id: ``### S1 a tonk``, ``### G7: the game``) has a
    golden case: one of the golden matches whose ``name``, or one of the golden melds whose ``source``,
    starts with its id."""
    game = _game(variant)
    _fail(rules_page_problems(game), "rules page", game)


# -- catalogs ------------------------------------------------------------------------------------------


#: what ``pybabel extract`` looks for in a game's module: ``_``, ``_n`` and, with a context, ``_p`` and ``_np``
KEYWORDS = {"_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "_np": ((1, "c"), 2, 3)}


def said_by(variant: Variant | str) -> list[str | tuple[str, str]]:
    """Every sentence the game's module says through ``_`` and ``_n`` (a pair for ``_n``), as ``pybabel
    extract`` finds them; one said with a context (``_p``, ``_np``) is keyed as the engine keys it, the context
    and ``i18n.CONTEXT`` before the English."""
    from babel.messages.extract import extract_from_file

    game = _game(variant)
    source = sys.modules[type(game).__module__].__file__
    found = []
    for _line, message, _comments, context in extract_from_file("python", source, keywords=KEYWORDS,
                                                                comment_tags=(), options={}):
        if message and context:
            message = (context + CONTEXT + message if isinstance(message, str)
                       else (context + CONTEXT + message[0], *message[1:]))
        if message and message not in found:
            found.append(message)
    return found


def _catalog(path: Path) -> Any:
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f) if path.suffix == ".po" else read_mo(f)


def _entry(catalog: Any, message: str | tuple[str, str]) -> Any:
    """The catalog's translated entry for ``message`` (keyed as ``said_by`` keys it), or None."""
    key = message if isinstance(message, str) else message[0]
    context, _sep, msgid = key.rpartition(CONTEXT)
    entry = catalog.get(msgid, context=context or None) if catalog is not None else None
    if entry is None or entry.fuzzy:
        return None
    string = entry.string
    return entry if (all(string) if isinstance(string, (tuple, list)) else bool(string)) else None


def _translated(catalog: Any, message: str | tuple[str, str]) -> bool:
    return _entry(catalog, message) is not None


def _shown(message: str | tuple[str, str]) -> str:
    """A sentence as a problem names it: its English, and its context where it has one."""
    context, _sep, msgid = (message if isinstance(message, str) else message[0]).rpartition(CONTEXT)
    return f"{msgid!r} (context {context!r})" if context else repr(msgid)


def catalog_problems(variant: Variant | str) -> list[str]:
    """What is missing from the game's catalogs (see ``check_catalogs``), as a list."""
    game = _game(variant)
    words = said_by(game)
    own = game.files().translations
    shipped: dict[str, list[Path]] = {}
    if own is not None and own.is_dir():
        for path in sorted([*own.glob("*/LC_MESSAGES/*.po"), *own.glob("*/LC_MESSAGES/*.mo")]):
            if path.suffix == ".mo" and path.with_suffix(".po").exists():
                continue
            shipped.setdefault(path.parent.parent.name, []).append(path)
    if own is None:  # Scorekeeper's own game: its words are in the app's catalogs
        for path in sorted(APP_TRANSLATIONS.glob("*/LC_MESSAGES/engine.po")):
            shipped.setdefault(path.parent.parent.name, []).append(path)
    problems = []
    for language, paths in sorted(shipped.items()):
        catalogs = [_catalog(p) for p in paths]
        app = APP_TRANSLATIONS / language / "LC_MESSAGES" / "engine.po"
        apps = _catalog(app) if app.is_file() and app not in paths else None
        for message in words:
            if not any(_translated(c, message) for c in [*catalogs, apps]):
                problems.append(f"{language}: {_shown(message)} is not translated")
                continue
            # the app reads its own catalog after the games' (scorekeeper.web.i18n): where it translates the
            # same sentence, its words are the ones said, and the game's are never seen
            theirs = _entry(apps, message)
            ours = next((e for c in catalogs if (e := _entry(c, message)) is not None), None)
            if theirs is not None and ours is not None and ours.string != theirs.string:
                problems.append(f"{language}: {_shown(message)} is said in the app's words {_plain(theirs.string)!r}, "
                                f"never in this catalog's {_plain(ours.string)!r}: take the app's words, or say it "
                                "with a context of the game's own (_p, _np)")
    return problems


def _plain(string: str | tuple[str, ...]) -> str:
    return string if isinstance(string, str) else " / ".join(string)


def check_catalogs(variant: Variant | str) -> None:
    """Every sentence the game's module says is translated (and not fuzzy) in every language it ships a
    catalog for (``files().translations/<lang>/LC_MESSAGES/*.po`` or ``.mo``), or in the app's own
    catalog of that language, and none is translated otherwise by the app's catalog: the app reads its
    own catalog last, so where both translate a sentence the game's words would never be seen (a game
    says such a sentence with a context of its own, ``_p``). A game that ships no catalog is shown in
    English and passes."""
    game = _game(variant)
    _fail(catalog_problems(game), "catalogs", game)


# -- the solver's tables --------------------------------------------------------------------------------


def solver_tables(variant: Variant | str) -> int:
    """How many of the solver's tables the game's standard rules need at every table size, counted in an
    empty cache (the cache's entries are put back afterwards)."""
    from .engine.solver import common

    game = _game(variant)
    saved, bound = dict(common._cache._entries), common._cache.bound
    try:
        common._cache.clear()
        common._cache.bound = 10 ** 6
        return len(warm_game(game))
    finally:
        common._cache.clear()
        common._cache._entries.update(saved)
        common._cache.bound = bound


def check_solver_tables(variant: Variant | str) -> None:
    """The game's standard rules need at most ``limits.SOLVER_TABLES_PER_GAME`` of the solver's tables, so
    that installing it grows the bounded cache by no more than that (``variants.warm_solvers``)."""
    game = _game(variant)
    needed = solver_tables(game)
    if needed > SOLVER_TABLES_PER_GAME:
        _fail([f"its standard rules need {needed} tables; a game may need at most {SOLVER_TABLES_PER_GAME}"],
              "solver tables", game)


# -- all of them ---------------------------------------------------------------------------------------

CHECKS = (check_golden_matches, check_golden_melds, check_rules_page, check_catalogs, check_solver_tables)


def check_game(variant: Variant | str) -> None:
    """Every check above, every problem listed at once."""
    game = _game(variant)
    problems = []
    for check in CHECKS:
        try:
            check(game)
        except AssertionError as error:
            problems.append(str(error))
    if problems:
        raise GameCheckError("\n".join(problems))
