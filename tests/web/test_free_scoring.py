"""A free-scoring match end to end: start it, record hands, edit, delete, undo, and the guards
(bad input, stale sheet, double tap)."""

from __future__ import annotations

import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper import service
from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match


@pytest.fixture
def game(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("free", ["Ann", "Ben", "Cat"], first_dealer="Ben")
    return scorer, match_id


def totals(client, token, match_id) -> dict[str, int]:
    page = client.get(f"/t/{token}/m/{match_id}").get_data(as_text=True)
    found = re.findall(r'<span class="name">([^<]+)</span>.*?<span class="total">([−-]?\d+)</span>', page, re.S)
    return {name: int(total.replace("−", "-")) for name, total in found}


def entries(app, match_id) -> list[Entry]:
    with app.app_context():
        return list(db.session.scalars(
            sa.select(Entry).where(Entry.match_id == match_id, Entry.deleted_at.is_(None)).order_by(Entry.position)))


def test_new_match_page_lists_variants_and_seats(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    page = client.get(f"/t/{scorer.token}/matches/new?variant=free").get_data(as_text=True)
    assert "Free scoring" in page
    assert "seat 1" in page and "Deals first" in page


def test_start_match_stores_seats_and_rules(game, app):
    scorer, match_id = game
    with app.app_context():
        match = db.session.get(Match, match_id)
        ids = scorer.player_ids()
        assert match.variant == "free"
        assert match.seats == [ids["Ann"], ids["Ben"], ids["Cat"]]
        assert match.first_dealer_id == ids["Ben"]
        assert match.rules == {}
        assert match.version == 1
        assert len(match.view_token) >= 22


@pytest.mark.parametrize("seats, message", [
    ({}, "Choose the players"),
    ({"Ann": "1", "Ben": "1"}, "Two players have the same seat"),
])
def test_start_match_refused(scorer, app, seats, message):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    ids = scorer.player_ids()
    data = {f"seat_{ids[n]}": s for n, s in seats.items()}
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=free", data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Match)) == 0


def test_first_dealer_must_be_seated(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=free",
                          {f"seat_{ids['Ann']}": "1", f"seat_{ids['Ben']}": "2", "first_dealer": str(ids["Cat"])})
    assert response.status_code == 422
    assert "The first dealer must be one of the seated players." in response.get_data(as_text=True)


def test_record_hands_and_see_totals(game, client, app):
    scorer, match_id = game
    response = scorer.record_points(match_id, {"Ann": 10, "Ben": 5, "Cat": -3})
    assert response.status_code == 302
    assert f"/t/{scorer.token}/m/{match_id}" in response.headers["Location"]
    scorer.record_points(match_id, {"Ann": 2, "Ben": 20, "Cat": 0})
    assert totals(client, scorer.token, match_id) == {"Ann": 12, "Ben": 25, "Cat": -3}
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Hand 3" in page
    assert "Ann deals" in page  # Ben dealt first, then Cat, so Ann deals the third hand
    assert len(entries(app, match_id)) == 2


def test_htmx_save_returns_the_scoreboard_fragment(game, client):
    scorer, match_id = game
    ids = scorer.player_ids()
    data = {"csrf_token": scorer.csrf(), "version": "1", "key": "k1",
            **{f"points_{ids[n]}": "4" for n in ("Ann", "Ben", "Cat")}}
    response = client.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data=data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="scoreboard"')
    assert "<html" not in body
    assert 'class="new' in body  # the new row is highlighted
    form = body.split('id="record"')[1].split("</form>")[0]
    assert 'value="4"' not in form and 'value="k1"' not in form  # a blank form for the next hand
    page = client.get(f"/t/{scorer.token}/m/{match_id}", headers={"HX-Request": "true"})
    assert "HX-Request" in page.headers["Vary"]


@pytest.mark.parametrize("points, message", [
    ({"Ann": "ten", "Ben": "1", "Cat": "1"}, "Type a whole number."),
    ({"Ann": "1.5", "Ben": "1", "Cat": "1"}, "Type a whole number."),
    ({"Ann": "1", "Ben": "1"}, "Cat"),
])
def test_bad_points_are_refused_and_kept(game, app, points, message):
    scorer, match_id = game
    response = scorer.record_points(match_id, points)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert message in body
    for value in points.values():
        assert f'value="{value}"' in body  # what was typed is still in the form
    assert entries(app, match_id) == []


def test_hand_for_a_player_not_seated_is_refused(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    ids = scorer.player_ids()
    data = {"version": "1", "key": "k", f"points_{ids['Ann']}": "1", f"points_{ids['Ben']}": "2",
            f"points_{ids['Cat']}": "3"}
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)
    # Cat has no box on the form: the field is ignored and the hand is scored for Ann and Ben only.
    assert response.status_code == 302
    [entry] = entries(app, match_id)
    assert set(entry.payload["held"]) == {str(ids["Ann"]), str(ids["Ben"])}


def test_stale_sheet_is_refused_and_keeps_typing(game, app):
    scorer, match_id = game
    scorer.record_points(match_id, {"Ann": 1, "Ben": 1, "Cat": 1}, version=1)
    response = scorer.record_points(match_id, {"Ann": 7, "Ben": 8, "Cat": 9}, version=1)
    assert response.status_code == 409
    body = response.get_data(as_text=True)
    assert "Not saved: the sheet changed on another phone (hand 1 recorded)." in body
    assert "Keep theirs" in body and "Add mine as the next hand" in body
    # the form keeps the version it was drawn from: a plain second tap on Save is refused again
    assert 'name="version" type="hidden" value="1"' in body
    assert 'value="7"' in body and 'value="8"' in body and 'value="9"' in body
    assert len(entries(app, match_id)) == 1


def test_double_tap_records_one_hand(game, app):
    scorer, match_id = game
    first = scorer.record_points(match_id, {"Ann": 1, "Ben": 2, "Cat": 3}, key="same", version=1)
    second = scorer.record_points(match_id, {"Ann": 1, "Ben": 2, "Cat": 3}, key="same", version=1)
    assert first.status_code == second.status_code == 302
    assert len(entries(app, match_id)) == 1


def test_edit_an_earlier_hand_recomputes(game, client, app):
    scorer, match_id = game
    scorer.record_points(match_id, {"Ann": 10, "Ben": 5, "Cat": 0})
    scorer.record_points(match_id, {"Ann": 1, "Ben": 1, "Cat": 1})
    first = entries(app, match_id)[0]
    ids = scorer.player_ids()
    page = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/edit").get_data(as_text=True)
    assert 'value="10"' in page
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/edit", {
        "version": str(scorer.version(match_id)), "key": "e",
        f"points_{ids['Ann']}": "30", f"points_{ids['Ben']}": "5", f"points_{ids['Cat']}": "0"})
    assert response.status_code == 302
    assert totals(client, scorer.token, match_id) == {"Ann": 31, "Ben": 6, "Cat": 1}
    detail = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}").get_data(as_text=True)
    assert "edited" in detail and "Ann 10" in detail  # the audit trail keeps what it said before


