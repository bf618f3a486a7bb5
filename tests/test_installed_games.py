"""Every installed game passes the game checks of ``scorekeeper.testing`` that no other module of the suite
runs: its words are in each catalog it ships, and its standard rules fit the solver's cache. (Its golden
files and rules page are checked by tests/engine/test_match_golden.py, tests/engine/test_melds.py and
tests/test_docs.py, through the same library.) The games are the registry's, each found through its
entry point, so a game installed beside Scorekeeper is checked like Scorekeeper's own."""

from __future__ import annotations

import pytest

from scorekeeper import testing
from scorekeeper.engine.variants import VARIANTS


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_word_of_the_game_is_translated(key):
    testing.check_catalogs(VARIANTS[key])


@pytest.mark.parametrize("key", list(VARIANTS))
def test_the_game_s_standard_rules_fit_the_solver_s_cache(key):
    testing.check_solver_tables(VARIANTS[key])


def test_the_checks_can_fail(tmp_path, monkeypatch):
    """A game whose catalog lacks a sentence, whose rules page lacks a switch and whose golden case is
    wrong is refused by each check, with what is wrong."""
    gin = VARIANTS["gin"]
    files = gin.files()
    catalog = tmp_path / "translations" / "it" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    (catalog / "engine.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                       'msgid "{count} tonk"\nmsgstr ""\n', encoding="utf-8")
    page = tmp_path / "gin.md"
    page.write_text(files.rules_page.read_text(encoding="utf-8").replace("| `gin_bonus` |", "| `gin_prize` |"),
                    encoding="utf-8")
    monkeypatch.setattr(type(gin), "files", lambda self: testing.GameFiles(page, files.golden_matches,
                                                                            files.golden_melds, tmp_path / "translations"))
    assert testing.catalog_problems(gin) == []  # every word found in the app's own Italian catalog
    monkeypatch.setattr(testing, "said_by", lambda game: ["{count} tonk", "a sentence nobody translated"])
    assert testing.catalog_problems(gin) == ["it: '{count} tonk' is not translated",
                                             "it: 'a sentence nobody translated' is not translated"]
    with pytest.raises(testing.GameCheckError, match="gin_prize"):
        testing.check_rules_page(gin)
    case = dict(testing.golden_match_cases(gin)[0])
    case["expect"] = {**case["expect"], "totals": {name: total + 1 for name, total in case["expect"]["totals"].items()}}
    with pytest.raises(AssertionError, match="totals"):
        testing.check_golden_match(gin, case)
