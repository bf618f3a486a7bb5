"""A sheet of several games (Hollywood Gin's three, docs/rules/hollywood_gin.md) on the scoreboard: the web
draws what the standings' ``games`` hold (each game's points, boxes, open or closed, its winner, shutout,
finals and difference, the hands that went in, the nets) and offers the game's own entries (the notice to
stop) only where the engine allows them, in the game's words."""

from __future__ import annotations

import html
import re

HX = {"HX-Request": "true"}


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def games_card(page: str) -> str:
    return page.split('id="games"', 1)[1].split("</section>", 1)[0]


def start(scorer, rules=None) -> int:
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    return scorer.start_match("hollywood_gin", ["Ann", "Ben"], rules=rules)


def knock(scorer, match_id, by, kdw, ddw):
    other = "Ben" if by == "Ann" else "Ann"
    reply = scorer.record(match_id, by=by, end="knock", points={by: kdw, other: ddw})
    assert reply.status_code == 302, reply.get_data(as_text=True)


def gin(scorer, match_id, by, ddw):
    other = "Ben" if by == "Ann" else "Ann"
    reply = scorer.record(match_id, by=by, end="gin", points={other: ddw})
    assert reply.status_code == 302, reply.get_data(as_text=True)


def page_of(scorer, match_id) -> str:
    return scorer.client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)


def test_a_new_match_shows_three_open_games_and_no_stop(scorer):
    match_id = start(scorer)
    page = page_of(scorer, match_id)
    card = games_card(page)
    assert card.count('<span class="game-state">open</span>') == 3 and "Game 1" in card and "Game 3" in card
    assert "Stop after these games" not in page  # not continuous: the three games end by themselves


def test_w1_hand_by_hand_until_every_game_closes(scorer):
    """W1 of the rules page: the points go into the games, each closes with its bonuses, the nets decide."""
    match_id = start(scorer)
    knock(scorer, match_id, "Ann", 3, 28)
    knock(scorer, match_id, "Ann", 4, 22)
    card = text_of(games_card(page_of(scorer, match_id)))
    assert "43" in card and "18" in card  # game 1 Ann 43, game 2 Ann 18
    knock(scorer, match_id, "Ann", 9, 3)
    gin(scorer, match_id, "Ann", 11)
    knock(scorer, match_id, "Ben", 2, 24)
    knock(scorer, match_id, "Ann", 1, 31)
    page = page_of(scorer, match_id)
    card = text_of(games_card(page))
    assert "Ann won" in card and "final 309" in card and "final 103" in card and "+206" in card
    assert "Hands 1, 2, 3, 4, 5, 6 went in." in card
    assert "Ann 109 + 200 = 309" in card and "Ben 53 + 50 = 103" in card
    assert "Net: Ann +206 · Ben −206" in card
    # the hand-by-hand grid: the hand's points and the games they went into, the one that closed marked
    grid = page.split('id="sheet"', 1)[1]
    assert '<span class="game-no closes">1<span class="sr-only"> (closes it)</span></span>' in grid
    assert ">Net<" in grid
    for by, kdw, ddw in (("Ben", None, 15), ("Ann", 5, 25), ("Ben", 2, 47), ("Ann", 8, 6)):
        if kdw is None:
            gin(scorer, match_id, by, ddw)
        else:
            knock(scorer, match_id, by, kdw, ddw)
    page = page_of(scorer, match_id)
    said = text_of(page)
    assert "Ann wins" in said
    assert scorer.totals(match_id) == {"Ann": 272, "Ben": -272}
    card = text_of(games_card(page))
    assert card.count("wins it") == 3 and "Ben wins it" in card and "+126" in card
    assert "Net: Ann +272 · Ben −272" in card


def test_a_shutout_is_shown_on_its_game(scorer):
    match_id = start(scorer)
    for kdw, ddw in ((1, 31), (2, 27), (2, 30), (5, 25)):
        knock(scorer, match_id, "Ann", kdw, ddw)
    card = text_of(games_card(page_of(scorer, match_id)))
    assert "shutout" in card and "+403" in card and "Bonuses: game, shutout and boxes." in card


def test_continuous_play_offers_the_stop_once_and_then_plays_the_open_games_out(scorer):
    match_id = start(scorer, rules={"continuous": True})
    gin(scorer, match_id, "Ann", 35)
    gin(scorer, match_id, "Ann", 25)  # game 1 closes: game 4 opens
    page = page_of(scorer, match_id)
    card = games_card(page)
    assert "Game 4" in card and "Game 1" in card  # game 1 is listed as settled, the open ones side by side
    assert card.count('<span class="game-state">open</span>') == 3 and 'class="game-head closed"' not in card
    assert "Stop after these games" in page
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    reply = scorer.client.post(f"/t/{scorer.token}/m/{match_id}/entry", data={
        "csrf_token": token, "kind": "stop", "version": str(scorer.version(match_id)), "key": "stop-once"},
        headers=HX)
    assert reply.status_code == 200, reply.get_data(as_text=True)
    after = reply.get_data(as_text=True)
    assert "Stop after these games" not in after  # given once, it is not offered again
    assert "notice to stop given: no new game opens" in text_of(after)
    # the grid names the entry in the game's words
    assert ">notice to stop<" in after
    # a kind the game does not declare is refused in words, never recorded
    reply = scorer.client.post(f"/t/{scorer.token}/m/{match_id}/entry", data={
        "csrf_token": token, "kind": "void-everything", "version": str(scorer.version(match_id)), "key": "nope"},
        headers=HX)
    assert reply.status_code == 422 and "This match has no such entry." in reply.get_data(as_text=True)


