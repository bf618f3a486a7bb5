"""The page's language: English by default, the browser's Accept-Language first, then the switch link
on every page (no JavaScript), remembered in the session; the redirect after switching stays on the site."""

from __future__ import annotations

import pytest


def test_english_without_accept_language(client):
    page = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in page
    assert 'href="/lang/it?next=/"' in page and ">Italiano</a>" in page


def test_accept_language_chooses_italian(client):
    page = client.get("/", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"}).get_data(as_text=True)
    assert '<html lang="it">' in page
    assert ">English</a>" in page


def test_switch_is_remembered_over_accept_language(client):
    response = client.get("/lang/it?next=/", headers={"Accept-Language": "en"})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert '<html lang="it">' in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    client.get("/lang/en?next=/")
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "/\\evil.example", "evil", ""])
def test_switch_never_leaves_the_site(client, target):
    response = client.get("/lang/it", query_string={"next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_unknown_language_is_not_found(client):
    assert client.get("/lang/xx?next=/").status_code == 404


def test_a_page_fetched_beside_the_switch_does_not_undo_it(scorer, client, app):
    """The copy of a match page kept for offline use is fetched in the background, maybe just as the
    language is switched. Its answer must not bring back the session it was asked with: a page of a
    table already first in the browser's list sends no cookie."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    page = f"/t/{scorer.token}/m/{match_id}"
    assert client.get(page).status_code == 200  # the table is first in the list now
    old = client.get_cookie(app.config.get("SESSION_COOKIE_NAME", "session")).value
    switched = client.get(f"/lang/it?next={page}")
    assert "Set-Cookie" in switched.headers
    # the background fetch, made with the cookie from before the switch, answered after it
    client.set_cookie(app.config.get("SESSION_COOKIE_NAME", "session"), old)
    background = client.get(page)
    assert background.status_code == 200 and "Set-Cookie" not in background.headers
