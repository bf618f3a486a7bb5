"""What keeps the live sheet and a save cheap never shows a stale sheet: the spectator sheet kept drawn in
a worker (``spectate.routes.SheetMemo``) is drawn again after a save, an edit of an earlier hand, an undo,
a delete, a rename or a change of currency; an imported match shows its own totals; a 304 poll turns
into a 200 after a save; the memo stays within its bound; and no request runs an async teardown."""

from __future__ import annotations

import inspect
import io
import json
import re
import threading
import time

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match
from scorekeeper.web.spectate import routes as spectate

HX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _fresh_memo():
    spectate._sheets.cache_clear()
    yield
    spectate._sheets.cache_clear()


@pytest.fixture
def game(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("free", ["Ann", "Ben", "Cat"])
    for points in ({"Ann": 12, "Ben": 5, "Cat": 0}, {"Ann": 1, "Ben": 2, "Cat": 3}):
        assert scorer.record_points(match_id, points).status_code == 302
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    return scorer, match_id, view_token


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
    scorer, match_id, view_token = game
    assert totals(client, view_token) == {"Ann": 13, "Ben": 7, "Cat": 3}
    assert len(spectate._sheets) == 1
    assert scorer.record_points(match_id, {"Ann": 10, "Ben": 0, "Cat": 0}).status_code == 302
    assert totals(client, view_token) == {"Ann": 23, "Ben": 7, "Cat": 3}
    assert len(spectate._sheets) == 1  # the match's latest version only


def test_a_304_poll_turns_into_a_200_after_a_save(game, client):
    scorer, match_id, view_token = game
    first = client.get(f"/v/{view_token}/sheet", headers=HX)
    etag = first.headers["ETag"]
    assert client.get(f"/v/{view_token}/sheet", headers={**HX, "If-None-Match": etag}).status_code == 304
    assert scorer.record_points(match_id, {"Ann": 0, "Ben": 9, "Cat": 0}).status_code == 302
    after = client.get(f"/v/{view_token}/sheet", headers={**HX, "If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    assert '<span class="total">16</span>' in after.get_data(as_text=True)  # Ben: 5 + 2 + 9
    again = client.get(f"/v/{view_token}/sheet", headers={**HX, "If-None-Match": after.headers["ETag"]})
    assert again.status_code == 304


def test_a_followers_polls_send_no_cookie_once_the_session_is_made(game, app):
    """A follower's session is made (and its cookie sent) once; the polls after it sign and send
    nothing, while a change to the session (a language chosen) is still sent."""
    scorer, match_id, view_token = game
    follower = app.test_client()
    first = follower.get(f"/v/{view_token}/sheet", headers=HX)
    assert "Set-Cookie" in first.headers
    etag = first.headers["ETag"]
    for _ in range(3):
        poll = follower.get(f"/v/{view_token}/sheet", headers={**HX, "If-None-Match": etag})
        assert poll.status_code == 304 and "Set-Cookie" not in poll.headers
    assert "Set-Cookie" in follower.get(f"/lang/it?next=/v/{view_token}").headers
    assert "Mano per mano" in follower.get(f"/v/{view_token}/sheet", headers=HX).get_data(as_text=True)


def test_an_edit_of_an_earlier_hand_shows_fresh_totals(game, client, app):
    scorer, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{entry_at(app, match_id, 1)}/edit",
                          {"version": str(scorer.version(match_id)), f"points_{ids['Ann']}": "40",
                           f"points_{ids['Ben']}": "5", f"points_{ids['Cat']}": "0"})
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    assert totals(client, view_token) == {"Ann": 41, "Ben": 7, "Cat": 3}


def test_an_undo_and_a_redo_show_fresh_totals(game, client):
    scorer, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(scorer.version(match_id))})
    assert response.status_code in (200, 302)
    assert totals(client, view_token) == {"Ann": 12, "Ben": 5, "Cat": 0}
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/redo", {"version": str(scorer.version(match_id))})
    assert response.status_code in (200, 302)
    assert totals(client, view_token) == {"Ann": 13, "Ben": 7, "Cat": 3}


def test_a_delete_and_a_restore_show_fresh_totals(game, client, app):
    scorer, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    url = f"/t/{scorer.token}/m/{match_id}/hands/{entry_at(app, match_id, 1)}"
    assert scorer.post(f"{url}/delete", {"version": str(scorer.version(match_id))}).status_code == 302
    assert totals(client, view_token) == {"Ann": 1, "Ben": 2, "Cat": 3}
    assert scorer.post(f"{url}/restore", {"version": str(scorer.version(match_id))}).status_code == 302
    assert totals(client, view_token) == {"Ann": 13, "Ben": 7, "Cat": 3}


