"""A double tap whose two requests race (issue 20, finding 9): two posts of one form, with one
idempotency key, arrive at once on two connections. One of them records the hand; the other must get
the same answer ("Saved: hand 1"), never "the sheet changed on another phone" about its own hand.

The race is forced, not hoped for: both requests are held just after each has looked for its key and
found nothing, and let go together, so that both try to claim the same version of the match."""

from __future__ import annotations

import html
import re
import threading

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper import service
from scorekeeper.service.models import Entry


def text_of(body: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def entries(app, match_id: int) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Entry).where(Entry.match_id == match_id))


@pytest.fixture
def held_together(monkeypatch):
    """Both requests wait for each other once they have looked for their key (and found nothing)."""
    meet = threading.Barrier(2)
    check_open = service.matches._check_open

    def wait_then_check(match, version):
        try:
            meet.wait(timeout=10)
        except threading.BrokenBarrierError:  # a request that never got this far: nothing to wait for
            pass
        return check_open(match, version)

    monkeypatch.setattr(service.matches, "_check_open", wait_then_check)


def race(app, scorer, url: str, form: dict, headers: dict) -> list:
    """Post ``form`` twice at once from one browser (two connections, one session)."""
    cookie = scorer.client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    replies: list = [None, None]

    def post(slot: int) -> None:
        twin = app.test_client()
        twin.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
        replies[slot] = twin.post(url, data=form, headers=headers)

    threads = [threading.Thread(target=post, args=(slot,)) for slot in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return replies


def _form(scorer, match_id: int) -> dict:
    ids = scorer.player_ids()
    return {"csrf_token": scorer.csrf("/tables/new"), "version": str(scorer.version(match_id)),
            "key": "one-tap-twice", f"points_{ids['Ann']}": "12", f"points_{ids['Ben']}": "5"}


@pytest.mark.usefixtures("held_together")
def test_the_loser_of_a_raced_double_tap_is_told_saved(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    url = f"/t/{scorer.token}/m/{match_id}/hands/new"

    replies = race(app, scorer, url, _form(scorer, match_id), {"HX-Request": "true"})

    assert [r.status_code for r in replies] == [200, 200]
    for reply in replies:
        said = text_of(reply.get_data(as_text=True))
        assert "Saved: hand 1." in said
        assert "changed on another phone" not in said
    assert entries(app, match_id) == 1


@pytest.mark.usefixtures("held_together")
def test_without_javascript_both_taps_land_on_the_saved_hand(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    url = f"/t/{scorer.token}/m/{match_id}/hands/new"

    replies = race(app, scorer, url, _form(scorer, match_id), {})

    assert [r.status_code for r in replies] == [302, 302]
    assert replies[0].headers["Location"] == replies[1].headers["Location"]
    assert entries(app, match_id) == 1
