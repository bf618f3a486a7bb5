"""The hooks a game overrides are listed in one place (``variants.base.GAME_HOOKS`` and
``GAME_ATTRIBUTES``), all public and all in docs/engine.md; no game, built in, installed or one of the
test games, overrides any other member of ``Variant``."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from scorekeeper.engine.variants import VARIANTS
from scorekeeper.engine.variants.base import GAME_ATTRIBUTES, GAME_HOOKS, Variant

ROOT = Path(__file__).resolve().parents[2]
HOOKS = [name for names in GAME_HOOKS.values() for name in names]
#: what ``abc`` itself keeps on the class
ABC_OWN = {"_abc_impl"}


def _game_classes() -> list[type]:
    """Every game class the suite knows: the registry's and the test games' (tests/games, the contract game)."""
    found = {type(v) for v in VARIANTS.values()}
    for folder, module in ((ROOT / "tests" / "games", "sevens_game"), (ROOT / "tests" / "games", "knockrummy_game"),
                           (ROOT / "tests" / "contract_game", "seven_deals")):
        sys.path.insert(0, str(folder))
        try:
            loaded = importlib.import_module(module)
        finally:
            sys.path.remove(str(folder))
        found |= {obj for obj in vars(loaded).values()
                  if isinstance(obj, type) and issubclass(obj, Variant) and obj is not Variant}
    return sorted(found, key=lambda c: (c.__module__, c.__name__))


def test_the_hooks_are_listed_once_and_are_members_of_variant():
    listed = HOOKS + list(GAME_ATTRIBUTES)
    assert len(listed) == len(set(listed))
    assert [name for name in listed if name not in vars(Variant)] == []
    assert [name for name in HOOKS if not callable(vars(Variant)[name])] == []
    assert [name for name in GAME_ATTRIBUTES if callable(vars(Variant)[name])] == []


def test_no_hook_is_private():
    assert [name for name in HOOKS + list(GAME_ATTRIBUTES) if name.startswith("_")] == []


def test_docs_list_every_hook():
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    table = doc[doc.index("### The hooks a game overrides"):]
    table = table[:table.index("What `score` works with")]
    assert [name for name in HOOKS if f"`{name}`" not in table] == []
    # the counts a newcomer reads are the lists' own
    assert f"`GAME_ATTRIBUTES` ({len(GAME_ATTRIBUTES)})" in doc and f"`GAME_HOOKS` ({len(HOOKS)} methods" in doc
    declares = doc[doc.index("### What a game declares"):doc.index("### The hooks a game overrides")]
    first_cells = " ".join(line.split("|")[1] for line in declares.splitlines() if line.startswith("| `"))
    assert [name for name in HOOKS + list(GAME_ATTRIBUTES)
            if not re.search(rf"`{re.escape(name)}[`(]", first_cells)] == []


@pytest.mark.parametrize("game", _game_classes(), ids=lambda c: c.__name__)
def test_a_game_overrides_only_the_hooks(game):
    allowed = set(HOOKS) | set(GAME_ATTRIBUTES) | ABC_OWN
    overridden = {name for klass in game.__mro__[:game.__mro__.index(Variant)] for name in vars(klass)
                  if name in vars(Variant) and not name.startswith("__")}
    assert sorted(overridden - allowed) == []
