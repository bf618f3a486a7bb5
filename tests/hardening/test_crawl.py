"""A crawl of ``app.url_map``: every route that exists now, and every one added later, is held to the
access rules. Routes are found, not listed, so a new blueprint is crawled the day it lands; a route
with a URL argument the crawl does not know fails ``test_the_crawl_knows_every_route_argument``.

- a table's URL answers 404 without its token: a made-up token, another table's token, a match's
  view token, or the right token with another table's match, hand or player;
- a view (spectator) token can never write: each POST route with a view token is refused and
  nothing changes, and the spectator's URLs take no POST at all;
- every POST without a valid CSRF token (none, garbage, another browser's, in a header) is refused
  with 400 and saves nothing, while the same request with a valid token gets past CSRF.
"""

from __future__ import annotations

import io
import json
import re
import secrets

import pytest
import sqlalchemy as sa

from scorekeeper.service import models
from scorekeeper.web.extensions import db
from scorekeeper.service import presets

from .conftest import CSRF_RE, MESSAGE_RE, snapshot

#: every argument a route takes; the last four name no table (a static file, a language, a script's words)
KNOWN_ARGS = {"token", "match_id", "entry_id", "player_id", "preset_id", "view_token", "filename", "code", "lang",
              "script"}
SKIP_ENDPOINTS = {"static"}
SECRET_NAME = "Secret table A"


class Crawl:
    def __init__(self, app, client, scorer):
        self.app, self.client, self.scorer = app, client, scorer
        self.a = self._table(SECRET_NAME, ["Ann", "Ben", "Cat"])
        self.b = self._table("Other table B", ["Dan", "Eve"])
        self.csrf = scorer.csrf()

    def _table(self, name: str, players: list[str]) -> dict:
        scorer = self.scorer
        token = scorer.create_table(name)
        scorer.add_players(*players)
        free = scorer.start_match("free", players)
        for i in range(3):
            assert scorer.record_points(free, {p: i + 1 for p in players}).status_code == 302
        gin = scorer.start_match("gin", players[:2])
        ids = scorer.player_ids()
        with self.app.app_context():
            entries = list(db.session.scalars(sa.select(models.Entry.id).where(models.Entry.match_id == free)
                                              .order_by(models.Entry.id)))
            view = db.session.get(models.Match, free).view_token
            table = db.session.scalar(sa.select(models.Table).where(models.Table.token == token))
            preset = presets.save(table, "free", f"{name} rules", {"target": 50}).id
        deleted = entries[0]
        assert scorer.post(f"/t/{token}/m/{free}/hands/{deleted}/delete",
                          {"version": str(scorer.version(free))}).status_code == 302
        spare = f"Spare{secrets.randbelow(10**6)}"
        scorer.add_players(spare)  # a player who never played: removable
        return {"token": token, "match_id": free, "gin": gin, "entry_id": entries[-1], "deleted": deleted,
                "player_id": scorer.player_ids()[spare], "players": ids, "view_token": view, "preset_id": preset}

    # -- building requests --------------------------------------------------------------------------

    def rules(self):
        for rule in self.app.url_map.iter_rules():
            if rule.endpoint in SKIP_ENDPOINTS:
                continue
            yield rule

    def url(self, rule, values: dict) -> str:
        def sub(m):
            return str(values[m.group(1)])
        return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", sub, rule.rule)

    def values(self, side: dict, rule) -> dict:
        """The right values for ``side``'s table; for restore, its deleted hand."""
        values = {k: side[k] for k in ("token", "match_id", "entry_id", "player_id", "preset_id", "view_token")}
        if rule.endpoint.endswith("restore"):
            values["entry_id"] = side["deleted"]
        return values

    def form(self, rule, side: dict, csrf: str | None) -> tuple[dict, str | None]:
        """A request body that would be accepted apart from its CSRF token (every field any form
        needs; forms ignore the ones they do not have)."""
        version = self.scorer.version(side["match_id"])
        form: dict = {"name": f"Zed{secrets.randbelow(10**6)}", "version": str(version), "key": secrets.token_hex(8),
                      "variant": "free", "token": side["token"], "player": str(next(iter(side["players"].values())))}
        for pid in side["players"].values():
            form[f"points_{pid}"] = "4"
        for n, pid in enumerate(list(side["players"].values())[:2], start=1):
            form[f"seat_{pid}"] = str(n)
        content_type = None
        if rule.endpoint.endswith("import_page"):
            names = list(side["players"])[:2]
            document = {"format": "scorekeeper.match/1", "variant": "free", "players": names,
                        "entries": [{"kind": "hand", "end": "scores", "held": {n: {"points": 1} for n in names}}]}
            form["document"] = (io.BytesIO(json.dumps(document).encode()), "match.json")
            content_type = "multipart/form-data"
        if csrf is not None:
            form["csrf_token"] = csrf
        return form, content_type

    def send(self, method: str, url: str, form=None, content_type=None, headers=None, client=None):
        client = client or self.client
        kwargs = {}
        if form is not None:
            kwargs["data"] = form
        if content_type:
            kwargs["content_type"] = content_type
        response = client.open(url, method=method, headers=headers or {}, **kwargs)
        # a picture (the result's PNG) is read as text too, undecodable bytes replaced: the checks look for
        # words in it (a secret link), never at its pixels
        status, body = response.status_code, response.get_data().decode("utf-8", "replace")
        response.close()
        return status, body


