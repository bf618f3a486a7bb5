"""The hand form draws the game's entry fields: for every game, the boxes the form draws are the fields the
engine declares (``Variant.entry_fields``), per hand, per player and per side, and nothing else."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine.variants import VARIANTS

#: the form's box for each kind of field; a player's boxes are named after their fields (before the
#: player's id), but for a flag, drawn as a box that says what it marks
HAND_BOX = {"player": "by", "end": "end", "card": "upcard", "melds": "melds"}


def hand_box(f) -> str:
    """A field typed once for the hand: its kind's box, or (a rank, a flag) the field's own name."""
    return HAND_BOX.get(f.kind, f.name)


def player_box(f) -> str:
    """A field typed per player: named by the field (points, cards; meld_points, melds; drop), but
    "never opened" keeps its old name, unopened."""
    return "unopened" if f.name == "opened" else f.name


@pytest.mark.parametrize("key", list(VARIANTS))
def test_the_hand_form_draws_the_entry_fields(key, scorer, client):
    variant = VARIANTS[key]
    n = variant.min_players
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:n]
    scorer.create_table()
    scorer.add_players(*names)
    match_id = scorer.start_match(key, names)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    form = page[page.index('class="hand-form"'):page.index("</form>", page.index('class="hand-form"'))]
    drawn = set(re.findall(r'name="([a-z_]+?)(?:_\d+)?"', form)) - {"csrf_token", "version", "key"}
    drawn = {n for n in drawn if not n.endswith(("__pick", "__ticked"))}
    declared = variant.entry_fields(variant.rules(n), n)
    wanted = {hand_box(f) for f in declared.per_hand} | {player_box(f) for f in declared.per_player}
    if "upcard" in wanted:
        wanted.add("upcard_suit")
    assert drawn == wanted
    # a game scored by sides: each side's boxes (``s0_``, ``s1_``, …), a points field's classes too
    by_side = set(re.findall(r'name="s(\d+)_([a-z_]+)"', form))
    fields = {f.name for f in declared.per_side} | {f"{f.name}__{c.name}" for f in declared.per_side for c in f.classes}
    sides = len(variant.for_match(variant.rules(n), names).sides) or (n if declared.scored == "sides" else 0)
    assert by_side == {(str(i), name) for i in range(sides) for name in fields}
