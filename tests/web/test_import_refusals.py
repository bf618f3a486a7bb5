"""An import's refusal is said in words, whatever the document holds: huge numbers, values of the wrong
shape anywhere, ``null`` as the whole file. Each refusal is drawn on the import page (a refusal that
fails while being phrased, quoting a number past Babel's precision, was a 500) and says nothing in the
programmer's words."""

from __future__ import annotations

import copy
import json
import pathlib
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .test_bounds import counts, free_match, refused, text_of, upload

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden" / "matches"
#: one played document of each game, from the golden files
DOCUMENTS = [dict(json.loads(path.read_text())["cases"][0]["document"], variant=json.loads(path.read_text())["variant"])
             for path in sorted(GOLDEN.glob("*.json"))]

CANASTA = {"format": "scorekeeper.match/1", "variant": "canasta", "players": ["Ann", "Ben", "Cat", "Dan"],
           "teams": {"NS": ["Ann", "Cat"], "EW": ["Ben", "Dan"]},
           "entries": [{"kind": "hand", "end": "out", "by": "Ann",
                        "sides": {"NS": {"natural_canastas": 1, "meld_points": 10**25, "hand_points": 20},
                                  "EW": {"meld_points": 130, "hand_points": 5}}}]}

#: what a refusal must never say: Python's own words about a value's type
PROGRAMMERS_WORDS = re.compile(r"'\w+' object|has no attribute|NoneType|Traceback|\w+Error\b|not iterable")


def test_an_integer_of_thousands_of_digits_is_refused_in_words(scorer, app):
    scorer.create_table()
    body = json.dumps(free_match()).replace('"points": 0', '"points": ' + "9" * 5000).encode()
    refused(scorer, app, body, "it holds a number of 5,000 digits (an export's are at most 30)")


@pytest.mark.parametrize("huge", ["10000000000000000000000000", "1e30", "1e999"])
def test_a_huge_number_is_quoted_back_in_the_refusal(scorer, app, huge):
    """Canasta's meld points of 10**25: the refusal quoted the number, and writing it failed."""
    scorer.create_table()
    body = json.dumps(CANASTA).replace("10000000000000000000000000", huge).encode()
    refused(scorer, app, body, "Points melded")


def test_cards_given_as_anything_but_text_or_a_list_of_cards_are_refused_in_words(scorer, app):
    scorer.create_table()
    for cards in ([["2H"]], [1], 1.5, True):
        document = {"format": "scorekeeper.match/1", "variant": "gin", "players": ["Ann", "Ben"],
                    "entries": [{"kind": "hand", "end": "knock", "by": "Ann",
                                 "held": {"Ann": {"cards": cards}, "Ben": {"points": 3}}}]}
        refused(scorer, app, document, "Ann: cards are written as text")


def test_a_document_of_null_is_not_a_scorekeeper_export(scorer, app):
    scorer.create_table()
    refused(scorer, app, b"null", "This is not a Scorekeeper export: expected a match or a table document.")


# -- every refusal of a random document is said in words -------------------------------------------------

ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**29, 10**29), st.sampled_from([10**6, 10**7, 2**31, 2**63, -1]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.lists(st.one_of(st.integers(), st.text(max_size=4), st.none()), max_size=3),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=2),
    st.sampled_from(["2H 3H 4H", ["2H", "3H"], [["2H"]], "JK", "A", "10", "scores", "out", "Ann"]))


def _places(value, path=()):
    """Every place in a JSON value, as a path of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _places(v, path + (i,))


@st.composite
def damaged_documents(draw):
    document = copy.deepcopy(draw(st.sampled_from(DOCUMENTS)))
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in _places(document) if p]
        path = draw(st.sampled_from(places))
        holder = document
        for step in path[:-1]:
            holder = holder[step]
        # a copy: the drawn value may be a constant of ODD_VALUES, and a later change inside it must
        # neither reach the next example nor make a list that holds itself
        holder[path[-1]] = copy.deepcopy(draw(ODD_VALUES))
    return document


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(document=damaged_documents(), italian=st.booleans())
def test_every_refusal_of_a_damaged_document_is_said_in_words(scorer, app, document, italian):
    if not scorer.token:
        scorer.create_table()
    scorer.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it" if italian else "en"
    before = counts(app)
    response = upload(scorer, json.dumps(document).encode(), again=True)
    assert response.status_code in (302, 422), response.status_code
    if response.status_code == 422:
        said = text_of(response)
        assert ("Not imported" in said or "Non importato" in said), said[:300]
        assert not PROGRAMMERS_WORDS.search(said), said
        assert counts(app) == before
