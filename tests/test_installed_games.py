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


def test_a_failing_golden_case_says_what_it_expected_and_what_it_got():
    """A wrong total, winner or hand score is reported with both values, not only the key's name."""
    gin = VARIANTS["gin"]
    case = dict(testing.golden_match_cases(gin)[0])
    totals = case["expect"]["totals"]
    wrong = {name: total + 1 for name, total in totals.items()}
    case["expect"] = {"totals": wrong}
    with pytest.raises(AssertionError) as failed:
        testing.check_golden_match(gin, case)
    assert str(failed.value) == f"totals: expected {wrong!r}, got {totals!r}"
    case["expect"] = {"winners": ["Nobody"]}
    with pytest.raises(AssertionError, match=r"^winners: expected \['Nobody'\], got \["):
        testing.check_golden_match(gin, case)
    case["expect"] = {"hands": [{"scores": {name: -1 for name in totals}}]}
    with pytest.raises(AssertionError, match=r"^hands\[0\]\.scores: expected \{.*-1.*\}, got \{"):
        testing.check_golden_match(gin, case)


def test_a_worked_example_without_a_golden_case_fails(tmp_path, monkeypatch):
    """Every worked example on a rules page (a heading that starts with its id) needs a golden case named by
    that id; an example inside a code block is not one, and a case named "LV-7a" is a case of LV-7."""
    gin = VARIANTS["gin"]
    files = gin.files()
    page = tmp_path / "gin.md"
    page.write_text(files.rules_page.read_text(encoding="utf-8")
                    + "\n### G10: a hand nobody checks\n\nN knocks.\n\n```text\n### G11 not a heading\n```\n",
                    encoding="utf-8")
    monkeypatch.setattr(type(gin), "files", lambda self: testing.GameFiles(page, files.golden_matches,
                                                                            files.golden_melds, files.translations))
    assert testing.rules_page_problems(gin) == [
        "the worked example G10 has no golden case: name a case of the golden matches 'G10 …' "
        "(or give a case of the golden melds the source 'G10 …')"]
    with pytest.raises(testing.GameCheckError, match="G10 has no golden case"):
        testing.check_rules_page(gin)
    assert testing.rules_page_problems(VARIANTS["liverpool"]) == []  # its LV-7 is checked by LV-7a to LV-7h


def test_a_sentence_the_app_translates_otherwise_is_reported(seven_deals, tmp_path, monkeypatch):
    """The app reads its own catalog after a game's, so a sentence both translate is said in the app's words:
    the check names each one whose words differ (the game's would never be seen), and a sentence the game says
    with a context of its own (``_p``) is its own."""
    files = seven_deals.files()
    shipped = files.translations / "it" / "LC_MESSAGES" / "engine.po"
    catalog = tmp_path / "translations" / "it" / "LC_MESSAGES"
    catalog.mkdir(parents=True)
    (catalog / "engine.po").write_text(
        shipped.read_text(encoding="utf-8").replace('msgstr "verificate rispetto al contratto della mano"',
                                                    'msgstr "controllate col contratto della mano"'), encoding="utf-8")
    monkeypatch.setattr(type(seven_deals), "files", lambda self: testing.GameFiles(
        files.rules_page, files.golden_matches, files.golden_melds, tmp_path / "translations"))
    assert testing.catalog_problems(seven_deals) == [
        "it: \"checked against the deal's contract\" is said in the app's words 'verificate rispetto al contratto "
        "della mano', never in this catalog's 'controllate col contratto della mano': take the app's words, or "
        "say it with a context of the game's own (_p, _np)"]
    # the joker's help is said with the context "seven_deals": the app's words for the same English do not apply
    assert "seven_deals\x04What a joker held at the end counts." in testing.said_by(seven_deals)
    with pytest.raises(testing.GameCheckError, match="checked against the deal's contract"):
        testing.check_catalogs(seven_deals)