@pytest.fixture
def crawl(app, client, scorer):
    return Crawl(app, client, scorer)


def test_the_crawl_knows_every_route_argument(crawl):
    for rule in crawl.rules():
        assert set(rule.arguments) <= KNOWN_ARGS, f"{rule.rule}: teach the crawl about {set(rule.arguments) - KNOWN_ARGS}"
        if "token" in rule.arguments:
            assert rule.rule.startswith("/t/<token>"), rule.rule
        if "view_token" in rule.arguments:
            assert rule.rule.startswith("/v/<view_token>"), rule.rule
    table_rules = [r for r in crawl.rules() if "token" in r.arguments]
    assert len(table_rules) >= 15  # the crawl really sees the app's routes


def _methods(rule) -> list[str]:
    return sorted(m for m in rule.methods if m in ("GET", "POST"))


def _wrong_values(crawl, rule) -> list[tuple[str, dict]]:
    a, b = crawl.a, crawl.b
    right = crawl.values(a, rule)
    cases = [
        ("made-up token", {**right, "token": secrets.token_urlsafe(24)}),
        ("empty-ish token", {**right, "token": "0"}),
        ("the match's view token", {**right, "token": a["view_token"]}),
        ("a token one letter off", {**right, "token": right["token"][:-1] + ("A" if right["token"][-1] != "A" else "B")}),
    ]
    if set(rule.arguments) & {"match_id", "entry_id", "player_id", "preset_id"}:
        # another table's (valid) token with this table's ids
        cases.append(("another table's token", {**right, "token": b["token"]}))
    if "match_id" in rule.arguments:
        cases.append(("another table's match", {**right, "match_id": b["match_id"]}))
        cases.append(("a match that does not exist", {**right, "match_id": 999999}))
    if "entry_id" in rule.arguments:
        cases.append(("another table's hand", {**right, "entry_id": b["entry_id"]}))
        cases.append(("a hand of another match of this table", {**right, "match_id": a["gin"]}))
    if "player_id" in rule.arguments:
        cases.append(("another table's player", {**right, "player_id": b["player_id"]}))
    if "preset_id" in rule.arguments:
        cases.append(("another table's house rules", {**right, "preset_id": b["preset_id"]}))
    return cases


def test_table_urls_answer_404_without_the_right_token(crawl):
    checked = 0
    for rule in crawl.rules():
        if "token" not in rule.arguments:
            continue
        for method in _methods(rule):
            # the right URL works (GET answers 200): the 404s below are about the token, not the URL
            if method == "GET":
                status, _ = crawl.send("GET", crawl.url(rule, crawl.values(crawl.a, rule)))
                assert status == 200, (rule.rule, status)
            for why, values in _wrong_values(crawl, rule):
                url = crawl.url(rule, values)
                before = snapshot(crawl.app)
                form, ctype = crawl.form(rule, crawl.a, crawl.csrf) if method == "POST" else (None, None)
                status, body = crawl.send(method, url, form, ctype)
                assert status == 404, f"{method} {url} ({why}) -> {status}"
                assert SECRET_NAME not in body and crawl.a["token"] not in body, f"{method} {url} leaks the table"
                assert snapshot(crawl.app) == before, f"{method} {url} ({why}) changed data"
                checked += 1
    assert checked > 100


