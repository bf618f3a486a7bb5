"""A replay resumed from a checkpoint (``MatchReplay.checkpoint`` / ``MatchReplay.resume``) gives exactly
what a whole replay gives, for random matches of every variant cut at a random entry: the checkpoint goes
through JSON on the way, as it does through the database."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.i18n import translated
from scorekeeper.engine.match import MatchReplay, StaleCheckpointError, replay

from .test_match_properties import matches

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def through_json(checkpoint):
    return json.loads(json.dumps(checkpoint))


class Italian:
    """A catalog that changes every sentence, so that a sentence kept in a checkpoint must keep its key."""

    def gettext(self, msgid):
        return "IT " + msgid

    def ngettext(self, singular, plural, n):
        return "IT " + (singular if n == 1 else plural)


@SETTINGS
@given(matches(), st.data())
def test_a_resumed_replay_is_the_whole_replay(doc, data):
    entries = doc["entries"]
    cut = data.draw(st.integers(0, len(entries)))
    whole = MatchReplay(doc)
    head = MatchReplay({**doc, "entries": entries[:cut]})
    resumed = MatchReplay.resume({**doc, "entries": entries[cut:]}, through_json(head.checkpoint()))
    expected = whole.standings()
    # the resumed replay holds the results of the entries it played, and all the rest is the same
    assert resumed.first == cut and resumed.entries == len(entries)
    assert resumed.standings() == dataclasses.replace(expected, hands=expected.hands[cut:])
    assert [translated(n, Italian()) for n in resumed.standings().notes] == \
        [translated(n, Italian()) for n in expected.notes]
    assert resumed.checkpoint() == whole.checkpoint()
    assert resumed.knocked_out() == whole.knocked_out()
    assert resumed.finished == whole.finished


@SETTINGS
@given(matches(), st.integers(1, 4))
def test_checkpoints_taken_on_the_way_are_those_of_the_prefixes(doc, every):
    entries = doc["entries"]
    run = MatchReplay(doc, every=every)
    marks = run.checkpoints()
    assert all(at % every == 0 for at in marks)
    assert len(marks) == min(len(entries) // every, MatchReplay.KEPT_CHECKPOINTS)
    for at, checkpoint in marks.items():
        assert checkpoint == MatchReplay({**doc, "entries": entries[:at]}).checkpoint()
        carried = MatchReplay.resume({**doc, "entries": entries[at:]}, through_json(checkpoint), every=every)
        assert carried.standings().players == replay(doc).players
        assert carried.checkpoints().keys() <= marks.keys()


DOC = {"variant": "free", "players": ["Ann", "Ben"], "stake": "1.00", "entries": [
    {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 5}, "Ben": {"points": 2}}}]}


@pytest.mark.parametrize("change", [
    {"players": ["Ann", "Bea"]}, {"players": ["Ben", "Ann"]}, {"variant": "rumino"}, {"stake": "2.00"},
    {"rules": {"target": 50}}, {"first_dealer": "Ben"},
])
def test_a_checkpoint_of_another_header_is_refused(change):
    checkpoint = through_json(MatchReplay(DOC).checkpoint())
    with pytest.raises(StaleCheckpointError):
        MatchReplay.resume({**DOC, **change, "entries": []}, checkpoint)


def test_a_checkpoint_of_another_shape_is_refused():
    checkpoint = through_json(MatchReplay(DOC).checkpoint())
    with pytest.raises(StaleCheckpointError):
        MatchReplay.resume({**DOC, "entries": []}, {**checkpoint, "format": 0})


def _golden():
    from .test_match_incremental import _documents
    return list(_documents())


@pytest.mark.parametrize("document", _golden())
def test_every_golden_match_resumed_at_every_entry_is_the_whole_replay(document):
    entries = list(document.get("entries") or [])
    whole = MatchReplay(document)
    expected = whole.standings()
    for cut in range(len(entries) + 1):
        head = MatchReplay({**document, "entries": entries[:cut]})
        resumed = MatchReplay.resume({**document, "entries": entries[cut:]}, through_json(head.checkpoint()))
        assert resumed.standings() == dataclasses.replace(expected, hands=expected.hands[cut:])
        assert resumed.checkpoint() == whole.checkpoint()
