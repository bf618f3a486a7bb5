"""At the table, round 4, where a page's words are enough to judge: numbers on the stats page written as
every other page writes them, the chart's axis and its table by side in a game scored by sides."""

from __future__ import annotations

import re

import pytest

from .test_sides import K1_EW_COUNTED, K1_NS, side_hand


@pytest.fixture
def four(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    return scorer


def test_stats_write_numbers_the_locales_way(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    assert scorer.record_points(match_id, {"Ann": -1045, "Ben": 2030}).status_code in (302, 303)
    page = client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)
    assert "−1,045" in page and "2,030" in page
    assert "-1045" not in page and "2030.0" not in page and "1045" not in page.replace("1,045", "")
    client.get("/lang/it?next=/")
    page = client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)
    assert "−1.045" in page and "2.030" in page


def test_the_chart_of_sides_has_one_column_a_side(four, client):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"])
    four.post(f"/t/{four.token}/m/{match_id}/hands/new", side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    page = client.get(f"/t/{four.token}/m/{match_id}/chart").get_data(as_text=True)
    heads = re.findall(r'<th scope="col">(.*?)</th>', page)
    assert [re.sub("<[^>]+>", "", h).replace("&amp;", "&") for h in heads[1:]] == ["Ann & Cat", "Ben & Dan"]
    assert page.count(">1,115<") == 1 and page.count(">785<") == 1


def test_the_charts_numbers_have_room_at_its_left(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    scorer.record_points(match_id, {"Ann": 10000, "Ben": -1500})
    svg = client.get(f"/t/{scorer.token}/m/{match_id}/chart.svg").get_data(as_text=True)
    axis = svg.split('text-anchor="end">', 1)[1].split("</g>", 1)[0]
    labels = re.findall(r'<text x="([\d.]+)"[^>]*>([^<]+)</text>', axis)
    assert "10,000" in [t for _, t in labels]
    # right-aligned at x: each label's start, at 6.5 px a character of the 11 px font, is inside the chart
    assert all(float(x) - 6.5 * len(text) >= 0 for x, text in labels), labels


def _standing(page: str, name: str) -> tuple[str, str]:
    """The total and the delta beside it of ``name``'s row in the standings."""
    block = page.split('class="standings"', 1)[1].split("</ol>", 1)[0]
    row = next(r for r in block.split('<li class="standing') if re.search(rf'class="name">(<bdi>)?{name}<', r))
    total = re.search(r'class="total">([^<]*)<', row).group(1)
    delta = re.search(r'class="delta">([^<]*)<', row).group(1)
    return total, delta


def test_hollywood_gin_says_whose_difference_and_no_delta_beside_an_unmoved_net(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    page = client.get(f"/t/{scorer.token}/matches/new").get_data(as_text=True)
    assert "2–2 players" not in page and re.search(r"Hollywood Gin</span>\s*<span class=\"muted\">[^<]*· 2 players<", page)
    match_id = scorer.start_match("hollywood_gin", ["Ann", "Ben"], rules={"game_target": 10})
    assert scorer.record(match_id, by="Ann", end="knock", points={"Ann": 3, "Ben": 28}).status_code in (302, 303)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    # game 1 closed on Ann's 25: the difference row says it is Ann's
    foot = page.split("<tfoot>", 1)[1].split("</tfoot>", 1)[0]
    assert re.search(r"<td>(<bdi>)?Ann(</bdi>)? \+\d", foot), foot
    assert scorer.record(match_id, by="Ben", end="knock", points={"Ben": 2, "Ann": 10}).status_code in (302, 303)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "±0" not in page.split('class="standings"', 1)[1].split("</ol>", 1)[0]


def test_gin_says_the_settlement_and_what_the_last_hand_moved_the_total_by(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("gin", ["Ann", "Ben"], rules={"game_target": 20})
    assert scorer.record(match_id, by="Ann", end="knock", points={"Ann": 3, "Ben": 10}).status_code in (302, 303)
    assert scorer.record(match_id, by="Ann", end="knock", points={"Ann": 2, "Ben": 20}).status_code in (302, 303)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    total, delta = _standing(page, "Ann")
    # 7 + 18 = 25 in hands, then the game bonus doubled by the shutout (200) and two boxes (50): the last
    # hand moved the total from 7 to 275
    assert (total, delta) == ("275", "+268")
    assert re.search(r"Ann(</bdi>)? collects: 275 from (<bdi>)?Ben", page)


def test_a_deleted_hand_says_undo_only_until_something_else_is_done(scorer, client, app):
    import sqlalchemy as sa
    from scorekeeper.web.extensions import db
    from scorekeeper.service.models import Entry

    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("ramino", ["Ann", "Ben"])
    for points in (10, 20):
        assert scorer.record(match_id, by="Ann", end="out", points={"Ann": 0, "Ben": points}).status_code in (302, 303)
    with app.app_context():
        second = db.session.scalars(sa.select(Entry.id).where(Entry.match_id == match_id)
                                    .order_by(Entry.position)).all()[1]
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{second}/delete",
                      {"version": scorer.version(match_id)}).status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Deleted: hand 2" in page
    assert scorer.record(match_id, by="Ben", end="out", points={"Ben": 0, "Ann": 5}).status_code in (302, 303)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Deleted: hand 2" not in page and f'id="entry-{second}"' not in page
    # the match page keeps it, struck through, with Restore
    assert "Deleted: hand 2" in client.get(f"/t/{scorer.token}/m/{match_id}/history").get_data(as_text=True)


def test_a_rejoin_is_called_a_rejoin_and_undone_is_said_in_italian(scorer, client, app):
    from .test_pool_rummy import _deal, _said

    scorer.create_table()
    scorer.add_players("P", "Q", "R")
    match_id = scorer.start_match("pool_rummy", ["P", "Q", "R"], rules={"pool": "201"}, stake="10")
    _deal(scorer, match_id, "P", Q=80, R="first")
    _deal(scorer, match_id, "R", P="middle", Q=112)
    _deal(scorer, match_id, "P", Q="middle", R=44)
    import uuid
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/rebuy", {
        "player": str(scorer.player_ids()["Q"]), "version": str(scorer.version(match_id)), "key": uuid.uuid4().hex},
        headers={"HX-Request": "true"})
    note = _said(response).split("Saved:", 1)[1][:40]
    assert "rejoin after hand 3" in note and "rebuy" not in note
    # undone and redone, then the match page in Italian says so in Italian
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(scorer.version(match_id))}).status_code == 302
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/redo", {"version": str(scorer.version(match_id))}).status_code == 302
    client.get("/lang/it?next=/")
    history = client.get(f"/t/{scorer.token}/m/{match_id}/history").get_data(as_text=True)
    assert "(annullato)" in history and "(undone)" not in history and "(redone)" not in history


