"""What keeps the live sheet and a save cheap never shows a stale sheet: the spectator sheet kept drawn in
a worker (``spectate.routes.SheetMemo``) is drawn again after a save, an edit of an earlier hand, an undo,
a delete, a rename or a change of currency; an imported match shows its own totals; a 304 poll turns
into a 200 after a save; the memo stays within its bound; and no request runs an async teardown."""

from __future__ import annotations

import inspect
import io
import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.service.models import Entry, Match
from scorekeeper.spectate import routes as spectate

HX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _fresh_memo():
    spectate._sheets.cache_clear()
    yield
    spectate._sheets.cache_clear()


@pytest.fixture
def game(sheet, app):
    sheet.create_table()
    sheet.add_players("Ann", "Ben", "Cat")
    match_id = sheet.start_match("free", ["Ann", "Ben", "Cat"])
    for points in ({"Ann": 12, "Ben": 5, "Cat": 0}, {"Ann": 1, "Ben": 2, "Cat": 3}):
        assert sheet.record_points(match_id, points).status_code == 302
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    return sheet, match_id, view_token


def totals(client, view_token: str) -> dict[str, int]:
    """The totals the spectator's polled sheet shows, by player (read twice: the second is the kept one)."""
    pages = [client.get(f"/v/{view_token}/sheet", headers=HX) for _ in range(2)]
    assert [p.status_code for p in pages] == [200, 200]
    first, second = (p.get_data(as_text=True) for p in pages)
    assert first == second
    found = re.findall(r'<span class="name">([^<]+)</span>.*?<span class="total">([−-]?\d+)</span>', first, re.S)
    return {name: int(total.replace("−", "-")) for name, total in found}


def entry_at(app, match_id: int, position: int) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(Entry.id).where(Entry.match_id == match_id, Entry.position == position))


def test_a_kept_sheet_is_served_until_the_match_changes(game, client):
    sheet, match_id, view_token = game
    assert totals(client, view_token) == {"Ann": 13, "Ben": 7, "Cat": 3}
    assert len(spectate._sheets) == 1
    assert sheet.record_points(match_id, {"Ann": 10, "Ben": 0, "Cat": 0}).status_code == 302
    assert totals(client, view_token) == {"Ann": 23, "Ben": 7, "Cat": 3}
    assert len(spectate._sheets) == 1  # the match's latest version only


