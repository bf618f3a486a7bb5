"""Hand and Foot through the generic pages of a game scored by sides: a table of six in three sides of two
(2 v 2 v 2) from the new match to the end of its fourth round, each round typed or counted by value class,
the live preview explaining each side's score, each side's next minimum shown, and a refusal said beside
its side's box (docs/rules/hand_and_foot.md, HF-7)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match

from .test_sides import side_hand, side_totals

SEATS = ["A1", "B1", "C1", "A2", "B2", "C2"]


@pytest.fixture
def six(scorer):
    scorer.create_table()
    scorer.add_players(*SEATS)
    return scorer


def books(clean: int, meld: int) -> dict:
    return {"clean_books": str(clean), "meld_points": str(meld), "hand_points": "0"}


def start(six) -> int:
    ids = six.player_ids()
    sides = {"A1": "1", "A2": "1", "B1": "2", "B2": "2", "C1": "3", "C2": "3"}
    return six.start_match("hand_and_foot", SEATS, **{f"side_{ids[p]}": s for p, s in sides.items()})


def test_a_match_of_six_in_three_sides_from_the_new_match_to_the_end(six, client, app):
    page = client.get(f"/t/{six.token}/matches/new?variant=hand_and_foot").get_data(as_text=True)
    assert "Who plays with whom?" in page
    match_id = start(six)
    with app.app_context():
        ids = six.player_ids()
        assert db.session.get(Match, match_id).teams == [["A1 & A2", [ids["A1"], ids["A2"]]],
                                                         ["B1 & B2", [ids["B1"], ids["B2"]]],
                                                         ["C1 & C2", [ids["C1"], ids["C2"]]]]
    page = client.get(f"/t/{six.token}/m/{match_id}").get_data(as_text=True)
    assert side_totals(page) == {"A1 & A2": 0, "B1 & B2": 0, "C1 & C2": 0}
    assert "First meld:" in page and "50" in page
    # rounds 1–3: the stock runs out; C's points on the table counted by value class in round 3
    rounds = [[books(4, 200), books(4, 300), books(3, 400)],
              [books(4, 200), books(4, 300), books(3, 400)],
              [books(3, 600), books(4, 300), {"clean_books": "3", "hand_points": "0", "meld_points__jokers": "4",
                                              "meld_points__aces_twos": "10", "meld_points__eights_to_kings": "10"}]]
    for sides in rounds:
        response = six.post(f"/t/{six.token}/m/{match_id}/hands/new",
                            side_hand(six, match_id, sides, end="stock_exhausted"))
        assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:2000]
    page = client.get(f"/t/{six.token}/m/{match_id}").get_data(as_text=True)
    assert side_totals(page) == {"A1 & A2": 6500, "B1 & B2": 6900, "C1 & C2": 5800}
    assert "Round 4" in page and "150" in page
    last = [{"clean_books": "3", "dirty_books": "1", "red_threes_laid": "1", "meld_points": "900",
             "hand_points": "140"},
            {"clean_books": "2", "dirty_books": "2", "meld_points": "600", "hand_points": "40"},
            {"clean_books": "1", "dirty_books": "1", "red_threes_held": "1", "meld_points": "350",
             "hand_points": "260"}]
    preview = six.post(f"/t/{six.token}/m/{match_id}/hands/preview",
                       side_hand(six, match_id, last, by="B1")).get_data(as_text=True)
    assert "2 × 500 + 2 × 300 + 100 (out) + 600 − 40 = 2,260" in preview
    assert "500 + 300 − 500 (1 red three caught) + 350 − 260 = 390" in preview
    response = six.post(f"/t/{six.token}/m/{match_id}/hands/new", side_hand(six, match_id, last, by="B1"))
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:2000]
    page = client.get(f"/t/{six.token}/m/{match_id}").get_data(as_text=True)
    assert side_totals(page) == {"A1 & A2": 9160, "B1 & B2": 9160, "C1 & C2": 6190}
    assert "A1 &amp; A2 and B1 &amp; B2 share the win" in page
    assert page.count("state-winner") == 2  # one line per winning side


def test_going_out_without_the_books_is_refused_beside_its_sides_box(six, client):
    match_id = start(six)
    sides = [books(1, 100), {"clean_books": "1", "dirty_books": "3", "meld_points": "300", "hand_points": "0"},
             books(0, 0)]
    response = six.post(f"/t/{six.token}/m/{match_id}/hands/new", side_hand(six, match_id, sides, by="B2"))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "going out needs 2 clean books (B1 &amp; B2 has 1)" in page
    assert re.search(r'id="s1_clean_books"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="s1_clean_books"', page)


# -- the two house rules that are lists, on the new-match form (HF-8, HF-9) ---------------------------------


def new_match_post(scorer, **rules):
    ids = scorer.player_ids()
    data = {f"seat_{ids[name]}": str(i) for i, name in enumerate(["A1", "B1", "C1", "A2"], start=1)}
    data.update(first_dealer="", stake="", variant="hand_and_foot")
    data.update({f"rule_{k}": v for k, v in rules.items()})
    return scorer.post(f"/t/{scorer.token}/matches/new?variant=hand_and_foot", data)


def beside(page: str, name: str) -> str:
    """The error said beside the box ``rule_<name>``."""
    block = page.split(f'name="rule_{name}"', 1)[1].split('class="switch"', 1)[0]
    found = re.search(r'class="error"[^>]*>([^<]+)<', block)
    return found.group(1) if found else ""


def test_the_minimum_of_each_round_is_set_on_the_form(six, client, app):
    page = client.get(f"/t/{six.token}/matches/new?variant=hand_and_foot").get_data(as_text=True)
    assert re.search(r'name="rule_opening_minimums"[^>]*value="50, 90, 120, 150"', page)
    assert re.search(r'name="rule_score_bands"[^>]*value="0: 50, 2500: 90, 5000: 120, 7500: 150"', page)
    assert "First meld by round" in page and "Standard: 50 / 90 / 120 / 150." in page
    # HF-9: three rounds of 90, 120 and 150
    response = new_match_post(six, rounds="3", opening_minimums="90, 120, 150")
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    match_id = int(response.headers["Location"].rsplit("/", 1)[-1])
    with app.app_context():
        assert db.session.get(Match, match_id).rules == {"rounds": 3, "opening_minimums": [90, 120, 150]}
    page = client.get(f"/t/{six.token}/m/{match_id}").get_data(as_text=True)
    assert "First meld by round: 90 / 120 / 150" in page
    assert re.search(r'class="minimum">[^<]*(<bdi>)?A1 &amp; C1(</bdi>)? <strong>90</strong>', page)


def test_score_bands_are_set_on_the_form_playing_to_a_target(six, client, app):
    response = new_match_post(six, match_mode="target", score_bands="0: 60, 5000: 120")
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    match_id = int(response.headers["Location"].rsplit("/", 1)[-1])
    with app.app_context():
        assert db.session.get(Match, match_id).rules == {"match_mode": "target", "score_bands": [[0, 60], [5000, 120]]}


@pytest.mark.parametrize(("rules", "field", "said"), [
    ({"opening_minimums": "50, 90"}, "opening_minimums", "opening_minimums needs one minimum per round (4), not 2"),
    ({"opening_minimums": "50, 90, 120, 600"}, "opening_minimums", "each minimum is 0–500, not 600"),
    ({"opening_minimums": "fifty"}, "opening_minimums", "Type whole numbers separated by commas"),
    ({"opening_minimums": ", ,"}, "opening_minimums", "Type whole numbers separated by commas"),
    ({"opening_minimums": ", ".join(["50"] * 21)}, "opening_minimums", "At most 20 items"),
    ({"opening_minimums": "60, 90, 120, 150", "match_mode": "target"}, "opening_minimums", "does not apply"),
    ({"match_mode": "target", "score_bands": "0: 50, 0: 90"}, "score_bands", "the bands must start at rising totals"),
    ({"match_mode": "target", "score_bands": "0 50"}, "score_bands", "Type each band as from: minimum"),
    ({"match_mode": "target", "score_bands": "0: 50, 2500: 9999"}, "score_bands", "a minimum is 0–500"),
    ({"match_mode": "target", "score_bands": "0: 50, 2500: 12345678"}, "score_bands", "Type each band"),
])
def test_a_bad_list_is_refused_beside_its_box_with_the_form_kept(six, client, rules, field, said):
    response = new_match_post(six, **rules)
    assert response.status_code in (200, 422)
    page = response.get_data(as_text=True)
    assert said in html_text(beside(page, field)), beside(page, field)
    assert f'value="{rules[field]}"' in page or field == "opening_minimums" and ", ," in rules[field]


def html_text(text: str) -> str:
    import html

    return html.unescape(text)


def test_six_players_left_as_seated_play_partners_opposite_in_three_sides(six, client, app):
    """Nobody moved on the picker: six players sit as the picker showed them, each with the player across
    the table (HF-7's A1 + A2, B1 + B2, C1 + C2), not one side each."""
    page = client.get(f"/t/{six.token}/matches/new?variant=hand_and_foot").get_data(as_text=True)
    assert 'data-opposite="2:1,2 3:1,2,3 4:1,2,1,2 5:1,2,1,2,1 6:1,2,3,1,2,3 7:1,2,1,2,1,2,1 8:1,2,3,4,1,2,3,4"' in page
    assert "Tap a player to move them to the next side." in page
    match_id = six.start_match("hand_and_foot", SEATS)
    with app.app_context():
        teams = db.session.get(Match, match_id).teams
    ids = six.player_ids()
    assert [members for _name, members in teams] == [[ids["A1"], ids["A2"]], [ids["B1"], ids["B2"]],
                                                     [ids["C1"], ids["C2"]]]
