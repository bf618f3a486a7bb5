"""A match carried on entry by entry (``MatchReplay.then``) gives exactly what a whole replay gives: for
every golden match, split at every entry, and for every prefix tried and dropped (a fork is never
changed by what is played on another)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine.match import InvalidMatchError, MatchReplay, replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "matches"


def _documents():
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            if "error" in case["expect"]:
                continue
            document = {"format": "scorekeeper.match/1", "variant": data["variant"], **case["document"]}
            yield pytest.param(document, id=f"{path.stem}:{case['name']}")


@pytest.mark.parametrize("document", list(_documents()))
def test_one_entry_at_a_time_is_the_whole_replay(document):
    entries = list(document.get("entries") or [])
    whole = replay(document)
    empty = MatchReplay({**document, "entries": []})
    run = empty
    for i, entry in enumerate(entries):
        tried = run.then([entry])
        # trying the same entry twice from one replay gives the same answer: the replay is untouched
        assert run.then([entry]).standings() == tried.standings()
        assert tried.standings() == replay({**document, "entries": entries[: i + 1]})
        run = tried
    assert run.standings() == whole
    assert empty.standings() == replay({**document, "entries": []})


@pytest.mark.parametrize("document", list(_documents()))
def test_any_split_is_the_whole_replay(document):
    entries = list(document.get("entries") or [])
    whole = replay(document)
    for cut in range(len(entries) + 1):
        head = MatchReplay({**document, "entries": entries[:cut]})
        assert head.then(entries[cut:]).standings() == whole


def test_a_refused_entry_leaves_the_replay_as_it_was():
    document = {"variant": "free", "players": ["Ann", "Ben"], "rules": {"target": 10}, "entries": []}
    hand = {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 12}, "Ben": {"points": 2}}}
    run = MatchReplay(document).then([hand])
    assert run.finished
    before = run.standings()
    with pytest.raises(InvalidMatchError, match="already ended"):
        run.then([hand])
    assert run.standings() == before
