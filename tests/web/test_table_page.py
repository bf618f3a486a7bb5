"""The table page: matches in progress with their leader and hands played (from the replay; void hands
and rebuys are not hands), rename and remove as buttons, the name box focused again after adding; and
the new-match page: no game chosen on a new table, the last game and players after that, house rules
in players' words, and a switch that cannot apply to the players seated refused beside its box."""

from __future__ import annotations

import re

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match


def _page(client, scorer) -> str:
    response = client.get(f"/t/{scorer.token}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_match_in_progress_shows_its_leader_and_hands_played(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("free", ["Ann", "Ben", "Cat"])
    assert scorer.record_points(match_id, {"Ann": 12, "Ben": 5, "Cat": 9}).status_code == 302
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/void",
                      {"version": str(scorer.version(match_id))}).status_code in (200, 302)
    assert scorer.record_points(match_id, {"Ann": 1, "Ben": 7, "Cat": 0}).status_code == 302
    page = _page(client, scorer)
    # lowest wins in free scoring: Ben 12 against Cat 9? no: Ann 13, Ben 12, Cat 9
    assert "Cat leads · 2 hands played" in page
    assert "entries" not in page


def test_rebuys_are_not_hands_played(scorer, client, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("rumino", ["Ann", "Ben", "Cat"])
    with app.app_context():
        match = db.session.get(Match, match_id)
        ids = scorer.player_ids()
        from scorekeeper import service
        for _ in range(2):
            service.add_entry(match, {"kind": "hand", "end": "knock", "by": ids["Ann"],
                                      "held": {str(ids["Ann"]): {"points": 0}, str(ids["Ben"]): {"points": 60},
                                               str(ids["Cat"]): {"points": 10}}}, version=match.version, key=None)
        service.add_entry(match, {"kind": "rebuy", "player": ids["Ben"]}, version=match.version, key=None)
        assert [e.kind for e in match.entries] == ["hand", "hand", "rebuy"]
    page = _page(client, scorer)
    assert "2 hands played" in page


def test_rename_and_remove_are_buttons_and_the_name_box_is_focused_after_adding(scorer, client):
    scorer.create_table()
    response = scorer.post(f"/t/{scorer.token}/players", {"name": "Ann"})
    assert response.status_code == 302
    assert response.headers["Location"].endswith("?added=1#add-player")
    page = client.get(response.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert re.search(r'<input[^>]*autofocus[^>]*name="name"|<input[^>]*name="name"[^>]*autofocus', page)
    assert 'class="button small">Rename<span class="sr-only"> Ann</span>' in page
    assert '>Remove<span class="sr-only"> Ann</span></button>' in page
    # an ordinary visit does not steal the focus
    assert "autofocus" not in _page(client, scorer)


def test_new_match_chooses_no_game_then_the_last_game_and_its_players(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    page = client.get(f"/t/{scorer.token}/matches/new").get_data(as_text=True)
    assert "Which game?" in page and "<form" not in page.split("</header>", 1)[1]
    scorer.start_match("ramino", ["Cat", "Ann", "Ben"])
    page = client.get(f"/t/{scorer.token}/matches/new").get_data(as_text=True)
    assert "Start Ramino" in page
    ids = scorer.player_ids()
    for name, seat in (("Cat", "1"), ("Ann", "2"), ("Ben", "3")):
        assert re.search(rf'name="seat_{ids[name]}">.*?<option selected value="{seat}">', page, re.S), name
    # house rules in words, each with its standard value, never the document's spelling
    assert "Opening at least" in page and "Standard: 50." in page
    said = re.sub(r"<[^>]*>", " ", page)  # what the page says, not its markup's names
    assert "null" not in said and "opening_min" not in said


def test_a_switch_that_cannot_apply_to_the_players_is_refused_beside_it(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    ids = scorer.player_ids()
    data = {f"seat_{ids[n]}": str(i) for i, n in enumerate(["Ann", "Ben", "Cat"], start=1)}
    data.update({"variant": "gin", "first_dealer": "", "rule_gin_bonus": "30", "rule_undercut_on_tie": "y"})
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=gin", data)
    assert response.status_code == 422
    assert "Does not apply with 3 players" in response.get_data(as_text=True)
    data["rule_gin_bonus"] = "25"  # left as shown: fine
    assert scorer.post(f"/t/{scorer.token}/matches/new?variant=gin", data).status_code == 302