def test_stale_edit_is_refused(game, app):
    scorer, match_id = game
    scorer.record_points(match_id, {"Ann": 10, "Ben": 5, "Cat": 0})
    first = entries(app, match_id)[0]
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/edit", {
        "version": "1", f"points_{ids['Ann']}": "99", f"points_{ids['Ben']}": "5", f"points_{ids['Cat']}": "0"})
    assert response.status_code == 409
    assert 'value="99"' in response.get_data(as_text=True)
    assert entries(app, match_id)[0].payload["held"][str(ids["Ann"])] == {"points": 10}


def test_an_edit_of_a_hand_another_phone_deleted_meanwhile_is_told_the_sheet_changed(game, client, app):
    """The edit form was drawn, then another phone deleted that hand: saving says the sheet changed
    (409, what was typed kept), never a silent redirect that loses the edit; nothing is changed."""
    scorer, match_id = game
    scorer.record_points(match_id, {"Ann": 10, "Ben": 5, "Cat": 0})
    scorer.record_points(match_id, {"Ann": 1, "Ben": 1, "Cat": 1})
    first = entries(app, match_id)[0]
    ids = scorer.player_ids()
    drawn = scorer.version(match_id)
    deleted = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/delete", {"version": str(drawn)})
    assert deleted.status_code == 302
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/edit", {
        "version": str(drawn), f"points_{ids['Ann']}": "99", f"points_{ids['Ben']}": "5", f"points_{ids['Cat']}": "0"})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "changed on another phone" in page and 'value="99"' in page
    assert totals(client, scorer.token, match_id) == {"Ann": 1, "Ben": 1, "Cat": 1}
    # the same form saved against the new version is refused in words: a deleted hand is restored first
    again = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/edit", {
        "version": str(scorer.version(match_id)), f"points_{ids['Ann']}": "99", f"points_{ids['Ben']}": "5",
        f"points_{ids['Cat']}": "0"})
    assert again.status_code == 302  # a hand already deleted, asked for with the current sheet: its page
    with app.app_context():
        match = db.session.get(Match, match_id)
        entry = db.session.get(Entry, first.id)
        with pytest.raises(service.Refusal, match="restore it to change it"):
            service.edit_entry(match, entry, dict(entry.payload), version=match.version)


