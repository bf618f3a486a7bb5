"""Hostile and broken input: hypothesis posts random and malformed data to every form and endpoint.

For every request: never a 5xx; a refusal is a 4xx whose page says why (an error beside a field, a
banner, or the error page); a refused request changes nothing in the database (every row of every
table is compared before and after); an accepted one leaves every match replayable. Names typed
with HTML, scripts, very long text and odd Unicode are stored as typed (or refused cleanly) and
shown escaped.
"""

from __future__ import annotations

import io
import json
import os
import re

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from scorekeeper.service import models
from scorekeeper.engine.variants import VARIANTS, find_variant
from scorekeeper.web.extensions import db
from scorekeeper import service

from .conftest import MESSAGE_RE, snapshot

#: modest by default so the folder runs in about two minutes; HARDENING_EXAMPLES=500 explores further
SETTINGS = settings(max_examples=int(os.environ.get("HARDENING_EXAMPLES", "30")), deadline=None,
                    derandomize=not os.environ.get("HARDENING_RANDOM"), database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])

HOSTILE = [
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "{{ 7*7 }}", "{% raw %}", "' OR 1=1 --",
    "\u202eevil\u202c", "ملك", "e\u0301\u0301\u0301", "👨‍👩‍👧‍👦", "🃏", "a\x00b", "\x00", "\ufeff", "\u200b",
    "x" * 41, "y" * 5000, "", " ", "\t\n", "-0", "1e9", "٣", "½", "9" * 40, "-" + "9" * 30, "NaN", "None",
    "&amp;", "%00", "../../etc/passwd", "\\", "JK=9S", "AS 10H TH 7♥ qd JK *", "KS KS KS KS KS KS KS KS KS",
    "3h 4h 5h | 8s 8d 8c", "|||;;;", "🂡",
]
junk = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=30),
    st.integers(min_value=-10**12, max_value=10**12).map(str),
    st.integers(min_value=-5, max_value=200).map(str),
)
small_id = st.one_of(st.integers(min_value=-3, max_value=60).map(str), junk)


def _is_refusal(status: int) -> bool:
    return 400 <= status < 500


class World:
    """Two tables' worth of data: matches of several variants, hands, a deleted hand, a stranger."""

    def __init__(self, app, client, scorer):
        self.app, self.client, self.scorer = app, client, scorer
        scorer.create_table("Home")
        scorer.add_players("Ann", "Ben", "Cat")
        self.token = scorer.token
        self.ids = scorer.player_ids()
        self.matches = {
            "free": scorer.start_match("free", ["Ann", "Ben", "Cat"]),
            "gin": scorer.start_match("gin", ["Ann", "Ben"]),
            "oklahoma": scorer.start_match("oklahoma", ["Ann", "Ben"]),
            "ramino": scorer.start_match("ramino", ["Ann", "Ben", "Cat"]),
            "rumino": scorer.start_match("rumino", ["Ann", "Ben", "Cat"]),
        }
        for _ in range(3):
            assert scorer.record_points(self.matches["free"], {"Ann": 3, "Ben": 5, "Cat": 0}).status_code == 302
        assert scorer.record(self.matches["gin"], by="Ann", end="knock", points={"Ann": 5, "Ben": 30}).status_code == 302
        free = self.matches["free"]
        first = self.entry_ids(free)[0]
        assert scorer.post(f"/t/{self.token}/m/{free}/hands/{first}/delete",
                          {"version": str(scorer.version(free))}).status_code == 302
        self.csrf = scorer.csrf()

    def entry_ids(self, match_id: int) -> list[int]:
        with self.app.app_context():
            return list(db.session.scalars(sa.select(models.Entry.id).where(models.Entry.match_id == match_id)
                                           .order_by(models.Entry.id)))

    def version(self, match_id: int) -> int:
        return self.scorer.version(match_id)

    def players(self, match_id: int) -> list[int]:
        with self.app.app_context():
            return list(db.session.get(models.Match, match_id).seats)

    def check(self, method: str, url: str, data=None, *, content_type=None, query=None):
        """Send one request and hold it to the rules; returns the response's status and body."""
        before = snapshot(self.app)
        kwargs = {"query_string": query} if query is not None else {}
        if data is not None:
            kwargs["data"] = data
        if content_type:
            kwargs["content_type"] = content_type
        response = self.client.open(url, method=method, **kwargs)
        status, body = response.status_code, response.get_data(as_text=True)
        response.close()
        assert status < 500, f"{method} {url} {data!r} {query!r} -> {status}\n{body[:3000]}"
        if _is_refusal(status):
            assert MESSAGE_RE.search(body), f"{method} {url} -> {status} without a message:\n{body[:2000]}"
            assert snapshot(self.app) == before, f"{method} {url} {data!r} was refused ({status}) but changed data"
        self.replays()
        return status, body

    def replays(self) -> None:
        with self.app.app_context():
            for match in db.session.scalars(sa.select(models.Match)):
                service.standings(match)  # raises if an accepted change broke the match
            db.session.rollback()


