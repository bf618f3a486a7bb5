"""The registry refuses clashes: a game installed beside Scorekeeper can take neither a built-in game's
key nor one of its names, and the log says which package lost to which."""

from __future__ import annotations

import importlib
import logging
import sys

import pytest

from scorekeeper.engine.variants import VARIANTS, find_variant, load_variants, package_of

GAME = '''
from scorekeeper.engine.variants import find_variant

Russian = type(find_variant("russian"))


class Impostor(Russian):
    """Russian Rummy under a key of its own, and a built-in game's alias."""
    key = "{key}"
    name = "{name}"
    aliases = ("contract", "{key} rummy")
'''


@pytest.fixture
def clashing(tmp_path):
    """Two games of the package "clash-games": one with a key of its own but Russian Rummy's alias
    "contract", one with Gin's key."""
    (tmp_path / "clash_games.py").write_text(
        GAME.format(key="mycontract", name="My Contract") + GAME.replace("Impostor", "GinAgain").format(key="gin",
                                                                                                          name="Gin 2"))
    info = tmp_path / "clash_games-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: clash-games\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[scorekeeper.variants]\nmycontract = clash_games:Impostor\n"
                                           "gin = clash_games:GinAgain\n")
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    yield
    sys.path.remove(str(tmp_path))
    sys.modules.pop("clash_games", None)
    importlib.invalidate_caches()
    load_variants()


def test_a_clash_is_refused_and_said_naming_both_packages(clashing, caplog):
    with caplog.at_level(logging.ERROR, logger="scorekeeper.engine.variants"):
        load_variants()
    # the built-in games keep their keys and names
    assert type(VARIANTS["gin"]).__name__ == "Gin" and package_of("gin") == "scorekeeper"
    assert find_variant("contract").key == "russian"
    # the newcomer keeps what is its own
    assert package_of("mycontract") == "clash-games" and find_variant("mycontract rummy").key == "mycontract"
    said = caplog.text
    assert "'contract'" in said and "Russian Rummy" in said and "clash-games" in said and "scorekeeper" in said
    assert "the key 'gin' is already Gin Rummy's, of the package scorekeeper" in said
    assert "clash_games:GinAgain of the package clash-games" in said.replace("'", "")