def test_a_winning_pair_are_winners(four, client):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"], rules={"target": 1000})
    four.post(f"/t/{four.token}/m/{match_id}/hands/new", side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert '<span class="badge win">winners</span>' in page
    client.get("/lang/it?next=/")
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert '<span class="badge win">vincitori</span>' in page


def test_where_the_lowest_wins_the_target_is_no_green_goal(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("ramino", ["Ann", "Ben", "Cat"])
    scorer.record(match_id, by="Ann", end="out", points={"Ann": 0, "Ben": 270, "Cat": 20})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Target 1,000" not in page and "to go" not in page
    ben = page.split('class="name">Ben<', 1)[1].split("</li>", 1)[0]
    assert 'class="bar bar-limit"' in ben and "Ends at 1,000 · 730 left" in ben


def test_no_rebuy_line_before_anyone_is_out(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("rumino", ["Ann", "Ben", "Cat"], stake="5")
    assert scorer.record(match_id, by="Ann", end="knock", points={"Ann": 3, "Ben": 40, "Cat": 20}).status_code in (302, 303)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Rebuys open" not in page and 'id="rebuy-status"' not in page



def test_the_shared_result_of_partners_ranks_the_sides(four, client, app):
    from scorekeeper.web.extensions import db
    from scorekeeper.service.models import Match

    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"], rules={"target": 1000})
    four.post(f"/t/{four.token}/m/{match_id}/hands/new", side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    with app.app_context():
        view = db.session.get(Match, match_id).view_token
    page = client.get(f"/v/{view}/summary").get_data(as_text=True)
    assert "Ann &amp; Cat win at" in page and "Ann &amp; Cat wins" not in page
    text = page.split('id="share-text"', 1)[1].split("</textarea>", 1)[0]
    assert "1. Ann &amp; Cat 1115" in text and "2. Ben &amp; Dan 785" in text
    assert len(re.findall(r"^\d+\. ", text, re.M)) == 2  # two sides, not four players
    assert "largest swing: hand 1 (Ann &amp; Cat +1,115" in page
    assert client.get(f"/v/{view}/summary.png").status_code == 200


def test_cutthroat_shows_each_players_first_meld(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("canasta", ["Ann", "Ben", "Cat"], rules={"three_player_mode": "cutthroat"})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert page.count("first meld 50") == 3  # each player's own minimum, on 0
