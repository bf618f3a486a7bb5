"""A contract game written as a package of its own (tests/contract_game: Seven Deals, seven deals each with
its contract, its own rules page, golden files and Italian catalog), installed through an entry point, is
played through every page in English and in Italian with no change outside ``tests/``: the new match with a
house rule, hands by points and by cards, a refusal beside its box, the scoreboard's deal and contract, the
meld checker in every mode, the match page, the chart, stats, the spectator sheet and the summary."""

from __future__ import annotations

import html
import re

from scorekeeper import testing
from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def test_the_game_passes_the_game_checks(seven_deals):
    """The package's own golden files, rules page, catalog and solver tables pass ``scorekeeper.testing``,
    found through the game."""
    testing.check_game(seven_deals)
    assert seven_deals.files().translations.is_dir() and seven_deals.contract_deals == 7


def _play_four_deals(scorer, client, match_id) -> None:
    # deal 1 by points; deal 2 with cards counted by the game's values (5 + 5 + 10 + 15 + a joker at 25)
    assert scorer.record(match_id, by="Ann", end="out", points={"Ben": 20, "Cat": 35}).status_code == 302
    assert scorer.record(match_id, by="Ben", end="out", cards={"Ann": "2C 3D KS AH JK"},
                        points={"Cat": 10}).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 60, "Ben": 20, "Cat": 45}


def test_seven_deals_in_english_through_every_page(seven_deals, scorer, client, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    new = client.get(f"/t/{scorer.token}/matches/new?variant=seven_deals")
    page = new.get_data(as_text=True)
    assert "Seven Deals" in _said(new) and "Discards a player may buy in one deal." in _said(new)
    # a number switch with a few values is a choice, not a text box
    assert re.search(r'<select[^>]*name="rule_joker_value"', page) and '<option value="25"' in page
    match_id = scorer.start_match("seven_deals", ["Ann", "Ben", "Cat"], rules={"joker_value": 25})

    board = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Deal 1: 2 sets" in board and "Contracts: deal 1: 2 sets, 10 cards" in board
    _play_four_deals(scorer, client, match_id)
    board = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Deal 3: 2 runs" in board

    # a loser's cards past the deal (10), the draw and the buys (3): refused beside the box, nothing saved
    refused = scorer.record(match_id, by="Cat", end="out", cards={"Ann": " ".join(["2C"] * 2 + ["3C"] * 2 + ["4C"] * 2
                                                                                  + ["5C"] * 2 + ["6C"] * 2 + ["7C"] * 2
                                                                                  + ["8C"] * 2 + ["9C"])},
                           points={"Ben": 5})
    assert refused.status_code == 422 and "Ann must hold 1 to 14 cards, not 15" in _said(refused)
    assert scorer.totals(match_id) == {"Ann": 60, "Ben": 20, "Cat": 45}
    # the lay-down is checked against the deal's contract
    refused = scorer.record(match_id, by="Cat", end="out", points={"Ann": 5, "Ben": 5},
                           melds="4H 5H 6H 7H | 9S 9H 9D")
    assert refused.status_code == 422 and "deal 3 asks for 2 runs, not 1 set and 1 run" in _said(refused)

    for by, points in (("Cat", {"Ann": 5, "Ben": 5}), ("Ann", {"Ben": 30, "Cat": 10}), ("Ben", {"Ann": 10, "Cat": 10}),
                       ("Cat", {"Ann": 5, "Ben": 40})):
        assert scorer.record(match_id, by=by, end="out", points=points).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 80, "Ben": 95, "Cat": 65}
    # deal 7: every card at once, as three runs
    assert scorer.record(match_id, by="Cat", end="out", cards={"Cat": "4H 5H 6H 7H 8S 9S 10S JS QD KD AD JK"},
                        points={"Ann": 10, "Ben": 10}).status_code == 302
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.status == "finished"
        view_token = match.view_token
    finished = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Cat wins" in finished

    history = _said(client.get(f"/t/{scorer.token}/m/{match_id}/history"))
    assert "Seven Deals" in history and "2♣ 3♦ K♠ A♥ JKR: 5 + 5 + 10 + 15 + 25 = 60" in history
    assert client.get(f"/t/{scorer.token}/m/{match_id}/chart.svg").status_code == 200
    assert "Seven Deals" in _said(client.get(f"/t/{scorer.token}/stats"))
    spectator = client.get(f"/v/{view_token}")
    assert spectator.status_code == 200 and "Seven Deals" in _said(spectator)
    summary = client.get(f"/v/{view_token}/summary")
    assert summary.status_code == 200 and "Cat" in _said(summary)


