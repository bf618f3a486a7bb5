"""The web knows no game: no variant key, switch name or end key is written in the web layer (its
Python, templates and scripts). Every page draws what the game declares (docs/engine.md, "Adding a
game"), so a new game needs no change there.

Words the app uses for its own things and that a game happens to use as a key too are set aside, each
with what it is in the web."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scorekeeper.engine.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent

#: the app's own words that are also some game's key, and what they mean in the web
OWN_WORDS = {
    "out": "a player's state in the standings (docs/match-format.md), not the end",
    "winner": "a player's state in the standings, not free scoring's switch",
    "rebuys": "a player's rebuy count in the standings, not the switch",
    "target": "a chart line's kind, and the DOM's event.target in scripts",
    "preset": "the new-match form's saved-house-rules field (a table's preset id), not Gin's switch",
    "scores": "a hand result's scores by player, not free scoring's end",
    "hands": "the standings' hand results and a match's hand count, not Burraco's switch",
    "decks": "the engine module of a game's own deck (engine.decks), named in a template's comment",
    "rejoin": "a value of Variant.rebuy_word, the table's word for coming back, not Scala 40's switch",
}


def _game_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for variant in VARIANTS.values():
        words[variant.key] = f"the variant key of {variant.name}"
        for switch in variant.SWITCHES:
            words.setdefault(switch.name, f"a switch of {variant.name}")
        for end in variant.ends:
            words.setdefault(end, f"an end of {variant.name}")
    return {w: why for w, why in words.items() if w not in OWN_WORDS}


#: modules outside the engine that are not the web: the game checks, which read golden files' sections
#: (``ruminos``, ``card_values``) as every game's files name them
NOT_WEB = {ROOT / "scorekeeper" / "testing.py"}


def _web_python() -> list[Path]:
    return [p for p in (ROOT / "scorekeeper").rglob("*.py")
            if "engine" not in p.relative_to(ROOT).parts and p not in NOT_WEB]


def test_no_game_word_in_the_webs_python():
    words = _game_words()
    found = []
    for path in _web_python():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                      and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}  # a method asked, not a rule read
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if node.value in words:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r} ({words[node.value]})")
            # a house rule read by its name: rules.opening_min, house.knock_limit
            if isinstance(node, ast.Attribute) and node.attr in words and "switch" in words[node.attr] \
                    and id(node) not in called:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr} ({words[node.attr]})")
    assert not found, "\n".join(found)


def test_no_game_word_in_templates_or_scripts():
    words = _game_words()
    found = []
    for path in [*(ROOT / "templates").rglob("*.html"), *(ROOT / "static" / "js").rglob("*.js")]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in re.finditer(r"""['"]([a-z][a-z_0-9]*)['"]|\.([a-z][a-z_0-9]*)\b""", line):
                word = m.group(1) or m.group(2)
                if word in words and (m.group(1) or "switch" in words[word]):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {word!r} ({words[word]})")
    assert not found, "\n".join(found)


def test_the_check_would_catch_a_game_word():
    """The checks above can fail: a variant key, a switch read and an end key are each found."""
    words = _game_words()
    assert "rumino" in words and "opening_min" in words and "out_in_one_turn" in words
    tree = ast.parse('if match.variant == "rumino" and rules.opening_min: end = "out_in_one_turn"')
    seen = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)} | \
           {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert {"rumino", "opening_min", "out_in_one_turn"} <= seen & set(words)


# -- the web asks every game the same documented questions ---------------------------------------------

#: names the web gives a game (a ``Variant``) it holds
GAME_NAMES = {"variant"}


def _asked(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, member) for every member read on a name the web gives a game (``variant.verdict``)."""
    return [(n.lineno, n.attr) for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in GAME_NAMES]


def _guards(tree: ast.AST) -> list[int]:
    """Lines where the web asks whether a game has something (``hasattr(variant, …)``, ``getattr`` with a
    fallback): a question only some games answer."""
    return [n.lineno for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("hasattr", "getattr")
            and n.args and isinstance(n.args[0], ast.Name) and n.args[0].id in GAME_NAMES]


def test_the_web_asks_a_game_only_what_every_game_answers():
    """Every member the web's Python and templates read on a game is one ``Variant`` itself has (so every
    game answers it, a game from outside too), and none is asked whether a game has it."""
    from scorekeeper.engine.variants import Variant

    members = set(dir(Variant))
    found = []
    for path in _web_python():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}:{line}: .{name}" for line, name in _asked(tree) if name not in members]
        found += [f"{path.relative_to(ROOT)}:{line}: a guard" for line in _guards(tree)]
    for path in (ROOT / "templates").rglob("*.html"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in re.finditer(r"(?<![.\w])(?:variant|f\.variant)\.([a-z_][a-z_0-9]*)", line):
                if m.group(1) not in members:
                    found.append(f"{path.relative_to(ROOT)}:{number}: .{m.group(1)}")
    assert not found, "\n".join(found)


def test_no_rule_of_a_game_is_decided_in_the_web():
    """The web neither compares a deadwood with a knock limit nor names a special hand ("Rumino!"):
    the engine's verdicts (``engine.verdicts``) say both."""
    found = []
    for path in _web_python() + list((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            if re.search(r"Rumino!|points\s*<=\s*limit|\.(check_opening|contract_in_hand|best_discard)\(", line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_rule_check_would_catch_a_rule():
    line = 'sentence = _("Rumino! it wins") if best.points <= limit else variant.check_opening(melds)'
    assert len(re.findall(r"Rumino!|points\s*<=\s*limit|\.(check_opening|contract_in_hand|best_discard)\(", line)) == 3


def test_the_questions_check_would_catch_a_method_only_some_games_have():
    tree = ast.parse("limit = variant.knock_limit_with(None)\nif hasattr(variant, 'contract_in_hand'): pass\n"
                     "best = variant.best_discard(cards)")
    from scorekeeper.engine.variants import Variant

    assert [name for _, name in _asked(tree) if name not in set(dir(Variant))] == ["best_discard"]
    assert _guards(tree) == [2]
