"""The spectator link: read-only standings and grid under the match's own view token, a 404 for a
wrong token, every POST with a view token refused, and ETag / 304 when nothing changed."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match


@pytest.fixture
def game(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("free", ["Ann", "Ben", "Cat"])
    assert scorer.record_points(match_id, {"Ann": 12, "Ben": 5, "Cat": 0}).status_code == 302
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    return scorer, match_id, view_token


def test_spectator_page_shows_standings_and_grid_read_only(game, client):
    scorer, match_id, view_token = game
    response = client.get(f"/v/{view_token}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Free scoring" in page and "Hand by hand" in page and "live" in page
    assert '<span class="total">12</span>' in page
    assert 'data-hx-get="/v/' in page and 'data-hx-trigger="every 0.8s, live-changed"' in page
    # the test client is a server of one thread: no stream is offered, the page polls; a threaded one offers it
    assert "data-live-stream" not in page
    threaded = client.get(f"/v/{view_token}", environ_overrides={"wsgi.multithread": True}).get_data(as_text=True)
    assert f'data-live-stream="/v/{view_token}/stream"' in threaded
    # nothing to change, and no way to the table's own (writable) link
    assert "<form" not in page and 'method="post"' not in page
    assert scorer.token not in page


@pytest.mark.parametrize("url", ["/v/{wrong}", "/v/{wrong}/sheet", "/v/{table}", "/v/{table}/sheet"])
def test_wrong_view_token_is_404(game, client, url):
    scorer, _, _ = game
    assert client.get(url.format(wrong="x" * 32, table=scorer.token)).status_code == 404


def test_a_view_token_is_not_a_table_token(game, client):
    _, match_id, view_token = game
    assert client.get(f"/t/{view_token}").status_code == 404
    assert client.get(f"/t/{view_token}/m/{match_id}").status_code == 404
    assert client.get(f"/t/{view_token}/history").status_code == 404


def _post_urls(app, view_token: str, match_id: int, entry_id: int, player_id: int):
    """Every POST route of the app, with the view token in place of any token."""
    values = {"token": view_token, "view_token": view_token, "match_id": match_id, "entry_id": entry_id,
              "player_id": player_id, "preset_id": 1}
    urls = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods:
            continue
        if not ({"token", "view_token"} & set(rule.arguments)):
            continue
        with app.test_request_context():
            urls.append(app.url_for(rule.endpoint, **{a: values[a] for a in rule.arguments}))
    return urls


def test_every_post_with_a_view_token_is_refused(game, client, app):
    scorer, match_id, view_token = game
    with app.app_context():
        entry_id = db.session.scalars(sa.select(Entry.id).where(Entry.match_id == match_id)).first()
        before = db.session.get(Match, match_id).version
    ids = scorer.player_ids()
    urls = _post_urls(app, view_token, match_id, entry_id, ids["Ann"])
    assert len(urls) >= 8  # players, matches, hands, import...
    urls += [f"/v/{view_token}", f"/v/{view_token}/sheet"]
    for url in urls:
        data = {"version": str(before), "name": "Zed", "key": "k1", f"points_{ids['Ann']}": "1",
                f"points_{ids['Ben']}": "1", f"points_{ids['Cat']}": "1"}
        response = scorer.post(url, data)
        assert response.status_code in (404, 405), (url, response.status_code)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.version == before and match.status == "active"
        assert len([e for e in match.entries if e.deleted_at is None]) == 1
        assert "Zed" not in [p.name for p in match.table.players]


def test_sheet_has_an_etag_and_answers_304_when_nothing_changed(game, client, scorer):
    _, match_id, view_token = game
    first = client.get(f"/v/{view_token}/sheet")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert "no-cache" in first.headers["Cache-Control"]
    body = first.get_data(as_text=True)
    assert 'id="live-sheet"' in body and "<html" not in body
    again = client.get(f"/v/{view_token}/sheet", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == etag
    # a new hand changes the version: the poll gets the new sheet
    assert scorer.record_points(match_id, {"Ann": 1, "Ben": 30, "Cat": 2}).status_code == 302
    changed = client.get(f"/v/{view_token}/sheet", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert '<span class="total">35</span>' in changed.get_data(as_text=True)


@pytest.mark.parametrize("url, status", [("/v/{view}", 200), ("/v/{view}/sheet", 200), ("/v/{view}/sheet", 304),
                                         ("/v/{view}/stream", 204), ("/v/{view}/summary", 200),
                                         ("/v/{view}/summary.png", 200), ("/v/{wrong}/sheet", 404)])
def test_every_answer_of_the_view_link_sends_no_referer_to_other_sites(game, client, url, status):
    """Each answer reached through a view token says Referrer-Policy: same-origin (the page, the sheet and
    its 304, the stream's 204, the result and its picture, a wrong token's 404), where the table's own
    pages keep the app's policy."""
    scorer, match_id, view_token = game
    headers = {}
    if status == 304:
        headers["If-None-Match"] = client.get(f"/v/{view_token}/sheet").headers["ETag"]
    response = client.get(url.format(view=view_token, wrong="x" * 32), headers=headers)
    assert response.status_code == status
    assert response.headers["Referrer-Policy"] == "same-origin"
    table_page = client.get(f"/t/{scorer.token}/m/{match_id}")
    assert table_page.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"


def test_unchanged_poll_runs_one_small_query_and_no_replay(game, client, app, monkeypatch):
    _, match_id, view_token = game
    etag = client.get(f"/v/{view_token}/sheet").headers["ETag"]
    from scorekeeper import service

    def no_replay(*args, **kwargs):
        raise AssertionError("an unchanged poll must not replay the match")

    monkeypatch.setattr(service, "standings", no_replay)
    statements = []
    with app.app_context():
        engine = db.engine
    listener = lambda conn, cursor, statement, *rest: statements.append(statement)  # noqa: E731
    sa.event.listen(engine, "before_cursor_execute", listener)
    try:
        assert client.get(f"/v/{view_token}/sheet", headers={"If-None-Match": etag}).status_code == 304
    finally:
        sa.event.remove(engine, "before_cursor_execute", listener)
    queries = [s for s in statements if not s.startswith("PRAGMA")]
    assert len(queries) == 1 and re.search(r"SELECT \"?match\"?\.id, \"?match\"?\.version", queries[0])


def test_abandoning_the_match_changes_the_sheet(game, client, scorer):
    _, match_id, view_token = game
    etag = client.get(f"/v/{view_token}/sheet").headers["ETag"]
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/abandon", {"version": scorer.version(match_id)}).status_code == 302
    response = client.get(f"/v/{view_token}/sheet", headers={"If-None-Match": etag})
    assert response.status_code == 200 and "Ended early" in response.get_data(as_text=True)


def test_a_finished_match_s_spectator_page_leads_to_its_result_to_share(scorer, client, app):
    """A follower of a finished match reaches the result card and its picture from the view link (the
    summary is of the view link only), and a match still going has no such link."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"], rules={"target": 20})
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    going = client.get(f"/v/{view_token}").get_data(as_text=True)
    assert f'href="/v/{view_token}/summary"' not in going
    assert scorer.record_points(match_id, {"Ann": 25, "Ben": 3}).status_code == 302
    page = client.get(f"/v/{view_token}").get_data(as_text=True)
    assert re.search(rf'<a class="button" href="/v/{view_token}/summary">Share the result</a>', page)
    assert scorer.token not in page
    assert client.get(f"/v/{view_token}/summary").status_code == 200
