"""A game scored by sides through the web (Canasta, the first such game): the new match asks who plays
with whom (partners opposite unless a player is moved), the hand form asks each side's counts and two
point totals (typed, or counted by value class), the live preview explains each side's score, a refusal
is said beside its side's box, the scoreboard shows one total per side with each side's next minimum,
and the match document exports and imports its teams."""

from __future__ import annotations

import html
import json
import re
import uuid

import pytest

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match

K1_NS = {"natural_canastas": "1", "mixed_canastas": "1", "meld_points": "235", "hand_points": "20"}
K1_EW_COUNTED = {"red_threes": "4", "meld_points": "130", "hand_points__jokers": "1", "hand_points__aces_twos": "2",
                 "hand_points__eights_to_kings": "3", "hand_points__fours_to_sevens": "4",
                 "hand_points__black_threes": "1"}


@pytest.fixture
def four(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    return scorer


def side_hand(scorer, match_id, sides: list[dict], *, by: str | None = None, end: str = "out", **extra):
    ids = scorer.player_ids()
    data = {f"s{i}_{name}": value for i, side in enumerate(sides) for name, value in side.items()}
    if by:
        data["by"] = str(ids[by])
    data.update(end=end, version=str(scorer.version(match_id)), key=uuid.uuid4().hex, **extra)
    return data


def side_totals(page: str) -> dict[str, int]:
    block = page.split('class="standings sides"', 1)[1].split("</ol>", 1)[0]
    found = re.findall(r'<span class="name">(?:<bdi>)?([^<]+)(?:</bdi>)?</span>.*?<span class="total">([−-]?[\d,]+)</span>',
                       block, re.S)
    return {html.unescape(name): int(total.replace("−", "-").replace(",", "")) for name, total in found}


def standing_totals(page: str) -> dict[str, int]:
    """Each player's total as the standings on the page show it."""
    block = page.split('class="standings"', 1)[1].split("</ol>", 1)[0]
    found = re.findall(r'<span class="name">(?:<bdi>)?([^<]+)(?:</bdi>)?</span>.*?<span class="total">([−-]?[\d,]+)</span>',
                       block, re.S)
    return {n: int(t.replace(",", "")) for n, t in found}


def test_a_new_match_asks_who_plays_with_whom(four, client):
    page = client.get(f"/t/{four.token}/matches/new?variant=canasta").get_data(as_text=True)
    assert "Who plays with whom?" in page and 'data-players="4"' in page
    ids = four.player_ids()
    assert f'name="side_{ids["Ann"]}"' in page


def test_partners_sit_opposite_by_default(four, client, app):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"])
    with app.app_context():
        assert db.session.get(Match, match_id).teams is None
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert side_totals(page) == {"Ann & Cat": 0, "Ben & Dan": 0}
    assert "First meld:" in page


def test_a_player_moved_across_makes_the_sides(four, client, app):
    ids = four.player_ids()
    # Ann and Ben play together: Ann stays in side 1, Ben moves to it, Cat to side 2
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"],
                                **{f"side_{ids['Ann']}": "1", f"side_{ids['Ben']}": "1", f"side_{ids['Cat']}": "2"})
    with app.app_context():
        assert db.session.get(Match, match_id).teams == [["Ann & Ben", [ids["Ann"], ids["Ben"]]],
                                                         ["Cat & Dan", [ids["Cat"], ids["Dan"]]]]
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert side_totals(page) == {"Ann & Ben": 0, "Cat & Dan": 0}


def test_three_against_one_is_refused_with_the_form_kept(four, client):
    ids = four.player_ids()
    data = {f"seat_{ids[n]}": str(i) for i, n in enumerate(["Ann", "Ben", "Cat", "Dan"], start=1)}
    data.update({f"side_{ids[n]}": "1" for n in ("Ann", "Ben", "Cat")}, variant="canasta", first_dealer="", stake="")
    response = four.post(f"/t/{four.token}/matches/new?variant=canasta", data)
    assert response.status_code == 422
    assert "two sides of two" in response.get_data(as_text=True)


