"""Every worked example of every installed game, replayed from its golden file of matches
(``tests/golden/matches/<variant>.json`` for Scorekeeper's own games; ``Variant.files`` says where),
by ``scorekeeper.testing.check_golden_match``.

Each case is a match document and what its standings must show. ``expect`` may give:
``totals`` {player: total}, ``hands`` [{index?, scores?, win_points?, totals?, eliminated?}],
``finished``, ``winners``, ``leader``, ``pot``, ``payouts``, ``pot_remainder``, ``states``,
``win_points``, ``boxes``, ``paid``, ``rebuys``, ``next_dealer``, ``next_dealer_if_rebuy``, ``dealers_ahead``, ``open_rebuys`` [{player, total, cost}],
``deal``, ``contract``, ``notes_contain`` [substring], ``explanations_contain`` {player: substring} (last hand),
``error`` {"message": substring, "field": name, "side": name} for a document that must be refused,
``games`` [each game's fields, every game opened] for a sheet of several games (Hollywood),
``player_facts`` {player: {fact: value}} and ``facts`` {fact: value} for what a game says beyond the shared
fields (``Variant.player_facts`` and ``match_facts``: Phase 10's phase, Rummikub's games won), and in
``hands`` also ``games``, ``closed`` and ``hand_points``.
A game scored by sides adds ``sides`` {side: total}, ``side_places`` {side: place}, ``minimums``
{side: next opening minimum}, ``winning_sides`` [side], ``members`` {side: [player]}, and in ``hands``
``side_scores`` {side: change} and ``explanations`` {side or player: the whole line}. ``stage`` (Burraco
with three players) and ``victory_points`` {side or player: points} are the standings' own.
An unknown key in ``expect`` (or in one of its ``hands``) fails the case, so a typo cannot drop a check.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.variants import VARIANTS
from scorekeeper.testing import EXPECT_KEYS, GameCheckError, check_expect_keys, check_golden_match, golden_match_cases

#: every key this runner checks; anything else in a case is a typo
assert "totals" in EXPECT_KEYS


def _cases():
    # every installed game's golden file, found through the game (``Variant.files``)
    for key, variant in VARIANTS.items():
        for case in golden_match_cases(variant):
            yield pytest.param(key, case, id=f"{key}:{case['name']}")


@pytest.mark.parametrize(("variant", "case"), list(_cases()))
def test_golden(variant, case):
    check_golden_match(variant, case)


def test_every_game_has_a_golden_file_of_matches():
    assert [key for key, v in VARIANTS.items() if not golden_match_cases(v)] == []


@pytest.mark.parametrize("expect", [
    {"total": {"A": 1}},
    {"hands": [{"score": {"A": 1}}]},
    {"error": {"mesage": "x"}},
])
def test_an_unknown_expect_key_is_refused(expect):
    with pytest.raises(GameCheckError, match="unknown"):
        check_expect_keys(expect)