def test_delete_restore_and_undo(game, client, app):
    scorer, match_id = game
    scorer.record_points(match_id, {"Ann": 10, "Ben": 5, "Cat": 0})
    scorer.record_points(match_id, {"Ann": 1, "Ben": 1, "Cat": 1})
    first = entries(app, match_id)[0]
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/delete",
                          {"version": str(scorer.version(match_id))})
    assert response.status_code == 302
    assert totals(client, scorer.token, match_id) == {"Ann": 1, "Ben": 1, "Cat": 1}
    scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/restore", {"version": str(scorer.version(match_id))})
    assert totals(client, scorer.token, match_id) == {"Ann": 11, "Ben": 6, "Cat": 1}
    # Undo takes back the last action, the restore (not the last hand in the grid)
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(scorer.version(match_id))})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/t/{scorer.token}/m/{match_id}?undone=undo#standings"
    assert totals(client, scorer.token, match_id) == {"Ann": 1, "Ben": 1, "Cat": 1}
    assert [e.id for e in entries(app, match_id)] != [first.id] and len(entries(app, match_id)) == 1
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Undone: hand 1 restored." in page and "Redo" in page
    scorer.post(f"/t/{scorer.token}/m/{match_id}/redo", {"version": str(scorer.version(match_id))})
    assert totals(client, scorer.token, match_id) == {"Ann": 11, "Ben": 6, "Cat": 1}


def test_match_ends_at_target_with_winner(scorer, client, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"], rules={"winner": "highest", "target": 50})
    scorer.record_points(match_id, {"Ann": 30, "Ben": 10})
    scorer.record_points(match_id, {"Ann": 25, "Ben": 10})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Ann wins" in page
    assert "Record hand" not in page
    with app.app_context():
        assert db.session.get(Match, match_id).status == "finished"
    response = scorer.record_points(match_id, {"Ann": 1, "Ben": 1})
    # a hand for a match that is over: refused in words, and said to a phone's queue in a header
    assert response.status_code == 409 and response.headers["Scorekeeper-Match-Over"] == "finished"
    assert "This match is over" in response.get_data(as_text=True)


def test_elimination_ends_match(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("free", ["Ann", "Ben", "Cat"], rules={"elimination_at": 100})
    scorer.record_points(match_id, {"Ann": 100, "Ben": 10, "Cat": 20})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "out" in page and "Hand 2" in page
    # Ann is out: the form asks only Ben and Cat.
    scorer.record_points(match_id, {"Ben": 95, "Cat": 0})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Cat wins" in page


def test_bad_house_rule_is_refused(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=free", {
        f"seat_{ids['Ann']}": "1", f"seat_{ids['Ben']}": "2", "rule_winner": "highest", "rule_elimination_at": "100"})
    assert response.status_code == 422
    assert "elimination" in response.get_data(as_text=True)
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=free", {
        f"seat_{ids['Ann']}": "1", f"seat_{ids['Ben']}": "2", "rule_target": "lots"})
    assert response.status_code == 422
    assert "Type a whole number." in response.get_data(as_text=True)


