"""Where a game keeps what it ships beside its module (``GameFiles``): its rules page, golden files and
catalogs, as ``Variant.files`` answers for it."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["GameFiles", "game_files"]


@dataclass(frozen=True)
class GameFiles:
    """Where a game keeps what it ships beside its module (``Variant.files``): its rules page (with its
    "House rules" table and worked examples), its golden files (of matches, and of melds if it has its
    own) and its catalogs (``<lang>/LC_MESSAGES/engine.po``, or ``.mo``). A path may not exist: a game
    without melds of its own has no meld golden file, a game shown only in English no catalogs.
    ``translations`` is None for Scorekeeper's own games, whose words are in the app's catalogs."""

    rules_page: Path
    golden_matches: Path
    golden_melds: Path
    translations: Path | None


#: the checkout holding Scorekeeper's own games' rules pages and golden files (docs/, tests/golden/)
_CHECKOUT = Path(__file__).resolve().parents[3]
_OWN_MODULES = __name__.rsplit(".", 1)[0] + "."


def game_files(key: str, module: str) -> GameFiles:
    """The files of the game ``key`` whose class is in ``module``: for a game of its own package, beside
    its module, as ``rules/<key>.md``, ``golden/matches/<key>.json``, ``golden/melds/<key>.json`` and
    ``translations/``; for Scorekeeper's own games, in the checkout (``docs/rules/``, ``tests/golden/``)."""
    if module.startswith(_OWN_MODULES):
        return GameFiles(_CHECKOUT / "docs" / "rules" / f"{key}.md",
                         _CHECKOUT / "tests" / "golden" / "matches" / f"{key}.json",
                         _CHECKOUT / "tests" / "golden" / "melds" / f"{key}.json", None)
    here = Path(sys.modules[module].__file__ or ".").resolve().parent
    return GameFiles(here / "rules" / f"{key}.md", here / "golden" / "matches" / f"{key}.json",
                     here / "golden" / "melds" / f"{key}.json", here / "translations")
