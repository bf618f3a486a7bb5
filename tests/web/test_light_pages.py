"""Light pages: responses compressed (brotli or gzip, as the browser asks), static files named by a
hash of their content and cached for a year, an old or missing hash revalidated, and the spectator's
304 kept under compression."""

from __future__ import annotations

import gzip
import re

import brotli
import sqlalchemy as sa
import pytest

from scorekeeper import ROOT
from scorekeeper.web.assets import minified

STATIC_RE = re.compile(r'(?:href|src)="(/static/[^"?]+)\?v=([0-9a-f]{12})"')


@pytest.mark.parametrize("encoding, decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_pages_are_compressed_as_the_browser_asks(client, encoding, decode):
    plain = client.get("/melds", headers={"Accept-Encoding": "identity"})
    packed = client.get("/melds", headers={"Accept-Encoding": f"{encoding}, deflate"})
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in packed.headers["Vary"] and "HX-Request" in packed.headers["Vary"]
    assert len(packed.data) < len(plain.data) / 4
    # the page is drawn afresh (its CSRF token signed anew, its time), so compare it without them
    strip = re.compile(rb'[\w.-]{40,}|data-rendered-at="[^"]+"')
    assert strip.sub(b"", decode(packed.data)) == strip.sub(b"", plain.data)


def test_static_urls_carry_a_content_hash_and_are_immutable(client):
    page = client.get("/").get_data(as_text=True)
    found = dict(STATIC_RE.findall(page))
    assert {"/static/css/app.css", "/static/js/app.js", "/static/manifest.webmanifest"} <= set(found)
    for url, digest in found.items():
        response = client.get(f"{url}?v={digest}", headers={"Accept-Encoding": "br, gzip"})
        assert response.status_code == 200
        cache = response.headers["Cache-Control"]
        assert "max-age=31536000" in cache and "immutable" in cache and "public" in cache
        on_disk = (ROOT / url.removeprefix("/")).read_bytes()
        body = brotli.decompress(response.data) if response.headers.get("Content-Encoding") == "br" else response.data
        assert body == minified(on_disk, response.mimetype)
        if url.endswith((".css", ".js")):
            # style sheets and scripts are sent without their comments (browser tests run them as sent)
            assert len(body) < len(on_disk) * 0.9 and b"/*" not in body


@pytest.mark.parametrize("query", ["", "?v=000000000000"])
def test_a_static_file_without_its_current_hash_is_revalidated(client, query):
    response = client.get(f"/static/css/app.css{query}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
    again = client.get(f"/static/css/app.css{query}", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_a_changed_file_gets_a_new_url(app, client, tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "x.css").write_text("a { color: red }")
    app.extensions["scorekeeper.static"].folder = str(folder)
    with app.test_request_context():
        from flask import url_for
        first = url_for("static", filename="x.css")
        (folder / "x.css").write_text("a { color: blue; }")
        second = url_for("static", filename="x.css")
    assert first != second and first.startswith("/static/x.css?v=")
    assert client.get(second).data == b"a{color:blue}"
    # the hash is of what is sent: a change to a comment alone changes nothing a phone gets
    (folder / "x.css").write_text("/* blue, as the card backs */ a { color: blue; }")
    with app.test_request_context():
        assert url_for("static", filename="x.css") == second


def test_missing_or_escaping_static_paths_are_404(client):
    assert client.get("/static/nothing.css").status_code == 404
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_htmx_is_compressed_and_immutable(client):
    page = client.get("/").get_data(as_text=True)
    url = re.search(r'src="(/vendor/htmx-[^"]+)"', page).group(1)
    response = client.get(url, headers={"Accept-Encoding": "br"})
    assert response.headers["Content-Encoding"] == "br"
    assert "immutable" in response.headers["Cache-Control"]
    assert b"htmx" in brotli.decompress(response.data)


def test_spectator_poll_answers_304_when_compressed(scorer, client, app):
    from scorekeeper.web.extensions import db
    from scorekeeper.service.models import Match
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    with app.app_context():
        view = db.session.get(Match, match_id).view_token
    first = client.get(f"/v/{view}/sheet", headers={"Accept-Encoding": "br"})
    assert first.status_code == 200
    again = client.get(f"/v/{view}/sheet", headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def _six_player_rumino(app, scorer) -> int:
    """A 6-player Rumino match with two hands entered by cards (gin each time)."""
    from scorekeeper.web.extensions import db
    from scorekeeper.service.importing import import_match
    from scorekeeper.service.models import Table
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
    shown = ["3C 4C 5C 6C 8S 8D 8C", "3H 4H 5H 2S 9S 9D 9C", "6H 7H 8H AS JS JD JC", "3D 4D 5D 2C QS QD QC",
             "6D 7D 8D AC KS KD KC", "9H 10H JH 2D 5S 5D 5C"]
    hand = {n: {"cards": cards} for n, cards in zip(names, shown)}
    document = {"format": "scorekeeper.match/1", "variant": "rumino", "players": names, "rules": {},
                "entries": [{"kind": "hand", "end": "gin", "by": "Ann", "held": hand}] * 2}
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        return import_match(table, document).id


def _long_rumino(app, scorer) -> int:
    """The 200-hand, 6-player Rumino match entered by cards that benchmarks/page_weight.py weighs."""
    import sys
    from scorekeeper.web.extensions import db
    from scorekeeper.service.importing import import_match
    from scorekeeper.service.models import Table
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from card_matches import knock_match
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        return import_match(table, knock_match(200)).id


#: the most a page and all it asks for on a first load may weigh, compressed (30 KB)
FIRST_LOAD_BUDGET = 30 * 1024


@pytest.mark.parametrize("language", ["en", "it"])
def test_first_load_of_every_page_is_at_most_30_kb_compressed(app, client, scorer, language):
    """The page and all it asks for on a first load (scorekeeper.web.assets.first_load), as a phone gets
    them, brotli-compressed: style sheets, htmx, app.js and the page's own scripts, manifest and icon,
    and where a card picker is drawn at once its script, styles and words. The service worker (registered
    once the page has loaded) and what app.js loads only when needed (the offline queue, a folded picker)
    are not part of it. In each language the app speaks (Italian words run longer). The heaviest, the
    Italian meld checker (a picker drawn at once) and history of a match of 200 hands, weigh about 29.7 KB."""
    from scorekeeper.web.assets import MIN_COMPRESS, first_load
    scorer.create_table()
    match_id = _six_player_rumino(app, scorer)
    long_id = _long_rumino(app, scorer)
    t = scorer.token
    pages = ["/", f"/t/{t}", f"/t/{t}/m/{match_id}", f"/t/{t}/m/{match_id}/hands/new", "/melds",
             f"/t/{t}/m/{match_id}/history", f"/t/{t}/history", f"/t/{t}/m/{long_id}/history",
             f"/t/{t}/m/{long_id}"]
    for url in pages:
        page = client.get(url, headers={"Accept-Encoding": "br", "Accept-Language": language})
        assert page.status_code == 200 and page.headers["Content-Encoding"] == "br", url
        asked = first_load(client.get(url, headers={"Accept-Language": language}).get_data(as_text=True))
        assert any("/vendor/htmx" in a for a in asked) and any(a.endswith(".css") or ".css?" in a for a in asked)
        if url == "/melds":  # its picker is drawn at once: its script, and its words in a page not in English
            assert any("/js/picker.js" in a for a in asked)
            assert any("/words/it/picker.js" in a for a in asked) == (language == "it")
        sizes = []
        for a in asked:
            got = client.get(a, headers={"Accept-Encoding": "br"})
            assert got.status_code == 200, a
            # each as a phone gets it: compressed, but for an image or a file too small to gain from it
            assert got.headers.get("Content-Encoding") == "br" or len(got.data) < MIN_COMPRESS \
                or got.mimetype.startswith("image/") and not got.mimetype.endswith("svg+xml"), a
            sizes.append(len(got.data))
        total = len(page.data) + sum(sizes)
        assert total <= FIRST_LOAD_BUDGET, (url, total, dict(zip(asked, sizes)))


def test_the_hand_form_carries_no_card_grid(app, client, scorer):
    scorer.create_table()
    match_id = _six_player_rumino(app, scorer)
    page = client.get(f"/t/{scorer.token}/m/{match_id}/hands/new").get_data(as_text=True)
    assert page.count("data-picker-draw") == 6
    assert "picker-grid" not in page and "__pick" not in page
