"""Burraco through the web (docs/rules/burraco.md): partners opposite, each side's burrachi and two point
totals (typed, or counted by value class), a pozzetto not taken ticked beside its side, the explanation
line, a refusal beside its box, the match to 2005 with its winners, victory points in a match of a set
number of hands, six players in three pairs, and three players from a lone player and a pair to each
alone, the form changing with the match (and an earlier hand edited in the form it was entered by)."""

from __future__ import annotations

import html
import re
import uuid

import pytest

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry

#: B-1 of the rules page, NS and EW: EW never reached its pozzetto, its hand counted by class
B1_NS = {"clean_burracos": "1", "semi_clean_burracos": "1", "meld_points": "235", "hand_points": "15"}
B1_EW = {"dirty_burracos": "1", "meld_points": "115", "pozzetto_taken": "y", "hand_points__aces": "1",
         "hand_points__twos": "1", "hand_points__eights_to_kings": "1", "hand_points__threes_to_sevens": "3"}
B2 = [{"dirty_burracos": "1", "meld_points": "180", "hand_points": "95"},
      {"clean_burracos": "2", "meld_points": "310", "hand_points": "40"}]
B3 = [{"dirty_burracos": "1", "meld_points": "240", "hand_points": "160"},
      {"clean_burracos": "1", "dirty_burracos": "1", "meld_points": "355", "hand_points": "25"}]
B4 = [{"clean_burracos": "2", "dirty_burracos": "1", "meld_points": "520", "hand_points": "20"},
      {"dirty_burracos": "1", "meld_points": "150", "hand_points": "85"}]


@pytest.fixture
def four(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    return scorer


def side_hand(scorer, match_id, sides: list[dict], *, by: str | None = None, end: str = "out", **extra) -> dict:
    ids = scorer.player_ids()
    data = {f"s{i}_{name}": value for i, side in enumerate(sides) for name, value in side.items()}
    if by:
        data["by"] = str(ids[by])
    data.update(end=end, version=str(scorer.version(match_id)), key=uuid.uuid4().hex, **extra)
    return data


def totals(page: str, cls: str = "standings sides") -> dict[str, int]:
    block = page.split(f'class="{cls}"', 1)[1].split("</ol>", 1)[0]
    found = re.findall(r'<span class="name">(?:<bdi>)?([^<]+)(?:</bdi>)?</span>.*?<span class="total">([−-]?[\d,]+)</span>',
                       block, re.S)
    return {html.unescape(n): int(t.replace("−", "-").replace(",", "")) for n, t in found}


def save(scorer, match_id, data):
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:2000]
    return response


def test_a_hand_typed_and_counted_with_a_pozzetto_not_taken(four, client, app):
    match_id = four.start_match("burraco", ["Ann", "Ben", "Cat", "Dan"])
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert "Who plays with whom?" not in page and "Semi-clean burrachi" in page and "Pozzetto not taken" in page
    assert "Royal burrachi" not in page  # not counted under the Italian code
    preview = four.post(f"/t/{four.token}/m/{match_id}/hands/preview",
                        side_hand(four, match_id, [B1_NS, B1_EW], by="Ann")).get_data(as_text=True)
    assert "200 (clean) + 150 (semi-clean) + 100 (closing) + 235 − 15 = 670" in preview
    assert "100 (dirty) + 115 − 60 − 100 (no pozzetto) = 55" in preview
    save(four, match_id, side_hand(four, match_id, [B1_NS, B1_EW], by="Ann"))
    assert totals(client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)) == {"Ann & Cat": 670,
                                                                                          "Ben & Dan": 55}
    ids = four.player_ids()
    with app.app_context():
        entry = db.session.query(Entry).filter_by(match_id=match_id).one()
        entry_id, payload = entry.id, entry.payload
    ew, ns = f"#{ids['Ben']}#{ids['Dan']}", f"#{ids['Ann']}#{ids['Cat']}"
    assert payload["sides"][ew]["pozzetto_taken"] is False and "pozzetto_taken" not in payload["sides"][ns]
    assert payload["sides"][ew]["hand_points"] == {"aces": 1, "twos": 1, "eights_to_kings": 1, "threes_to_sevens": 3}
    # the edit form comes back with the box ticked for EW only
    page = client.get(f"/t/{four.token}/m/{match_id}/hands/{entry_id}/edit").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="s1_pozzetto_taken"|name="s1_pozzetto_taken"[^>]*checked', page)
    assert not re.search(r'<input checked[^>]*name="s0_pozzetto_taken"|name="s0_pozzetto_taken"[^>]*checked', page)


def test_a_refusal_is_said_beside_its_box_and_nothing_is_saved(four, client, app):
    match_id = four.start_match("burraco", ["Ann", "Ben", "Cat", "Dan"])
    closed_without = dict(B1_NS, pozzetto_taken="y")
    response = four.post(f"/t/{four.token}/m/{match_id}/hands/new",
                         side_hand(four, match_id, [closed_without, B1_EW], by="Ann"))
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert "Ann closed, but Ann & Cat has not taken its pozzetto" in page
    assert re.search(r'id="s0_pozzetto_taken"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="s0_pozzetto_taken"',
                     page)
    response = four.post(f"/t/{four.token}/m/{match_id}/hands/new",
                         side_hand(four, match_id, [dict(B1_NS, meld_points="60"), B1_EW], by="Ann"))
    assert response.status_code == 422
    assert "1 clean burraco and 1 semi-clean burraco alone are worth at least 90 (meld_points 60)" in html.unescape(response.get_data(as_text=True))
    with app.app_context():
        assert db.session.query(Entry).filter_by(match_id=match_id).count() == 0


