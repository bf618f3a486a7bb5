"""Names a person can tell apart (issue 29, finding 6): a name of only invisible characters is refused,
and a name that reads as another player's at the table (once the characters that draw nothing are
taken out and case is folded) is "already on this table", by the form, by a rename and by an import.
The name is kept as typed otherwise: an emoji sequence needs its zero-width joiners."""

from __future__ import annotations

import html
import re

import pytest

from .test_bounds import counts, refused

EMPTY_LOOKING = ["\u200d", "\u2060", "\u3164", "\u2800", "\u200b\u200c", " \u3164 \u2060 "]


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


@pytest.mark.parametrize("name", EMPTY_LOOKING)
def test_a_name_that_shows_nothing_is_refused(scorer, app, name):
    scorer.create_table()
    before = counts(app)
    response = scorer.post(f"/t/{scorer.token}/players", {"name": name})
    assert response.status_code == 422
    assert "This name shows nothing" in _said(response)
    assert counts(app) == before
    response = scorer.post("/tables/new", {"name": name})
    assert response.status_code == 422 and "This name shows nothing" in _said(response)


@pytest.mark.parametrize(("first", "lookalike"), [
    ("Eve", "Ev\u200be"), ("Eve", "Eve\u200d"), ("Eve", "EVE\u2060"), ("Ann", "Ann\u202e"), ("Ann", "\u2066ann\u2069"),
])
def test_a_name_that_reads_as_another_players_is_already_on_the_table(scorer, app, first, lookalike):
    scorer.create_table()
    scorer.add_players(first, "Ben")
    before = counts(app)
    response = scorer.post(f"/t/{scorer.token}/players", {"name": lookalike})
    assert response.status_code == 422 and "is already on this table" in _said(response)
    ben = scorer.player_ids()["Ben"]
    response = scorer.post(f"/t/{scorer.token}/players/{ben}/rename", {"name": lookalike})
    assert response.status_code == 422 and "is already on this table" in _said(response)
    assert counts(app) == before and set(scorer.player_ids()) == {first, "Ben"}


def test_an_emoji_sequence_keeps_its_joiners(scorer, app):
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    scorer.create_table()
    scorer.add_players(family, "\U0001f468")
    assert set(scorer.player_ids()) == {family, "\U0001f468"}


def test_an_import_refuses_names_that_show_nothing_or_read_as_one(scorer, app):
    scorer.create_table()
    document = {"format": "scorekeeper.match/1", "variant": "free", "players": ["Eve", "Ev\u200be"],
                "entries": []}
    refused(scorer, app, document, "is named twice")
    refused(scorer, app, {**document, "players": ["Eve", "\u3164"]}, "a name shows nothing")
    refused(scorer, app, {"format": "scorekeeper.table/1", "players": ["\u2800"], "matches": []},
            "a name shows nothing")


def test_a_name_two_phones_give_at_the_same_moment_is_one_player_and_one_refusal(scorer, app, monkeypatch):
    # the second phone's check ran before the first one's commit: the database's unique key has the last
    # word, and the roster says so beside the field, never a 500
    from scorekeeper.service import tables
    scorer.create_table()
    scorer.add_players("Eve", "Ben")
    monkeypatch.setattr(tables, "_refuse_a_taken_name", lambda *args, **kwargs: None)
    before = counts(app)
    response = scorer.post(f"/t/{scorer.token}/players", {"name": "EVE"})
    assert response.status_code == 422 and "EVE is already on this table" in _said(response)
    ben = scorer.player_ids()["Ben"]
    response = scorer.post(f"/t/{scorer.token}/players/{ben}/rename", {"name": "eve"})
    assert response.status_code == 422 and "eve is already on this table" in _said(response)
    assert counts(app) == before and set(scorer.player_ids()) == {"Eve", "Ben"}