def test_the_meld_checker_asks_seven_deals_in_every_mode(seven_deals, client):
    one = _said(client.get("/melds", query_string={"variant": "seven_deals", "cards": "JK QH KH AH"}))
    assert "Yes, a Seven Deals run of 4" in one
    short = _said(client.get("/melds", query_string={"variant": "seven_deals", "cards": "4H 5H 6H"}))
    assert "Not a Seven Deals meld: a run needs at least 4 cards" in short
    page = client.get("/melds", query_string={"variant": "seven_deals", "mode": "hand", "deal": "3",
                                              "cards": "4H 5H 6H 7H 8S 9S 10S JK 2C KD"})
    said = _said(page)
    assert "Deal 7: 3 runs" in said  # the deal's choices, each with its contract
    assert "Meets deal 3's contract: 8♠ 9♠ 10♠ JKR=J♠ | 4♥ 5♥ 6♥ 7♥" in said
    assert "2 cards in no meld, worth 15" in said
    held = _said(client.get("/melds", query_string={"variant": "seven_deals", "mode": "hand", "deal": "4",
                                                    "cards": "9S 9H 9D KC KD 4H 5H 6H 7H 2C"}))
    assert "Not deal 4's contract: deal 4 asks for 3 sets; these cards hold 1 set at once" in held


def test_seven_deals_in_italian_from_its_own_catalog(seven_deals, scorer, client, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    assert client.get("/lang/it").status_code == 303
    new = _said(client.get(f"/t/{scorer.token}/matches/new?variant=seven_deals"))
    # the game's own words, from the package's catalog, and none left in English
    assert "Scarti che un giocatore può comprare in una mano." in new
    assert "Discards a player may buy" not in new
    match_id = scorer.start_match("seven_deals", ["Ann", "Ben", "Cat"])
    board = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Due mazzi e quattro jolly." in board and "Two packs" not in board
    assert "mano 1: 2 tris, 10 carte" in board
    first = scorer.record(match_id, by="Ann", end="out", cards={"Ben": "2C 3D KS AH JK"},
                         points={"Cat": 35})
    assert first.status_code == 302
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 85, "Cat": 35}
    history = _said(client.get(f"/t/{scorer.token}/m/{match_id}/history"))
    assert "ha chiuso: 0" in history and "2♣ 3♦ K♠ A♥ JKR: 5 + 5 + 10 + 15 + 50 = 85" in history
    refused = scorer.record(match_id, by="Ben", end="out", points={"Ann": 5, "Cat": 5}, melds="4H 5H 6H 7H")
    assert refused.status_code == 422 and "calata di Ben: la mano 2 chiede" in _said(refused)
    checker = _said(client.get("/melds", query_string={"variant": "seven_deals", "mode": "hand", "deal": "1",
                                                       "cards": "9S 9H 9D KC KD JK 4H 5H 6H 2S"}))
    assert "Mano 1: 2 tris" in checker and "Mano 7: 3 scale" in checker
    assert "Sette mani, ciascuna col suo contratto" in checker
    assert "Rispetta il contratto della mano 1: 9♠ 9♥ 9♦ | K♣ K♦ JKR=K♠" in checker
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    spectator = _said(client.get(f"/v/{view_token}"))
    assert "Seven Deals" in spectator


def test_the_docs_show_the_whole_contract_game():
    """docs/engine.md's "A complete contract game" carries the test package's module whole, as the tests
    play it."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    docs = (root / "docs" / "engine.md").read_text(encoding="utf-8")
    block = re.search(r"### A complete contract game.*?```python\n(.*?)```", docs, re.S).group(1)
    assert block == (root / "tests" / "contract_game" / "seven_deals" / "__init__.py").read_text(encoding="utf-8")
