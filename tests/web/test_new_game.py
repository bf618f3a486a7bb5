"""A game that is not built into Scorekeeper, installed the way any package adds one (an entry point in
the group ``scorekeeper.variants``), is played through every page with no change outside ``tests/``:
new match, hands by points and by cards, the scoreboard, the match page, stats, the spectator sheet
and the meld checker. The games are tests/games/sevens_game.py (a going-out game) and tests/games/knockrummy_game.py (a knock
game), written from docs/engine.md alone."""

from __future__ import annotations

import html
import importlib
import re
import sys
from pathlib import Path

import pytest

from scorekeeper.engine.variants import VARIANTS, find_variant, load_variants
from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match

GAMES = Path(__file__).resolve().parent.parent / "games"


@pytest.fixture
def sevens_installed(tmp_path, monkeypatch):
    """Install Sevens as a separate distribution would: its metadata, with the entry point, on the
    path; then the registry reads the group again. Undone afterwards."""
    info = tmp_path / "sevens_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sevens-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[scorekeeper.variants]\nsevens = sevens_game:Sevens\n"
                                           "knockrummy = knockrummy_game:KnockRummy\n"
                                           "broken = no_such_module:Game\n")
    monkeypatch.syspath_prepend(str(GAMES))
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    load_variants()
    yield find_variant("sevens")
    monkeypatch.undo()
    sys.modules.pop("sevens_game", None)
    sys.modules.pop("knockrummy_game", None)
    importlib.invalidate_caches()
    load_variants()


def _said_text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _said(response) -> str:
    return _said_text(response.get_data(as_text=True))


def test_the_registry_reads_the_entry_point_group(sevens_installed, caplog):
    assert "sevens" in VARIANTS and list(VARIANTS)[-1] == "free"  # listed after the built-in games
    assert find_variant("Seven-card Rummy") is sevens_installed
    # an entry point whose module is missing is left out, said in the log, and takes nothing else down
    assert "broken" not in VARIANTS and "knockrummy" in VARIANTS and "rumino" in VARIANTS
    load_variants()
    assert "no_such_module" in caplog.text and "broken" in caplog.text


def test_a_knock_game_from_outside_plays_through_the_pages(sevens_installed, scorer, client, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("knockrummy", ["Ann", "Ben", "Cat"], rules={"target": 60})
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert 'value="knock"' in board and 'value="rummy"' in board and "For each player:" in _said_text(board)
    assert "a joker as jk" not in board  # a pack without jokers
    # Ann knocks on A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 5♦ (5); Ben 12; Cat 49: Ann collects 7 + 44
    assert scorer.record(match_id, by="Ann", end="knock", points={"Ben": 12},
                        cards={"Ann": "AS 2S 3S 7H 7D 7C 5D", "Cat": "KS QH JD 4C 4D 9H 2C"}).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 51, "Ben": 0, "Cat": 0}
    # a rummy with deadwood is refused beside the knocker's box, nothing saved
    refused = scorer.record(match_id, by="Ben", end="rummy", points={"Ben": 4, "Ann": 10, "Cat": 10})
    assert refused.status_code == 422 and "called rummy but has deadwood 4" in _said(refused)
    assert scorer.totals(match_id) == {"Ann": 51, "Ben": 0, "Cat": 0}
    # Cat goes rummy: Ann 4 + 25, Ben 43 + 25; Cat reaches 97 and wins (first to 60)
    assert scorer.record(match_id, by="Cat", end="rummy", points={"Ann": 4, "Ben": 43}).status_code == 302
    with app.app_context():
        assert db.session.get(Match, match_id).status == "finished"
    assert "Cat wins" in _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Cat : 1 rummy" in _said(client.get(f"/t/{scorer.token}/stats"))
    # the meld checker: no knock limit in this game, and a whole melded hand is named by its own end
    knock = _said(client.get("/melds", query_string={"variant": "knockrummy", "mode": "hand",
                                                      "cards": "AS 2S 3S 7H 7D 7C 5D"}))
    assert "May knock: deadwood 5 (any deadwood may knock)" in knock
    melded = _said(client.get("/melds", query_string={"variant": "knockrummy", "mode": "hand",
                                                       "cards": "AS 2S 3S 7H 7D 7C 7S"}))
    assert "Rummy: every card is in a meld" in melded and "Gin:" not in melded
    one = _said(client.get("/melds", query_string={"variant": "knockrummy", "cards": "9H 9D 9C"}))
    assert "Opening value" not in one  # a game with no opening says nothing of one


