"""Rummikub through the generic pages (docs/rules/rummikub.md): the form asks each player's tiles (the
picker draws the tile set) or points with the jokers apart, the winner collects what the others hold,
a pool that ran out names the winner only for a tie, a refusal comes beside its box with the form kept,
and the round's last game ends the match."""

from __future__ import annotations

import html
import re
import uuid

import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def start(scorer, names=NAMES, rules=None) -> int:
    scorer.create_table()
    scorer.add_players(*names)
    return scorer.start_match("rummikub", names, rules=rules)


def game(scorer, match_id: int, by: str | None, end: str = "out", **players):
    """One game through the form: per player points (int), points and jokers (a pair) or tiles (str)."""
    ids = scorer.player_ids()
    data = {"end": end, "version": str(scorer.version(match_id)), "key": uuid.uuid4().hex}
    if by:
        data["by"] = str(ids[by])
    for name, value in players.items():
        pid = ids[name]
        if isinstance(value, tuple):
            data[f"points_{pid}"], data[f"jokers_{pid}"] = str(value[0]), str(value[1])
        elif isinstance(value, int):
            data[f"points_{pid}"] = str(value)
        else:
            data[f"tiles_{pid}"] = value
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)


def saved(app, match_id: int) -> list[dict]:
    with app.app_context():
        return [e.payload for e in db.session.scalars(sa.select(Entry).where(
            Entry.match_id == match_id, Entry.deleted_at.is_(None)).order_by(Entry.position))]


def test_rk1_through_the_pages(scorer, client, app):
    match_id = start(scorer)
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    said = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Pool ran out" in said and "Jokers on the rack" in said and "Tiles" in said
    assert "data-deck=" in board and "Never melded" in said
    assert game(scorer, match_id, "Ann", Ben=5, Cat=16, Dan=3).status_code == 302
    response = game(scorer, match_id, "Ben", Ann="13k 12k 1r", Cat="J 4b 4o", Dan=9)
    assert response.status_code == 302, _said(response)
    ids = scorer.player_ids()
    assert saved(app, match_id)[1]["held"][str(ids["Cat"])] == {"tiles": "J 4b 4o"}
    assert game(scorer, match_id, "Cat", Ann=12, Ben=20, Dan=7).status_code == 302
    response = game(scorer, match_id, "Dan", Ann=4, Ben=(3, 1), Cat=10)
    assert response.status_code == 302, _said(response)
    assert saved(app, match_id)[3]["held"][str(ids["Ben"])] == {"points": 3, "jokers": 1}
    assert scorer.totals(match_id) == {"Ann": -18, "Ben": 15, "Cat": -25, "Dan": 28}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Dan wins" in page


def test_the_pool_running_out_and_a_tie_for_the_lowest_rack(scorer, app):
    match_id = start(scorer, ["Ann", "Ben", "Cat"])
    # RK-3: a tie for the lowest rack without a winner named is refused, the form kept
    response = game(scorer, match_id, None, end="pool_exhausted", Ann=12, Ben=12, Cat=30)
    assert response.status_code == 422
    assert "Ann and Ben share the lowest count (12): name the winner with by" in _said(response)
    assert saved(app, match_id) == []
    response = game(scorer, match_id, "Ben", end="pool_exhausted", Ann=12, Ben=12, Cat=30)
    assert response.status_code == 302, _said(response)
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 18, "Cat": -18}
    # RK-2 game 1: a single lowest rack wins by itself; a winner tapped before the end was is dropped
    response = game(scorer, match_id, None, end="pool_exhausted", Ann=15, Ben=8, Cat=22)
    assert response.status_code == 302, _said(response)
    assert scorer.totals(match_id) == {"Ann": -7, "Ben": 39, "Cat": -32}


def test_a_refusal_comes_beside_its_box(scorer, app):
    match_id = start(scorer, ["Ann", "Ben", "Cat"])
    # RK-8 a: three 13k
    response = game(scorer, match_id, "Ann", Ben="13k 13k", Cat="13k 2b")
    assert response.status_code == 422
    assert "three 13k cannot be in play" in _said(response)
    assert 'value="13k 2b"' in response.get_data(as_text=True)
    # RK-8 d: a player who did not go out holds a tile
    response = game(scorer, match_id, "Ann", Ben=0, Cat=5)
    assert response.status_code == 422
    assert "Ben did not go out, so Ben holds at least one tile" in _said(response)
    assert saved(app, match_id) == []


def test_the_tile_picker_without_javascript(scorer, client):
    match_id = start(scorer, ["Ann", "Ben"])
    ids = scorer.player_ids()
    # ticked boxes of the tile grid are merged into the text box, and valued live by the tiles' values
    said = client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards", query_string=[
        ("player", ids["Ben"]), ("field", "tiles"), (f"tiles_{ids['Ben']}", "4b"),
        (f"tiles_{ids['Ben']}__pick", "13k"), (f"tiles_{ids['Ben']}__pick", "J")]).get_data(as_text=True)
    assert "47 points" in said


def test_the_meld_checker_checks_groups_and_runs_of_tiles(client):
    said = _said(client.get("/melds", query_string={"variant": "rummikub", "cards": "12k 13k J"}))
    assert "Yes: a run of 3 from 11 to 13" in said and "36" in said
    said = _said(client.get("/melds", query_string={"variant": "rummikub", "cards": "12k 13k 1k"}))
    assert "Not a Rummikub meld: the numbers are not in a row, even with the jokers" in said
