"""A hand sent to a match that is over (issue 20, finding 8): a form drawn, or a hand kept on a phone
with no connection, before another phone recorded the match's last hand or ended it early. The answer
says so (409, in words, and in headers a phone's queue of kept hands reads: the match's version now
and why it takes no more hands), whatever version the hand carries, so that no resend can loop; a
resend of a hand that was saved is still "Saved"."""

from __future__ import annotations

import html
import re

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry

HX = {"HX-Request": "true"}


def text_of(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def entries(app, match_id: int) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Entry).where(Entry.match_id == match_id))


def send(scorer, match_id: int, points: dict, *, version: int, key: str = "kept-hand", **extra):
    """A hand as the page's script sends it (an htmx request)."""
    ids = scorer.player_ids()
    data = {f"points_{ids[name]}": str(v) for name, v in points.items()}
    data.update(version=str(version), key=key, **extra)
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data, headers=HX)


@pytest.fixture
def match(scorer):
    """A free-scoring match to 10 with one hand: (match id, the version a phone's form was drawn at)."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"], rules={"target": 10})
    assert scorer.record_points(match_id, {"Ann": 3, "Ben": 4}).status_code == 302
    return match_id, scorer.version(match_id)


def test_a_hand_after_another_phone_recorded_the_last_one_is_told_the_match_is_over(scorer, app, match):
    match_id, drawn = match
    assert scorer.record_points(match_id, {"Ann": 12, "Ben": 1}).status_code == 302  # the other phone ends it
    now = scorer.version(match_id)

    for extra in ({}, {"accept_version": "0"}, {"accept_version": str(now)}):
        # the kept hand as sent, then "Add mine" as the old page sent it (version 0), then the true version
        reply = send(scorer, match_id, {"Ann": 1, "Ben": 2}, version=drawn, **extra)
        assert reply.status_code == 409, extra
        assert reply.headers["Scorekeeper-Match-Over"] == "finished"
        assert reply.headers["Scorekeeper-Match-Version"] == str(now)
        said = text_of(reply)
        assert "This match is over: no more hands can be recorded in it." in said
        assert "changed on another phone" not in said
        assert 'data-scroll-to="scoreboard-message"' in reply.get_data(as_text=True)
    assert entries(app, match_id) == 2
    assert scorer.version(match_id) == now


def test_a_hand_after_another_phone_ended_the_match_early_is_told_so(scorer, app, match):
    match_id, drawn = match
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/abandon", {"version": drawn}).status_code == 302
    reply = send(scorer, match_id, {"Ann": 1, "Ben": 2}, version=drawn)
    assert reply.status_code == 409
    assert reply.headers["Scorekeeper-Match-Over"] == "abandoned"
    assert reply.headers["Scorekeeper-Match-Version"] == str(scorer.version(match_id))
    assert "This match was ended early: reopen it to record or change hands." in text_of(reply)
    assert entries(app, match_id) == 1


def test_a_resent_hand_that_was_saved_is_saved_even_once_the_match_is_over(scorer, app, match):
    """The last hand's own answer lost on the way: sent again, it is the hand that ended the match."""
    match_id, drawn = match
    assert scorer.record_points(match_id, {"Ann": 12, "Ben": 1}, key="last-hand", version=drawn).status_code == 302
    reply = send(scorer, match_id, {"Ann": 12, "Ben": 1}, key="last-hand", version=drawn)
    assert reply.status_code == 200
    assert "Saved: hand 2." in text_of(reply)
    assert entries(app, match_id) == 2


def test_a_stale_sheet_says_the_version_to_add_on_top_of(scorer, app, match):
    match_id, drawn = match
    assert scorer.record_points(match_id, {"Ann": 1, "Ben": 1}).status_code == 302  # still under 10
    reply = send(scorer, match_id, {"Ann": 2, "Ben": 2}, version=drawn)
    assert reply.status_code == 409
    assert reply.headers["Scorekeeper-Match-Version"] == str(scorer.version(match_id))
    assert "Scorekeeper-Match-Over" not in reply.headers
    assert "changed on another phone" in text_of(reply)
