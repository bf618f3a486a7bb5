"""Ids within the database's range (issue 20, finding 4): every route with an id in its URL, found in
``app.url_map`` as the crawl finds them, answers 404 for an id no row of ours can have (past
PostgreSQL's 32-bit INTEGER, past SQLite's 64-bit one, negative, zero, padded, not a number), with
nothing changed; and the ids posted in forms (seats kept for a rematch, the first dealer, a rebuy's
player, the card line's player, the history and stats filters) are refused in words, never a 500.

On SQLite, 2**63 and 10**30 were an OverflowError in the driver; on PostgreSQL 2**31 was a DataError.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper.service import models
from scorekeeper.engine.limits import ID_MAX
from scorekeeper.web.extensions import db

from .conftest import snapshot
from .test_crawl import Crawl

ID_ARGS = {"match_id", "entry_id", "player_id", "preset_id"}

#: ids no row can have, as they would be typed into a URL
OUT_OF_RANGE = [str(ID_MAX + 1), str(2**63), str(2**64), str(10**30), "9" * 400, "-1", "-2147483649", "0",
                "007", "1e3", "abc", "1.5", "%C2%B2", "%EF%BC%91"]


@pytest.fixture
def crawl(app, client, scorer):
    return Crawl(app, client, scorer)


def _id_rules(crawl):
    return [r for r in crawl.rules() if ID_ARGS & set(r.arguments)]


def test_every_route_with_an_id_answers_404_for_an_id_out_of_range(crawl):
    rules = _id_rules(crawl)
    assert len(rules) >= 20, [r.rule for r in rules]  # the crawl really sees the routes with ids
    checked = 0
    for rule in rules:
        right = crawl.values(crawl.a, rule)
        for method in sorted(m for m in rule.methods if m in ("GET", "POST")):
            for arg in sorted(ID_ARGS & set(rule.arguments)):
                for wrong in OUT_OF_RANGE:
                    url = crawl.url(rule, {**right, arg: wrong})
                    before = snapshot(crawl.app)
                    form, ctype = crawl.form(rule, crawl.a, crawl.csrf) if method == "POST" else (None, None)
                    status, body = crawl.send(method, url, form, ctype)
                    assert status == 404, f"{method} {url} -> {status}"
                    assert "There is nothing here" in body, f"{method} {url}: not the 404 page"
                    assert snapshot(crawl.app) == before, f"{method} {url} changed data"
                    checked += 1
    assert checked > 400


def test_the_largest_id_in_range_is_looked_up_and_not_found(crawl):
    """ID_MAX itself reaches the query (and finds nothing): the bound is the column's, not lower."""
    for rule in _id_rules(crawl):
        if "GET" not in rule.methods:
            continue
        right = crawl.values(crawl.a, rule)
        for arg in ID_ARGS & set(rule.arguments):
            status, _ = crawl.send("GET", crawl.url(rule, {**right, arg: ID_MAX}))
            assert status == 404, (rule.rule, arg, status)


def _entries(app, match_id: int) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count(models.Entry.id)).where(models.Entry.match_id == match_id))


def _matches(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count(models.Match.id)))


HUGE = [str(ID_MAX + 1), str(2**63), str(10**30), "-1", "²", "abc"]


@pytest.mark.parametrize("wrong", HUGE)
def test_a_first_dealer_out_of_range_is_refused_beside_the_field(app, scorer, wrong):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    ids = scorer.player_ids()
    before = _matches(app)
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=free",
                          {"variant": "free", f"seat_{ids['Ann']}": "1", f"seat_{ids['Ben']}": "2",
                           "first_dealer": wrong, "stake": ""})
    assert response.status_code == 422, response.status_code
    assert "The first dealer must be one of the seated players." in response.get_data(as_text=True)
    assert _matches(app) == before


@pytest.mark.parametrize("wrong", HUGE)
def test_form_and_query_ids_out_of_range_are_never_a_500(app, scorer, wrong):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match = scorer.start_match("free", ["Ann", "Ben"])
    t = scorer.token
    # a rebuy for no player of the match: refused in words, nothing recorded
    response = scorer.post(f"/t/{t}/m/{match}/rebuy", {"player": wrong, "version": str(scorer.version(match))})
    assert response.status_code == 422
    assert "Choose a player of this match to rebuy." in response.get_data(as_text=True)
    assert _entries(app, match) == 0
    # the card line, the history and stats filters, the scoreboard's highlight, "same players again"
    for url in (f"/t/{t}/m/{match}/hands/cards?player={wrong}", f"/t/{t}/history?player={wrong}",
                f"/t/{t}/stats?a={wrong}&b={wrong}", f"/t/{t}/m/{match}?new={wrong}",
                f"/t/{t}/matches/new?variant=free&again={wrong}&preset={wrong}"):
        response = scorer.client.get(url)
        assert response.status_code == 200, (url, response.status_code)


#: links no token can be: a NUL (PostgreSQL refused the query: a 500), a space, a dot, a token too long
NOT_TOKENS = ["abc%00", "%00", "{right}%00", "abc%20d", "a.b", "x" * 65]


def test_every_route_with_a_link_answers_404_for_a_token_with_a_character_no_token_holds(crawl):
    rules = [r for r in crawl.rules() if {"token", "view_token"} & set(r.arguments)]
    assert len(rules) >= 40, [r.rule for r in rules]
    checked = 0
    for rule in rules:
        right = crawl.values(crawl.a, rule)
        for method in sorted(m for m in rule.methods if m in ("GET", "POST")):
            for arg in sorted({"token", "view_token"} & set(rule.arguments)):
                for wrong in NOT_TOKENS:
                    url = crawl.url(rule, {**right, arg: wrong.format(right=right[arg])})
                    before = snapshot(crawl.app)
                    form, ctype = crawl.form(rule, crawl.a, crawl.csrf) if method == "POST" else (None, None)
                    status, body = crawl.send(method, url, form, ctype)
                    assert status == 404, f"{method} {url} -> {status}"
                    assert snapshot(crawl.app) == before, f"{method} {url} changed data"
                    checked += 1
    assert checked > 200