def test_a_hand_typed_and_a_hand_counted(four, client, app):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"])
    response = four.post(f"/t/{four.token}/m/{match_id}/hands/preview",
                         side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    preview = response.get_data(as_text=True)
    assert "500 + 300 + 100 (out) + 235 − 20 = 1,115" in preview
    assert "800 (4 red threes) + 130 − 145 = 785" in preview
    response = four.post(f"/t/{four.token}/m/{match_id}/hands/new",
                         side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    assert response.status_code in (200, 302, 303)
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert side_totals(page) == {"Ann & Cat": 1115, "Ben & Dan": 785}
    with app.app_context():
        entry = db.session.query(Entry).filter_by(match_id=match_id).one()
        ids = four.player_ids()
        ew = f"#{ids['Ben']}#{ids['Dan']}"
        assert entry.payload["sides"][ew]["hand_points"] == {"jokers": 1, "aces_twos": 2, "eights_to_kings": 3,
                                                             "fours_to_sevens": 4, "black_threes": 1}


def test_a_refusal_is_said_beside_its_sides_box(four, client):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"])
    bad = dict(K1_NS, meld_points="237")
    response = four.post(f"/t/{four.token}/m/{match_id}/hands/new",
                         side_hand(four, match_id, [bad, K1_EW_COUNTED], by="Ann"))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'id="s0_meld_points"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="s0_meld_points"', page)
    assert "237 is not a multiple of 5" in page


def test_the_match_document_carries_the_teams_both_ways(four, client, app):
    ids = four.player_ids()
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"],
                                **{f"side_{ids['Ben']}": "1", f"side_{ids['Cat']}": "2"})
    four.post(f"/t/{four.token}/m/{match_id}/hands/new",
              side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    with app.app_context():
        from scorekeeper import service
        document = service.to_document(db.session.get(Match, match_id))
    assert document["teams"] == {"Ann & Ben": ["Ann", "Ben"], "Cat & Dan": ["Cat", "Dan"]}
    assert list(document["entries"][0]["sides"]) == ["Ann & Ben", "Cat & Dan"]


def test_cutthroat_asks_the_lone_hand_and_each_players_red_threes(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("canasta", ["Ann", "Ben", "Cat"], rules={"three_player_mode": "cutthroat"})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Who plays alone?" in page and "The pair" in page and "Who plays with whom?" not in page
    ids = scorer.player_ids()
    lone = {"natural_canastas": "1", "meld_points": "220", "hand_points": "85"}
    pair = {"mixed_canastas": "2", "meld_points": "410", "hand_points": "35"}
    data = side_hand(scorer, match_id, [lone, pair], by="Ben", lone=str(ids["Ann"]),
                     **{f"red_threes_{ids['Ann']}": "1", f"red_threes_{ids['Ben']}": "1"})
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:2000]
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert standing_totals(page) == {"Ann": 735, "Ben": 1175, "Cat": 1075}


def test_cutthroat_hand_where_nobody_took_the_pile_is_entered_each_alone(scorer, client, app):
    """K-7's hand 2: the stock ran out and nobody ever took the pile (``lone`` null), so each player is
    entered alone, his red threes in his own box; the hand is stored as the document says, edited back
    into the same boxes, and a "nobody" with a hand that was gone out is refused beside the field."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("canasta", ["Ann", "Ben", "Cat"], rules={"three_player_mode": "cutthroat"})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Nobody: the stock ran out, the pile never taken" in page
    assert 'data-when-field="lone" data-when-value="nobody"' in page
    ids = scorer.player_ids()
    # hand 1 of K-7, then hand 2 with nobody alone: s2_ … s4_ are Ann, Ben and Cat alone
    first = side_hand(scorer, match_id, [{"natural_canastas": "1", "meld_points": "220", "hand_points": "85"},
                                        {"mixed_canastas": "2", "meld_points": "410", "hand_points": "35"}],
                      by="Ben", lone=str(ids["Ann"]), **{f"red_threes_{ids['Ann']}": "1", f"red_threes_{ids['Ben']}": "1"})
    scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", first)
    alone = [{}, {}, {"red_threes": "1", "meld_points": "0", "hand_points": "120"},
             {"meld_points": "150", "hand_points": "60"},
             {"red_threes": "1", "meld_points": "95", "hand_points": "40"}]
    refused = side_hand(scorer, match_id, alone, by="Ben", end="out", lone="nobody")
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", refused)
    assert response.status_code == 422
    assert "lone may be null only when the stock ran out" in html.unescape(response.get_data(as_text=True))
    data = side_hand(scorer, match_id, alone, end="stock_exhausted", lone="nobody")
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:2000]
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert standing_totals(page) == {"Ann": 515, "Ben": 1265, "Cat": 1230}
    with app.app_context():
        entry = db.session.query(Entry).filter_by(match_id=match_id).order_by(Entry.id.desc()).first()
        entry_id, payload = entry.id, entry.payload
    assert payload["lone"] is None and "red_threes" not in payload
    assert payload["sides"][f"#{ids['Cat']}"] == {"red_threes": 1, "meld_points": 95, "hand_points": 40}
    document = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
    assert document["entries"][1]["lone"] is None and set(document["entries"][1]["sides"]) == {"Ann", "Ben", "Cat"}
    # the edit form comes back with "nobody" tapped and each player's own boxes filled
    page = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*value="nobody"|value="nobody"[^>]*checked', page)
    assert re.search(r'name="s4_meld_points"[^>]*value="95"|value="95"[^>]*name="s4_meld_points"', page)
    assert re.search(r'name="s2_red_threes"[^>]*value="1"|value="1"[^>]*name="s2_red_threes"', page)


def test_a_hand_by_side_is_edited_with_everything_after_recomputed(four, client, app):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"])
    four.post(f"/t/{four.token}/m/{match_id}/hands/new", side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    with app.app_context():
        entry_id = db.session.query(Entry).filter_by(match_id=match_id).one().id
    page = client.get(f"/t/{four.token}/m/{match_id}/hands/{entry_id}/edit").get_data(as_text=True)
    assert re.search(r'name="s0_meld_points"[^>]*value="235"|value="235"[^>]*name="s0_meld_points"', page)
    assert re.search(r'name="s1_hand_points__jokers"[^>]*value="1"|value="1"[^>]*name="s1_hand_points__jokers"', page)
    data = side_hand(four, match_id, [dict(K1_NS, hand_points="0"), K1_EW_COUNTED], by="Ann")
    response = four.post(f"/t/{four.token}/m/{match_id}/hands/{entry_id}/edit", data)
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:1500]
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert side_totals(page) == {"Ann & Cat": 1135, "Ben & Dan": 785}


def test_every_page_of_a_match_by_side_shows_the_sides(four, client, app):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"], rules={"target": 1000}, stake="5")
    four.post(f"/t/{four.token}/m/{match_id}/hands/new", side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    with app.app_context():
        match = db.session.get(Match, match_id)
        entry_id, view = match.entries[0].id, match.view_token
    pages = [f"/t/{four.token}/m/{match_id}", f"/t/{four.token}/m/{match_id}/hands/{entry_id}",
             f"/t/{four.token}/m/{match_id}/history", f"/v/{view}", f"/t/{four.token}/history",
             f"/t/{four.token}/m/{match_id}/chart", f"/t/{four.token}/m/{match_id}/chart.svg",
             f"/t/{four.token}/stats", f"/t/{four.token}/m/{match_id}/export.json",
             f"/t/{four.token}/m/{match_id}/export.csv", f"/v/{view}/summary"]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert "Ann &amp; Cat win<" in page  # partners win, in the plural
    assert "Ann &amp; Cat" in client.get(f"/v/{view}").get_data(as_text=True)
    history = client.get(f"/t/{four.token}/m/{match_id}/history").get_data(as_text=True)
    assert "<th scope=\"col\">Ann &amp; Cat</th>" in history or "Ann &amp; Cat</bdi></th>" in history


def test_cutthroat_without_the_lone_hand_asks_for_it_in_the_tables_words(scorer, client):
    """A Cutthroat hand saved before "Who plays alone?" is tapped is refused in the table's words, not in
    the match document's (no field key, no "null")."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("canasta", ["Ann", "Ben", "Cat"], rules={"three_player_mode": "cutthroat"})
    lone = {"natural_canastas": "1", "meld_points": "220", "hand_points": "85"}
    pair = {"mixed_canastas": "2", "meld_points": "410", "hand_points": "35"}
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", side_hand(scorer, match_id, [lone, pair], by="Ben"))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "say who plays alone, or that nobody does (the pile was never taken)" in page
    assert "null" not in page and "(lone)" not in page