def test_the_match_to_2005_and_its_winners(four, client):
    match_id = four.start_match("burraco", ["Ann", "Ben", "Cat", "Dan"], stake="5")
    save(four, match_id, side_hand(four, match_id, [B1_NS, B1_EW], by="Ann"))
    save(four, match_id, side_hand(four, match_id, B2, end="stock_exhausted"))
    save(four, match_id, side_hand(four, match_id, B3, by="Dan"))
    save(four, match_id, side_hand(four, match_id, B4, by="Ann"))
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert totals(page) == {"Ann & Cat": 2135, "Ben & Dan": 1620}
    assert "Ann &amp; Cat win<" in page and 'id="record"' not in page


def test_a_set_number_of_hands_shows_victory_points(four, client):
    match_id = four.start_match("burraco", ["Ann", "Ben", "Cat", "Dan"], rules={"match_mode": "hands", "hands": "3"})
    save(four, match_id, side_hand(four, match_id, [B1_NS, B1_EW], by="Ann"))
    save(four, match_id, side_hand(four, match_id, B2, end="stock_exhausted"))
    save(four, match_id, side_hand(four, match_id, B3, by="Dan"))
    page = client.get(f"/t/{four.token}/m/{match_id}").get_data(as_text=True)
    assert totals(page) == {"Ann & Cat": 1035, "Ben & Dan": 1455}
    assert "14 victory points" in page and "6 victory points" in page and "Ben &amp; Dan win<" in page


def test_six_players_play_three_pairs(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
    match_id = scorer.start_match("burraco", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"])
    sides = [{"clean_burracos": "2", "meld_points": "415", "hand_points": "60"},
             {"clean_burracos": "1", "semi_clean_burracos": "1", "dirty_burracos": "1", "meld_points": "640",
              "hand_points": "35"},
             {"dirty_burracos": "1", "meld_points": "210", "hand_points": "145", "pozzetto_taken": "y"}]
    save(scorer, match_id, side_hand(scorer, match_id, sides, by="Eve"))
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert totals(page) == {"Ann & Dan": 755, "Ben & Eve": 1155, "Cat & Fay": 65}


def test_five_players_are_refused_in_words(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan", "Eve")
    ids = scorer.player_ids()
    data = {f"seat_{ids[n]}": str(i) for i, n in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve"], start=1)}
    data.update(variant="burraco", first_dealer="", stake="")
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=burraco", data)
    assert response.status_code == 422
    assert "Burraco is for 2, 3, 4 or 6 players, not 5" in response.get_data(as_text=True)


def test_three_players_from_a_lone_player_and_a_pair_to_each_alone(scorer, client, app):
    """B-7: hands 1 and 2 name the lone player; Ann reaches 1000, so hand 3's form asks each player alone,
    and hand 2, edited later, comes back in the form it was entered by."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("burraco", ["Ann", "Ben", "Cat"])
    ids = scorer.player_ids()
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Who plays alone?" in page and "The pair" in page
    save(scorer, match_id, side_hand(scorer, match_id, [
        {"clean_burracos": "1", "dirty_burracos": "1", "meld_points": "305", "hand_points": "0"},
        {"dirty_burracos": "1", "meld_points": "200", "hand_points": "135", "pozzetto_taken": "y"}],
        by="Ann", lone=str(ids["Ann"])))
    save(scorer, match_id, side_hand(scorer, match_id, [
        {"semi_clean_burracos": "1", "meld_points": "180", "hand_points": "95"},
        {"clean_burracos": "2", "meld_points": "385", "hand_points": "50"}], by="Ben", lone=str(ids["Cat"])))
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert totals(page, "standings") == {"Ann": 1123, "Ben": 451, "Cat": 268}
    assert "Each plays alone from now on: a total has reached 1,000." in page
    assert "Who plays alone?" not in page
    # each alone: the boxes are the players' own, in seat order
    save(scorer, match_id, side_hand(scorer, match_id, [
        {"dirty_burracos": "1", "meld_points": "130", "hand_points": "45"},
        {"clean_burracos": "1", "meld_points": "240", "hand_points": "0"},
        {"meld_points": "70", "hand_points": "120", "pozzetto_taken": "y"}], by="Ben"))
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert totals(page, "standings") == {"Ann": 1308, "Ben": 991, "Cat": 118}
    document = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
    assert "lone" not in document["entries"][2] and set(document["entries"][2]["sides"]) == {"Ann", "Ben", "Cat"}
    with app.app_context():
        second = db.session.query(Entry).filter_by(match_id=match_id).order_by(Entry.position).all()[1].id
    page = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{second}/edit").get_data(as_text=True)
    assert "Who plays alone?" in page
    assert re.search(r'name="s1_meld_points"[^>]*value="385"|value="385"[^>]*name="s1_meld_points"', page)


def test_the_meld_checker_says_which_burraco(client):
    page = html.unescape(client.get("/melds?variant=burraco&mode=meld&cards=4H+5H+6H+7H+8H+9H+10H+JK")
                         .get_data(as_text=True))
    assert "a semi-clean burraco: a sequence of 8 cards" in page and "150" in page
    page = html.unescape(client.get("/melds?variant=burraco&mode=meld&cards=5H+5C+2C+JK").get_data(as_text=True))
    assert "at most one wild card" in page
    page = html.unescape(client.get("/melds?variant=burraco&mode=hand&cards=7D+8D+9D+JK+JD+QD+KD+QS+QH+QC")
                         .get_data(as_text=True))
    assert "melds worth 115" in page
    italian = html.unescape(client.get("/melds?variant=burraco&mode=meld&cards=5H+6H+7H+8H+9H+10H+JH",
                                       headers={"Accept-Language": "it"}).get_data(as_text=True))
    assert "un burraco pulito" in italian
