"""Capability pages are kept out of caches (issue 20, finding 11): every page reached through a table's
secret link (table, scoreboard, hand pages, history, stats, charts, exports, import, new match) and
through a spectator's link is sent ``Cache-Control: private, no-store``, found by walking
``app.url_map`` so that a route added later is held to it too. The spectator's polled sheet keeps its
own rule (stored privately, revalidated with its ETag every time)."""

from __future__ import annotations

import pytest

from scorekeeper.web.guards import CAPABILITY_CACHE_CONTROL

from .test_crawl import Crawl


@pytest.fixture
def crawl(app, client, scorer):
    return Crawl(app, client, scorer)


def _cache_control(crawl, method: str, url: str, form=None, ctype=None) -> tuple[int, str]:
    kwargs = {"data": form} if form is not None else {}
    if ctype:
        kwargs["content_type"] = ctype
    response = crawl.client.open(url, method=method, **kwargs)
    response.close()
    return response.status_code, response.headers.get("Cache-Control", "")


def test_every_page_behind_a_table_link_is_private_and_never_stored(crawl):
    checked = []
    for rule in crawl.rules():
        if "token" not in rule.arguments or "GET" not in rule.methods:
            continue
        url = crawl.url(rule, crawl.values(crawl.a, rule))
        status, cache = _cache_control(crawl, "GET", url)
        assert status == 200, (url, status)
        assert cache == CAPABILITY_CACHE_CONTROL, f"GET {url}: Cache-Control {cache!r}"
        checked.append(rule.endpoint)
    assert {"tables.show", "matches.show", "history.index", "history.stats", "history.export_match_json",
            "history.export_match_csv", "history.export_table", "history.import_page", "history.match_page",
            "hands.show", "matches.new"} <= set(checked), checked


def test_answers_to_posts_and_refusals_behind_a_table_link_are_not_stored_either(crawl):
    token = crawl.a["token"]
    # a refusal drawn as a page (a blank name), a redirect after a save, and the 404 of a wrong id
    status, cache = _cache_control(crawl, "POST", f"/t/{token}/players", {"name": "", "csrf_token": crawl.csrf})
    assert (status, cache) == (422, CAPABILITY_CACHE_CONTROL)
    status, cache = _cache_control(crawl, "POST", f"/t/{token}/players", {"name": "Newcomer", "csrf_token": crawl.csrf})
    assert (status, cache) == (302, CAPABILITY_CACHE_CONTROL)
    status, cache = _cache_control(crawl, "GET", f"/t/{token}/m/999999")
    assert (status, cache) == (404, CAPABILITY_CACHE_CONTROL)


def test_spectator_pages_are_not_stored_and_the_polled_sheet_is_private(crawl):
    view = crawl.a["view_token"]
    for path in ("", "/summary"):
        status, cache = _cache_control(crawl, "GET", f"/v/{view}{path}")
        assert status == 200
        assert "no-store" in cache, (path, cache)
    status, cache = _cache_control(crawl, "GET", f"/v/{view}/sheet")
    assert status == 200 and "private" in cache and "no-cache" in cache, cache


def test_the_home_page_lists_table_links_so_it_is_not_stored(crawl):
    # this browser opened both tables: the home page shows their links
    response = crawl.client.get("/")
    assert crawl.a["token"] in response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == CAPABILITY_CACHE_CONTROL


def test_pages_without_a_secret_keep_their_own_caching(client):
    # the meld checker and the health check are no capability: nothing is added to them
    for url in ("/melds", "/health"):
        response = client.get(url)
        assert response.status_code == 200
        assert "no-store" not in response.headers.get("Cache-Control", ""), url
