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