def test_a_304_poll_turns_into_a_200_after_a_save(game, client):
    sheet, match_id, view_token = game
    first = client.get(f"/v/{view_token}/sheet", headers=HX)
    etag = first.headers["ETag"]
    assert client.get(f"/v/{view_token}/sheet", headers={**HX, "If-None-Match": etag}).status_code == 304
    assert sheet.record_points(match_id, {"Ann": 0, "Ben": 9, "Cat": 0}).status_code == 302
    after = client.get(f"/v/{view_token}/sheet", headers={**HX, "If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    assert '<span class="total">16</span>' in after.get_data(as_text=True)  # Ben: 5 + 2 + 9
    again = client.get(f"/v/{view_token}/sheet", headers={**HX, "If-None-Match": after.headers["ETag"]})
    assert again.status_code == 304


def test_an_edit_of_an_earlier_hand_shows_fresh_totals(game, client, app):
    sheet, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    ids = sheet.player_ids()
    response = sheet.post(f"/t/{sheet.token}/m/{match_id}/hands/{entry_at(app, match_id, 1)}/edit",
                          {"version": str(sheet.version(match_id)), f"points_{ids['Ann']}": "40",
                           f"points_{ids['Ben']}": "5", f"points_{ids['Cat']}": "0"})
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    assert totals(client, view_token) == {"Ann": 41, "Ben": 7, "Cat": 3}


def test_an_undo_and_a_redo_show_fresh_totals(game, client):
    sheet, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    response = sheet.post(f"/t/{sheet.token}/m/{match_id}/undo", {"version": str(sheet.version(match_id))})
    assert response.status_code in (200, 302)
    assert totals(client, view_token) == {"Ann": 12, "Ben": 5, "Cat": 0}
    response = sheet.post(f"/t/{sheet.token}/m/{match_id}/redo", {"version": str(sheet.version(match_id))})
    assert response.status_code in (200, 302)
    assert totals(client, view_token) == {"Ann": 13, "Ben": 7, "Cat": 3}


def test_a_delete_and_a_restore_show_fresh_totals(game, client, app):
    sheet, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    url = f"/t/{sheet.token}/m/{match_id}/hands/{entry_at(app, match_id, 1)}"
    assert sheet.post(f"{url}/delete", {"version": str(sheet.version(match_id))}).status_code == 302
    assert totals(client, view_token) == {"Ann": 1, "Ben": 2, "Cat": 3}
    assert sheet.post(f"{url}/restore", {"version": str(sheet.version(match_id))}).status_code == 302
    assert totals(client, view_token) == {"Ann": 13, "Ben": 7, "Cat": 3}


def test_a_change_made_by_another_worker_is_seen(game, client, app):
    """Another worker's save reaches this one only through the database: the kept sheet is keyed by the
    version read there, so the sheet is drawn again."""
    sheet, match_id, view_token = game
    assert totals(client, view_token)["Cat"] == 3
    with app.app_context():
        entry = db.session.scalar(sa.select(Entry).where(Entry.match_id == match_id, Entry.position == 2))
        entry.payload = {**entry.payload, "held": {k: ({"points": 30} if i == 2 else v)
                                                   for i, (k, v) in enumerate(entry.payload["held"].items())}}
        db.session.execute(sa.update(Match).where(Match.id == match_id).values(version=Match.version + 1))
        db.session.commit()
    from scorekeeper import service
    service.matches._replays.cache_clear()  # that worker's replay is not this one's
    assert totals(client, view_token)["Cat"] == 30


def test_a_rename_and_a_currency_show_on_the_kept_sheet(game, client):
    """Neither moves the match's version; both are in the kept sheet's key."""
    sheet, match_id, view_token = game
    assert "Ann" in totals(client, view_token)
    ids = sheet.player_ids()
    assert sheet.post(f"/t/{sheet.token}/players/{ids['Ann']}/rename", {"name": "Annie"}).status_code == 302
    assert totals(client, view_token) == {"Annie": 13, "Ben": 7, "Cat": 3}
    key_before = spectate._sheets._sheets[(view_token, "en")][0]
    sheet.post(f"/t/{sheet.token}/currency", {"currency": "other", "other": "kr"})
    totals(client, view_token)
    assert spectate._sheets._sheets[(view_token, "en")][0] != key_before


def test_an_imported_match_shows_its_own_totals(game, client, app):
    sheet, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    exported = client.get(f"/t/{sheet.token}/m/{match_id}/export.json").get_json()
    exported["entries"][0]["held"]["Ann"] = {"points": 50}
    response = sheet.post(f"/t/{sheet.token}/import",
                          {"document": (io.BytesIO(json.dumps(exported).encode()), "m.json"), "again": "y"},
                          content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    with app.app_context():
        imported = db.session.scalars(sa.select(Match).where(Match.id != match_id)).one()
        imported_view = imported.view_token
    assert totals(client, imported_view) == {"Ann": 51, "Ben": 7, "Cat": 3}
    assert totals(client, view_token)["Ann"] == 13


def test_each_language_has_its_own_kept_sheet(game, client):
    _, _, view_token = game
    english = client.get(f"/v/{view_token}/sheet", headers=HX).get_data(as_text=True)
    italian = client.get(f"/v/{view_token}/sheet", headers={**HX, "Accept-Language": "it"}).get_data(as_text=True)
    assert "Hand by hand" in english and "Hand by hand" not in italian
    assert len(spectate._sheets) == 2


def test_the_sheet_memo_is_bounded():
    memo = spectate.SheetMemo(8_000)

    def key(n: int, version: int) -> tuple:
        return (("view", version), None, 1, "")

    for n in range(100):
        memo.put((f"v{n}", "en"), key(n, 1), "x" * 900)
        assert memo.held <= 8_000
    assert len(memo) <= 8
    assert memo.get(("v99", "en"), key(99, 1)) == "x" * 900
    assert memo.get(("v0", "en"), key(0, 1)) is None  # the least recently used went first
    memo.put(("big", "en"), key(0, 1), "x" * 2_000)  # more than an eighth of the budget: not kept
    assert memo.get(("big", "en"), key(0, 1)) is None
    # an older version drawn late never replaces a newer one
    memo.put(("v99", "en"), key(99, 2), "new")
    memo.put(("v99", "en"), key(99, 1), "old")
    assert memo.get(("v99", "en"), key(99, 2)) == "new"
    assert memo.get(("v99", "en"), key(99, 1)) is None


def test_no_request_runs_an_async_teardown(app, client):
    """Flask runs an ``async`` teardown through asgiref, a thread and an event loop per request."""
    assert not [f for f in app.teardown_appcontext_funcs if inspect.iscoroutinefunction(f)]
    assert client.get("/health").status_code == 200