@pytest.fixture
def world(app, client, scorer):
    return World(app, client, scorer)


# -- tables and rosters ---------------------------------------------------------------------------------

@SETTINGS
@given(name=junk)
def test_table_creation(world, name):
    status, _ = world.check("POST", "/tables/new", {"csrf_token": world.csrf, "name": name})
    stripped = " ".join(name.split())
    if status == 302:
        with world.app.app_context():
            stored = db.session.scalars(sa.select(models.Table.name).order_by(models.Table.id.desc())).first()
        assert stored == stripped
    else:
        # refused: blank, too long, or holding a NUL character (which no database text should hold)
        assert status == 422 and (not stripped or len(stripped) > 100 or "\x00" in name), (name, status)


@SETTINGS
@given(name=junk, action=st.sampled_from(["add", "rename", "remove"]), who=small_id, extra=junk)
def test_roster(world, name, action, who, extra):
    if action == "add":
        url = f"/t/{world.token}/players"
    elif who.isdigit() or (who.startswith("-") and who[1:].isdigit()):
        url = f"/t/{world.token}/players/{who}/{action}"
    else:
        url = f"/t/{world.token}/players/{world.ids['Cat']}/{action}"
    world.check("POST", url, {"csrf_token": world.csrf, "name": name, "extra": extra})


# -- new match ------------------------------------------------------------------------------------------

@st.composite
def match_forms(draw):
    variant = draw(st.one_of(st.sampled_from(sorted(VARIANTS)), junk))
    try:
        switches = list(find_variant(variant).switches(None))
    except ValueError:
        switches = []
    form = {"csrf_token": "", "variant": variant}
    for pid in draw(st.lists(st.sampled_from(["1", "2", "3", "4", "5"]), max_size=4)):
        # only real seat choices: a seat that is not a choice is refused without a message (a known
        # bug, see test_a_seat_that_is_not_a_choice_is_refused_with_a_message)
        form[f"seat_{pid}"] = draw(st.sampled_from(["", "1", "2", "3"]))
    if draw(st.booleans()):
        # whole numbers only: anything else is a 500 (a known bug, see
        # test_a_first_dealer_that_is_not_a_number_is_refused_not_a_500)
        form["first_dealer"] = draw(st.one_of(st.sampled_from(["", "1", "2", "3", "0", "-1"]),
                                              st.integers(-10**20, 10**20).map(str)))
    if draw(st.booleans()):
        form["stake"] = draw(st.one_of(st.sampled_from(["5", "2.50", "$3", "1e3", "-1", "0.001", "Infinity"]), junk))
    for s in switches:
        if draw(st.integers(0, 3)) == 0:
            form[f"rule_{s.name}"] = draw(st.one_of(st.sampled_from(["y", "", "0", "1", "99", "-1", "none"]),
                                                    st.sampled_from([str(c) for c in (s.choices or ())] or ["x"]),
                                                    junk))
    return variant, form


@SETTINGS
@given(drawn=match_forms())
def test_new_match(world, drawn):
    variant, form = drawn
    form["csrf_token"] = world.csrf
    # the roster's real ids stand in for the drawn 1..5
    real = [world.ids["Ann"], world.ids["Ben"], world.ids["Cat"], 9999, -1]
    data = {}
    for k, v in form.items():
        if k.startswith("seat_"):
            k = f"seat_{real[int(k[5:]) - 1]}"
        if k == "first_dealer" and v in ("1", "2", "3"):
            v = str(real[int(v) - 1])
        data[k] = v
    # one seated player in a game for two or more is a 500 (a known bug, see
    # test_one_player_seated_in_a_two_player_game_is_refused_not_a_500): left to that test
    seated = {k for k, v in data.items() if k.startswith("seat_") and v and k[5:] in {str(i) for i in real[:3]}}
    try:
        minimum = find_variant(variant).min_players
    except ValueError:
        minimum = 1
    assume(not (len(seated) == 1 and minimum > 1))
    world.check("POST", f"/t/{world.token}/matches/new", data, query={"variant": variant})


# -- hands ----------------------------------------------------------------------------------------------