def test_a_game_from_outside_plays_through_every_page(sevens_installed, scorer, client, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    new = _said(client.get(f"/t/{scorer.token}/matches/new?variant=sevens"))
    assert "Seven-card Rummy" in new and "A total of this many or more is out of the match." in new
    assert "Going out before anyone draws (a tonk) doubles the hand." in new
    match_id = scorer.start_match("sevens", ["Ann", "Ben", "Cat"], rules={"target": 60})

    # the hand form offers the game's own ends, its own word first
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert 'value="out"' in board and 'value="tonk"' in board and ">Tonk<" in board

    # by points, then with cards counted by the game's values (K♦ Q♠ = 20), then a tonk
    assert scorer.record(match_id, by="Ann", end="out", points={"Ben": 12, "Cat": 7}).status_code == 302
    assert scorer.record(match_id, by="Ben", end="out",
                        cards={"Ben": "2S 3S 4S 9H 9D 9C 9S", "Ann": "KD QS", "Cat": "AH 2C"}).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 20, "Ben": 12, "Cat": 10}
    refused = scorer.record(match_id, by="Cat", end="out", points={"Ann": 81, "Ben": 3})
    assert refused.status_code == 422 and "at most 80" in _said(refused)
    assert scorer.totals(match_id) == {"Ann": 20, "Ben": 12, "Cat": 10}  # nothing half-saved
    assert scorer.record(match_id, by="Cat", end="tonk", points={"Ann": 21, "Ben": 5}).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 62, "Ben": 22, "Cat": 10}  # Ann out on 62 (60 or more)

    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Ann +42 : 21 × 2 = 42" in page and "Ben +10 : 5 × 2 = 10" in page
    # Ben and Cat play on; Ben goes over: Cat is the last one in
    assert scorer.record(match_id, by="Cat", end="out", points={"Ben": 40}).status_code == 302
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.status == "finished"
        view_token = match.view_token
    finished = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Cat wins" in finished

    history = _said(client.get(f"/t/{scorer.token}/m/{match_id}/history"))
    assert "Seven-card Rummy" in history and "42" in history
    stats = _said(client.get(f"/t/{scorer.token}/stats"))
    assert "Seven-card Rummy" in stats and "Cat : 1 tonk" in stats
    spectator = client.get(f"/v/{view_token}")
    assert spectator.status_code == 200 and "Cat" in _said(spectator) and "Seven-card Rummy" in _said(spectator)

    # the meld checker offers the game and judges by its meld rules
    checker = _said(client.get("/melds", query_string={"variant": "sevens", "cards": "9H 9D 9C"}))
    assert "Yes, a Seven-card Rummy set of 3" in checker
    refused = _said(client.get("/melds", query_string={"variant": "sevens", "cards": "QS KS AS"}))
    assert "Not a Seven-card Rummy meld" in refused
    hand = _said(client.get("/melds", query_string={"variant": "sevens", "mode": "hand",
                                                     "cards": "2S 3S 4S 9H 9D 9C KD"}))
    assert "1 card in no meld, worth 10" in hand


def test_the_docs_show_the_whole_game_module():
    """docs/engine.md's "Adding a game" carries the example game whole, as the tests play it."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")
    section = docs.split("## Adding a game", 1)[1]
    block = re.search(r"### A complete small game.*?```python\n(.*?)```", section, re.S).group(1)
    assert block == (GAMES / "sevens_game.py").read_text(encoding="utf-8")