def test_export_and_import_round_trip(game, runner, app, client, tmp_path):
    scorer, match_id = game
    scorer.record_points(match_id, {"Ann": 10, "Ben": 5, "Cat": 0})
    scorer.record_points(match_id, {"Ann": 1, "Ben": 2, "Cat": 3})
    result = runner.invoke(args=["export", str(match_id)])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["players"] == ["Ann", "Ben", "Cat"]
    assert document["entries"][0]["held"]["Ann"] == {"points": 10}
    path = tmp_path / "exported.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    # the match is on this table already: imported again only when asked
    result = runner.invoke(args=["import", str(path), "--table", scorer.token])
    assert result.exit_code != 0 and "already on this table" in result.output
    result = runner.invoke(args=["import", str(path), "--table", scorer.token, "--again"])
    assert result.exit_code == 0, result.output
    new_id = int(result.output.split()[-1])
    assert totals(client, scorer.token, new_id) == totals(client, scorer.token, match_id)


def test_import_refuses_a_bad_document(game, runner, app, tmp_path):
    scorer, _ = game
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "scorekeeper.match/1", "variant": "nonsense", "players": ["A"],
                                "entries": []}))
    result = runner.invoke(args=["import", str(path), "--table", scorer.token])
    assert result.exit_code != 0
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Match)) == 1


def test_the_hand_that_ends_the_match_brings_the_result_into_view(scorer, client):
    """After the final hand the phone scrolls to who won (the card with the pot, Rematch and Share),
    not to the standings below it."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"], rules={"winner": "highest", "target": 50})
    ids = scorer.player_ids()

    def save(points, **kw):
        data = {f"points_{ids[n]}": str(v) for n, v in points.items()}
        data.update(version=str(scorer.version(match_id)), key=f"k{scorer.version(match_id)}")
        return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data, **kw)

    first = save({"Ann": 30, "Ben": 10}, headers={"HX-Request": "true"})
    assert 'data-scroll-to="standings"' in first.get_data(as_text=True)
    last = save({"Ann": 25, "Ben": 10}, headers={"HX-Request": "true"})
    page = last.get_data(as_text=True)
    assert 'data-scroll-to="result"' in page and 'id="result"' in page and "Ann wins" in page
    # without JavaScript too: the page after the last hand opens at the result
    scorer.create_table("Again")
    scorer.add_players("Ann", "Ben")
    ids = scorer.player_ids()
    match_id = scorer.start_match("free", ["Ann", "Ben"], rules={"winner": "highest", "target": 50})
    assert save({"Ann": 60, "Ben": 10}).headers["Location"].endswith("#result")


def test_the_table_finishes_a_match_with_no_target_and_an_unknown_way_is_refused(scorer, app, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    scorer.record_points(match_id, {"Ann": 5, "Ben": 3})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Finish: the best total wins" in page
    url = f"/t/{scorer.token}/m/{match_id}/entry"
    refused = scorer.post(url, {"kind": "bogus", "version": str(scorer.version(match_id))})
    assert refused.status_code == 422 and "This match has no such entry." in refused.get_data(as_text=True)
    done = scorer.post(url, {"kind": "finish", "version": str(scorer.version(match_id))})
    assert done.status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Ben wins" in page and "Finish: the best total wins" not in page