def test_a_change_made_by_another_worker_is_seen(game, client, app):
    """Another worker's save reaches this one only through the database: the kept sheet is keyed by the
    version read there, so the sheet is drawn again."""
    scorer, match_id, view_token = game
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
    scorer, match_id, view_token = game
    assert "Ann" in totals(client, view_token)
    ids = scorer.player_ids()
    assert scorer.post(f"/t/{scorer.token}/players/{ids['Ann']}/rename", {"name": "Annie"}).status_code == 302
    assert totals(client, view_token) == {"Annie": 13, "Ben": 7, "Cat": 3}
    key_before = spectate._sheets._entries[(view_token, "en")][0]
    scorer.post(f"/t/{scorer.token}/currency", {"currency": "other", "other": "kr"})
    totals(client, view_token)
    assert spectate._sheets._entries[(view_token, "en")][0] != key_before


def test_an_imported_match_shows_its_own_totals(game, client, app):
    scorer, match_id, view_token = game
    assert totals(client, view_token)["Ann"] == 13
    exported = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
    exported["entries"][0]["held"]["Ann"] = {"points": 50}
    response = scorer.post(f"/t/{scorer.token}/import",
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


def test_followers_told_at_once_draw_the_sheet_once():
    """The followers of a match hear of a hand at the same moment (the stream) and ask for the sheet
    together: one thread draws it, the others wait for it."""
    memo = spectate.SheetMemo(80_000)
    drawn, start = [], threading.Barrier(8)

    def draw():
        drawn.append(1)
        time.sleep(0.05)  # a drawing takes a while: the others arrive meanwhile
        return "sheet"

    def follower(got: list):
        start.wait()
        got.append(memo.find_or_make(("view", "en"), (("view", 3), None, 1, ""), draw))

    got: list = []
    threads = [threading.Thread(target=follower, args=(got,)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert got == ["sheet"] * 8 and len(drawn) == 1


def test_no_request_runs_an_async_teardown(app, client):
    """Flask runs an ``async`` teardown through asgiref, a thread and an event loop per request."""
    assert not [f for f in app.teardown_appcontext_funcs if inspect.iscoroutinefunction(f)]
    assert client.get("/health").status_code == 200


# -- a saved hand changes the page's grid in place (htmx), never into something a fresh page would not show --

ROW = re.compile(r'<tr class="([^"]*)" id="entry-(\d+)"( data-hx-swap-oob="true")?>(.*?)</tr>', re.S)


def written(scorer, app, count: int, *, deleted: tuple[int, ...] = ()):
    """A free-scoring match of ``count`` hands written straight into the database (entries at
    ``deleted`` positions marked deleted)."""
    import datetime as dt

    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("free", ["Ann", "Ben", "Cat"])
    ids = scorer.player_ids()
    rows = [{"match_id": match_id, "position": i, "kind": "hand", "history": [], "created_at": dt.datetime(2026, 1, 1),
             "deleted_at": dt.datetime(2026, 1, 2) if i in deleted else None,
             "payload": {"kind": "hand", "end": "scores",
                         "held": {str(ids[n]): {"points": (i + k) % 7} for k, n in enumerate(ids)}}}
            for i in range(1, count + 1)]
    with app.app_context():
        if rows:
            db.session.execute(sa.insert(Entry), rows)
        db.session.execute(sa.update(Match).where(Match.id == match_id).values(version=count + 1))
        db.session.commit()
    return match_id


GRID_HEAD = '<thead><tr><th scope="col">#</th>'
CSRF = re.compile(r'name="csrf_token" type="hidden" value="[^"]*"')


def grid_rows_of(page: str) -> list[tuple[str, str, str]]:
    """(id, class, cells) of each row of the scoreboard's grid, in order (a CSRF token, signed with the
    second it was made in, left out)."""
    page = CSRF.sub("csrf", page)
    sheet_part = page[page.index('id="sheet"'):]
    sheet_part = sheet_part[:sheet_part.index("</tbody>")]
    return [(m.group(2), m.group(1), m.group(4).strip()) for m in ROW.finditer(sheet_part)]


def save_htmx(scorer, match_id: int, *, page: str = "", accept: int | None = None):
    ids = scorer.player_ids()
    data = {f"points_{pid}": "3" for pid in ids.values()}
    version = scorer.version(match_id)
    data.update(version=str(version if accept is None else version - 1), key="k" + str(version))
    if accept is not None:
        data["accept_version"] = str(accept)
    headers = {**HX, "HX-Current-URL": f"http://localhost/t/{scorer.token}/m/{match_id}{page}"}
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data, headers=headers)


def applied(before: list[tuple[str, str, str]], answer: str) -> list[tuple[str, str, str]]:
    """The page's grid after htmx applies the answer's out-of-band swaps (the grid kept in place)."""
    answer = CSRF.sub("csrf", answer)
    # the part above the grid, sent in place of the page's (HX-Retarget): the grid stays in the page
    assert answer.lstrip().startswith('<div id="scoreboard-top"') and 'id="sheet"' not in answer
    assert GRID_HEAD not in answer  # the grid is not sent whole
    gone = set(re.findall(r'<tr id="entry-(\d+)" data-hx-swap-oob="delete"></tr>', answer))
    redrawn = {m.group(2): (m.group(2), m.group(1), m.group(4).strip()) for m in ROW.finditer(answer) if m.group(3)}
    appended = re.findall(r'<tbody data-hx-swap-oob="beforeend:#sheet tbody">(.*?)</tbody>', answer, re.S)
    assert len(appended) == 1
    new = [(m.group(2), m.group(1), m.group(4).strip()) for m in ROW.finditer(appended[0])]
    return [redrawn.get(row[0], row) for row in before if row[0] not in gone] + new


@pytest.mark.parametrize("count, deleted, page", [
    (3, (), ""),             # a short match: the new row added
    (49, (), ""),            # the grid's last free row
    (60, (), ""),            # a long match: the top row goes
    (60, (45, 58), ""),      # deleted rows (their Undo carries the version) are drawn again
    (60, (), "?new=55"),     # the row the page marked loses its mark
])
def test_a_saved_hand_changes_the_grid_in_place_as_a_fresh_page_draws_it(scorer, app, client, count, deleted, page):
    match_id = written(scorer, app, count, deleted=deleted)
    url = f"/t/{scorer.token}/m/{match_id}"
    if page:
        page = page.replace("55", str(entry_at(app, match_id, 55)))
    before = grid_rows_of(client.get(url + page).get_data(as_text=True))
    answer = save_htmx(scorer, match_id, page=page)
    assert answer.status_code == 200 and answer.headers["HX-Retarget"] == "#scoreboard-top"
    text = answer.get_data(as_text=True)
    # the match menu, whose forms carry the version, out of band
    assert '<section class="card menu" id="match-menu" data-hx-swap-oob="true">' in text
    new_id = entry_at(app, match_id, count + 1)
    fresh = grid_rows_of(client.get(f"{url}?new={new_id}").get_data(as_text=True))
    assert applied(before, text) == fresh
    assert [c for _, c, _ in fresh].count("new kind-hand") == 1
    totals = re.search(r'<tfoot data-hx-swap-oob="outerHTML:#sheet tfoot">(.*?)</tfoot>', text, re.S).group(1)
    assert totals in client.get(url).get_data(as_text=True)
    if deleted:
        assert f'name="version" value="{scorer.version(match_id)}"' in text


@pytest.mark.parametrize("count", [0, 50])
def test_the_grid_is_sent_whole_when_its_frame_changes(scorer, app, count):
    """The first hand (no grid yet) and the one that starts the "last 50 entries" line."""
    match_id = written(scorer, app, count)
    answer = save_htmx(scorer, match_id)
    text = answer.get_data(as_text=True)
    assert "data-hx-preserve" not in text and "data-hx-swap-oob" not in text
    assert GRID_HEAD in text and "HX-Retarget" not in answer.headers


def test_the_grid_is_sent_whole_after_add_mine_as_the_next_hand(scorer, app):
    """The page that chose it was drawn before the other phone's hand: its grid lacks that one too."""
    match_id = written(scorer, app, 5)
    text = save_htmx(scorer, match_id, accept=scorer.version(match_id)).get_data(as_text=True)
    assert "data-hx-preserve" not in text and GRID_HEAD in text


def test_without_javascript_a_save_still_shows_the_whole_page(scorer, app, client):
    match_id = written(scorer, app, 5)
    response = scorer.record_points(match_id, {"Ann": 1, "Ben": 2, "Cat": 3})
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "data-hx-preserve" not in page and len(grid_rows_of(page)) == 6


def test_a_bad_page_address_in_the_header_is_ignored(scorer, app):
    match_id = written(scorer, app, 5)
    assert save_htmx(scorer, match_id, page="?new=0x7").status_code == 200


def test_a_sheet_of_games_changes_in_place_as_a_fresh_page_draws_it(scorer, app, client):
    """A game whose rows say which games each hand went into (standings.games): the same in place."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("hollywood_gin", ["Ann", "Ben"])
    assert scorer.record(match_id, by="Ann", end="gin", points={"Ben": 12}).status_code == 302
    url = f"/t/{scorer.token}/m/{match_id}"
    before = grid_rows_of(client.get(url).get_data(as_text=True))
    ids = scorer.player_ids()
    answer = scorer.post(url + "/hands/new", {"by": str(ids["Ben"]), "end": "gin", f"points_{ids['Ann']}": "9",
                                             "version": str(scorer.version(match_id)), "key": "k-games"},
                        headers={**HX, "HX-Current-URL": "http://localhost" + url})
    assert answer.status_code == 200
    new_id = entry_at(app, match_id, 2)
    fresh = grid_rows_of(client.get(f"{url}?new={new_id}").get_data(as_text=True))
    assert applied(before, answer.get_data(as_text=True)) == fresh and len(fresh) == 2