def test_spectator_urls_need_their_token_and_take_no_post(crawl):
    view_rules = [r for r in crawl.rules() if "view_token" in r.arguments]
    if not view_rules:
        pytest.skip("no spectator routes yet")
    for rule in view_rules:
        assert _methods(rule) == ["GET"], f"{rule.rule} accepts {rule.methods}: the spectator link is read-only"
        right = crawl.url(rule, {"view_token": crawl.a["view_token"]})
        # the live sheet's stream: 204 from a server of one thread (this test client), which holds none
        assert crawl.send("GET", right)[0] == (204 if rule.endpoint == "spectate.stream" else 200)
        for wrong in (secrets.token_urlsafe(24), crawl.a["token"], crawl.b["token"], "0"):
            assert crawl.send("GET", crawl.url(rule, {"view_token": wrong}))[0] == 404
        before = snapshot(crawl.app)
        form, _ = crawl.form(rule, crawl.a, crawl.csrf)
        status, _ = crawl.send("POST", right, form)
        assert status == 405, (rule.rule, status)
        assert snapshot(crawl.app) == before
        # nothing the spectator sees links to the table's own (writing) link
        body = crawl.send("GET", right)[1]
        assert crawl.a["token"] not in body, f"{rule.rule} shows the table's secret link"


def test_a_view_token_can_never_write(crawl):
    posts = [r for r in crawl.rules() if "POST" in r.methods]
    for rule in posts:
        if "token" not in rule.arguments:
            continue
        for side in (crawl.a,):
            values = {**crawl.values(side, rule), "token": side["view_token"]}
            url = crawl.url(rule, values)
            before = snapshot(crawl.app)
            form, ctype = crawl.form(rule, side, crawl.csrf)
            status, body = crawl.send("POST", url, form, ctype)
            assert 400 <= status < 500, (url, status)
            assert snapshot(crawl.app) == before, f"POST {url} with a view token changed data"


def _other_browser_token(app) -> str:
    other = app.test_client()
    response = other.get("/tables/new")
    token = CSRF_RE.search(response.get_data(as_text=True)).group(1)
    response.close()
    return token


def test_every_post_without_a_valid_csrf_token_is_refused(crawl):
    foreign = _other_browser_token(crawl.app)
    checked = []
    for rule in crawl.rules():
        if "POST" not in rule.methods:
            continue
        side = crawl.a
        url = crawl.url(rule, crawl.values(side, rule))
        if rule.endpoint.endswith("matches.new") or rule.endpoint == "matches.new":
            url += "?variant=free"
        cases = [("no token", None, None), ("garbage", "garbage", None), ("another browser's", foreign, None),
                 ("a tampered token", crawl.csrf[:-2] + ("AA" if not crawl.csrf.endswith("AA") else "BB"), None),
                 ("garbage in the htmx header", None, {"X-CSRFToken": "garbage", "HX-Request": "true"}),
                 ("another browser's in the htmx header", None, {"X-CSRFToken": foreign, "HX-Request": "true"})]
        for why, token, headers in cases:
            before = snapshot(crawl.app)
            form, ctype = crawl.form(rule, side, token)
            status, body = crawl.send("POST", url, form, ctype, headers=headers)
            assert status == 400, f"POST {url} with {why} -> {status}"
            assert MESSAGE_RE.search(body) and "nothing was saved" in body, body[:1000]
            assert snapshot(crawl.app) == before, f"POST {url} with {why} changed data"
        # control: the same request with this browser's token gets past CSRF (in the form, then in the header)
        form, ctype = crawl.form(rule, side, crawl.csrf)
        status, _ = crawl.send("POST", url, form, ctype)
        assert status != 400, f"POST {url} with a valid token -> 400: the crawl's request is wrong"
        form, ctype = crawl.form(rule, side, None)
        status, _ = crawl.send("POST", url, form, ctype, headers={"X-CSRFToken": crawl.csrf, "HX-Request": "true"})
        assert status != 400, f"POST {url} with a valid token in the header -> 400"
        checked.append(rule.rule)
    assert len(checked) >= 10, checked