def test_a_second_stop_is_refused_beside_the_sheet(scorer):
    match_id = start(scorer, rules={"continuous": True})
    page = page_of(scorer, match_id)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    for key, status in (("first", 200), ("second", 422)):
        reply = scorer.client.post(f"/t/{scorer.token}/m/{match_id}/entry", data={
            "csrf_token": token, "kind": "stop", "version": str(scorer.version(match_id)), "key": key}, headers=HX)
        assert reply.status_code == status
    assert "notice to stop was already given" in text_of(reply.get_data(as_text=True))


def test_the_spectator_sheet_shows_the_games(scorer, app):
    match_id = start(scorer)
    knock(scorer, match_id, "Ann", 3, 28)
    with app.app_context():
        view = scorer.match(match_id).view_token
    page = scorer.client.get(f"/v/{view}").get_data(as_text=True)
    assert 'id="games"' in page and "Game 1" in text_of(page)


def test_a_stop_has_its_own_page_and_can_be_undone(scorer, app):
    match_id = start(scorer, rules={"continuous": True})
    gin(scorer, match_id, "Ann", 35)
    page = page_of(scorer, match_id)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    reply = scorer.client.post(f"/t/{scorer.token}/m/{match_id}/entry", data={
        "csrf_token": token, "kind": "stop", "version": str(scorer.version(match_id)), "key": "stop"})
    assert reply.status_code == 302
    page = page_of(scorer, match_id)
    assert "Undo the notice to stop after hand 1 recorded" in text_of(page)
    entry_id = re.findall(r'/hands/(\d+)"', page)[-1]
    shown = text_of(scorer.client.get(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}").get_data(as_text=True))
    assert "Notice to stop" in shown and "Rebuy" not in shown
    first = re.findall(r'/hands/(\d+)"', page)[0]
    hand = text_of(scorer.client.get(f"/t/{scorer.token}/m/{match_id}/hands/{first}").get_data(as_text=True))
    assert "Ann's 60 points went into games 1." in hand
    reply = scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(scorer.version(match_id))})
    assert reply.status_code in (200, 302, 303)
    assert "Stop after these games" in page_of(scorer, match_id)  # offered again once undone


def test_the_stats_count_a_hand_by_its_own_points():
    from scorekeeper.engine.match import replay
    from scorekeeper.service.stats import match_summary

    hands = [{"kind": "hand", "end": "knock", "by": "Ann", "held": {"Ann": {"points": 3}, "Ben": {"points": 28}}},
             {"kind": "hand", "end": "gin", "by": "Ben", "held": {"Ann": {"points": 15}}}]
    summary = match_summary(replay({"variant": "hollywood_gin", "players": ["Ann", "Ben"], "entries": hands}),
                            ["Ann", "Ben"])
    assert summary["sum"] == [25, 40] and summary["high"] == [25, 40] and summary["low"] == [0, 0]


def test_a_match_with_a_stop_goes_out_and_comes_back_with_the_same_games(scorer, app, client):
    import io
    import json

    from scorekeeper.web.extensions import db
    from scorekeeper import service
    from scorekeeper.service.models import Match

    match_id = start(scorer, rules={"continuous": True})
    gin(scorer, match_id, "Ann", 35)
    gin(scorer, match_id, "Ann", 25)
    page = page_of(scorer, match_id)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    scorer.client.post(f"/t/{scorer.token}/m/{match_id}/entry", data={
        "csrf_token": token, "kind": "stop", "version": str(scorer.version(match_id)), "key": "stop"})
    knock(scorer, match_id, "Ben", 2, 42)
    document = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
    assert {"kind": "stop"} in [{k: v for k, v in e.items() if k == "kind"} for e in document["entries"]]
    target = scorer.create_table("Elsewhere")
    reply = scorer.post(f"/t/{target}/import", {"document": (io.BytesIO(json.dumps(document).encode()), "m.json")},
                       content_type="multipart/form-data")
    assert reply.status_code == 302, reply.get_data(as_text=True)
    new_id = int(reply.headers["Location"].split("/m/")[1].split("/")[0])
    with app.app_context():
        before = service.standings(db.session.get(Match, match_id)).to_dict()
        after = service.standings(db.session.get(Match, new_id)).to_dict()
    assert after["games"] == before["games"] and len(after["games"]) == 4


def test_the_preview_shows_the_hand_points_and_the_games_they_go_into(scorer):
    match_id = start(scorer)
    knock(scorer, match_id, "Ann", 3, 28)
    ids = scorer.player_ids()
    reply = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/preview", {
        "by": str(ids["Ann"]), "end": "knock", f"points_{ids['Ann']}": "4", f"points_{ids['Ben']}": "22",
        "version": str(scorer.version(match_id)), "key": "p"})
    said = text_of(reply.get_data(as_text=True))
    assert "Ann +18" in said and "into game 1, game 2" in said