@st.composite
def hand_forms(draw, world_ref):
    kind = draw(st.sampled_from(sorted(world_ref["world"].matches)))
    world = world_ref["world"]
    match_id = world.matches[kind]
    variant = find_variant(kind)
    seats = world.players(match_id)
    form = {"csrf_token": world.csrf,
            "version": draw(st.one_of(st.just(str(world.version(match_id))), small_id)),
            "key": draw(st.one_of(st.uuids().map(lambda u: u.hex), junk))}
    # a plausible base (often the only fault is the one drawn value), then drawn values on top
    if kind != "free":
        form["by"] = str(seats[0])
        form["end"] = variant.ends[0]
    for pid in seats[1:] if kind != "free" else seats:
        form[f"points_{pid}"] = "10"
    fields = ["points", "cards", "unopened"]
    for pid in seats + [draw(small_id)]:
        for f in fields:
            if draw(st.integers(0, 4)) == 0:
                form[f"{f}_{pid}"] = draw(junk)
    for f in ("by", "end", "melds", "upcard"):
        if draw(st.integers(0, 3)) == 0:
            form[f] = draw(st.one_of(junk, st.sampled_from([str(s) for s in seats] + list(variant.ends))))
    return kind, match_id, form


def _world_ref(world):
    return {"world": world}


@SETTINGS
@given(data=st.data(), where=st.sampled_from(["new", "preview"]))
def test_hand_entry(world, data, where):
    kind, match_id, form = data.draw(hand_forms(_world_ref(world)))
    before = world.entry_ids(match_id)
    version = world.version(match_id)
    status, _ = world.check("POST", f"/t/{world.token}/m/{match_id}/hands/{where}", form)
    after = world.entry_ids(match_id)
    if where == "preview":
        assert status == 200 and after == before
    elif status == 302:
        # one hand more (or none: a repeated key), never a partial or a double save
        assert len(after) - len(before) in (0, 1)
        assert world.version(match_id) == version + len(after) - len(before)
    else:
        assert status in (409, 422), status


@SETTINGS
@given(data=st.data(), action=st.sampled_from(["edit", "delete", "restore"]), entry=small_id)
def test_edit_delete_restore(world, data, action, entry):
    kind, match_id, form = data.draw(hand_forms(_world_ref(world)))
    ids = world.entry_ids(match_id)
    if ids and data.draw(st.booleans()):
        entry = str(data.draw(st.sampled_from(ids)))
    if not re.fullmatch(r"\d+", entry):
        entry = "1"
    world.check("POST", f"/t/{world.token}/m/{match_id}/hands/{entry}/{action}", form)


@SETTINGS
@given(action=st.sampled_from(["undo", "void", "rebuy", "abandon"]), version=small_id, key=junk,
       player=small_id, kind=st.sampled_from(["free", "gin", "ramino", "rumino"]))
def test_match_buttons(world, action, version, key, player, kind):
    match_id = world.matches[kind]
    if version == "now":
        version = str(world.version(match_id))
    world.check("POST", f"/t/{world.token}/m/{match_id}/{action}",
                {"csrf_token": world.csrf, "version": version, "key": key, "player": player})


# -- read-only pages with hostile query strings ----------------------------------------------------------

@SETTINGS
@given(variant=st.one_of(st.sampled_from(sorted(VARIANTS)), junk), mode=st.one_of(st.sampled_from(["meld", "hand"]), junk),
       cards=junk, players=small_id, deal=small_id, upcard=junk)
def test_meld_checker(world, variant, mode, cards, players, deal, upcard):
    world.check("GET", "/melds", query={"variant": variant, "mode": mode, "cards": cards, "players": players,
                                        "deal": deal, "upcard": upcard})


@SETTINGS
@given(page=st.sampled_from(["history", "stats", "matches/new", "export.json"]), a=small_id, b=small_id,
       variant=junk, again=small_id, page_no=small_id)
def test_table_pages_with_odd_queries(world, page, a, b, variant, again, page_no):
    world.check("GET", f"/t/{world.token}/{page}",
                query={"a": a, "b": b, "variant": variant, "player": a, "again": again, "page": page_no})


# -- import ---------------------------------------------------------------------------------------------

json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=20), st.sampled_from(HOSTILE)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


@st.composite
def documents(draw):
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.binary(max_size=200))
    doc: dict = {"format": draw(st.sampled_from(["scorekeeper.match/1", "scorekeeper.table/1", "other", None])),
                 "variant": draw(st.one_of(st.sampled_from(sorted(VARIANTS)), junk)),
                 "players": draw(st.one_of(st.lists(junk, max_size=4), json_value)),
                 "entries": draw(st.one_of(st.lists(json_value, max_size=3), json_value)),
                 "rules": draw(st.one_of(st.dictionaries(st.text(max_size=10), json_value, max_size=3), json_value))}
    if kind == 1:
        doc["players"] = ["Ann", "Ben"]
        doc["entries"] = [{"kind": "hand", "end": "scores",
                           "held": {"Ann": {"points": draw(st.one_of(st.integers(-100, 100), json_value))},
                                    "Ben": {"points": draw(st.one_of(st.integers(), json_value))}}}]
        doc["variant"] = "free"
    if kind == 2:
        doc = {"format": "scorekeeper.table/1", "players": draw(st.lists(junk, max_size=3)),
               "matches": draw(st.lists(json_value, max_size=2))}
    return json.dumps(doc).encode()


@SETTINGS
@given(raw=documents())
def test_import(world, raw):
    if "history.import_page" not in world.app.view_functions:
        pytest.skip("no import route")
    data = {"csrf_token": world.csrf, "document": (io.BytesIO(raw), "doc.json")}
    status, _ = world.check("POST", f"/t/{world.token}/import", data, content_type="multipart/form-data")
    assert status in (302, 422)


# -- names as typed, shown escaped -----------------------------------------------------------------------

NAMES = ["<script>alert('x')</script>", "<b>Bold</b> & co", "\"quoted\" 'single'", "\u202eRTL\u202c Ann",
         "ملك الورق", "Zoe\u0301\u0308", "👩🏽‍🚀 Ace", "🃏", "{{ 7*7 }}", "a" * 40]


@pytest.mark.parametrize("name", NAMES)
def test_names_are_stored_as_typed_and_shown_escaped(world, name):
    # a table with that name, and a player with that name in a match with a hand
    status, _ = world.check("POST", "/tables/new", {"csrf_token": world.csrf, "name": name})
    assert status == 302
    with world.app.app_context():
        table = db.session.scalars(sa.select(models.Table).order_by(models.Table.id.desc())).first()
        assert table.name == name
        token = table.token
    world.scorer.token = token
    status, _ = world.check("POST", f"/t/{token}/players", {"csrf_token": world.csrf, "name": name})
    assert status == 302
    world.scorer.add_players("Other")
    ids = world.scorer.player_ids()
    assert name in ids, ids
    match_id = world.scorer.start_match("free", [name, "Other"])
    assert world.scorer.record_points(match_id, {name: 4, "Other": 9}).status_code == 302
    with world.app.app_context():
        view = db.session.get(models.Match, match_id).view_token
    pages = [f"/t/{token}", f"/t/{token}/m/{match_id}", f"/t/{token}/history", f"/t/{token}/m/{match_id}/history",
             f"/t/{token}/stats", f"/v/{view}", "/"]
    for url in pages:
        response = world.client.get(url)
        body = response.get_data(as_text=True)
        response.close()
        assert response.status_code == 200, (url, response.status_code)
        if any(c in name for c in "<>&\"'"):
            assert name not in body, f"{url} shows {name!r} unescaped"
        assert str(escape(name)) in body, f"{url} does not show {name!r} escaped"


@pytest.mark.parametrize("name", ["a" * 41, "  ", "\t", "x" * 10_000])
def test_names_too_long_or_blank_are_refused_cleanly(world, name):
    status, body = world.check("POST", f"/t/{world.token}/players", {"csrf_token": world.csrf, "name": name})
    assert status == 422
    status, body = world.check("POST", "/tables/new", {"csrf_token": world.csrf, "name": name * 3})
    assert status == 422


def test_a_seat_that_is_not_a_choice_is_refused_with_a_message(world):
    world.check("POST", f"/t/{world.token}/matches/new?variant=free",
                {"csrf_token": world.csrf, "variant": "free", f"seat_{world.ids['Ann']}": "seven"})


def test_one_player_seated_in_a_two_player_game_is_refused_not_a_500(world):
    status, body = world.check("POST", f"/t/{world.token}/matches/new?variant=gin",
                               {"csrf_token": world.csrf, "variant": "gin", f"seat_{world.ids['Ann']}": "1"})
    assert status == 422 and "players" in body


def test_a_first_dealer_that_is_not_a_number_is_refused_not_a_500(world):
    status, _ = world.check("POST", f"/t/{world.token}/matches/new?variant=free",
                            {"csrf_token": world.csrf, "variant": "free", f"seat_{world.ids['Ann']}": "1",
                             "first_dealer": "abc"})
    assert status == 422


@pytest.mark.parametrize("where", ["table", "player", "key"])
def test_a_nul_byte_is_stored_or_refused_cleanly(world, where):
    if where == "table":
        url, form = "/tables/new", {"name": "a\x00b"}
    elif where == "player":
        url, form = f"/t/{world.token}/players", {"name": "a\x00b"}
    else:
        match_id = world.matches["free"]
        url = f"/t/{world.token}/m/{match_id}/hands/new"
        form = {"version": str(world.version(match_id)), "key": "k\x00y",
                **{f"points_{pid}": "1" for pid in world.players(match_id)}}
    status, _ = world.check("POST", url, {"csrf_token": world.csrf, **form})
    assert status in (302, 422)
