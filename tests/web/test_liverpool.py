"""Liverpool Rummy through the generic pages (docs/rules/liverpool.md): the hand form draws what the game
declares (who went out or that the stock ran out, points or cards, the exact cut per player), the
scoreboard says the next deal and its contract, seven deals end the match with the lowest total winning,
and the match page, history, spectator sheet and meld checker play it in English and Italian."""

from __future__ import annotations

import html
import re
import uuid

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match

SEATS = ["Ann", "Ben", "Cat", "Dan"]


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def _hand(scorer, match_id, by, end="out", cut=None, **per_player):
    """One deal through the form: points (int) or cards (str) per player; ``cut`` marks the exact cut."""
    ids = scorer.player_ids()
    data = {"by": str(ids[by]) if by else "", "end": end, "version": str(scorer.version(match_id)),
            "key": uuid.uuid4().hex}
    for name, value in per_player.items():
        data[f"points_{ids[name]}" if isinstance(value, int) else f"cards_{ids[name]}"] = str(value)
    for name in [cut] if isinstance(cut, str) else cut or []:
        data[f"exact_cut_{ids[name]}"] = "y"
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)


#: LV-2's deals 2 to 7 (docs/rules/liverpool.md#lv-2), typed as points
LV2 = [("Ben", dict(Ann=45, Cat=12, Dan=30)), ("Cat", dict(Ann=8, Ben=55, Dan=27)), ("Dan", dict(Ann=70, Ben=5, Cat=33)),
       ("Ann", dict(Ben=62, Cat=41, Dan=18)), ("Cat", dict(Ann=24, Ben=36, Dan=90))]


def test_seven_deals_with_cards_and_an_exact_cut(scorer, client, app):
    """LV-1 with LV-5's exact cut, then LV-2's deals to the end; deal 7 from Dan's cards (LV-3)."""
    scorer.create_table()
    scorer.add_players(*SEATS)
    new = _said(client.get(f"/t/{scorer.token}/matches/new?variant=liverpool"))
    assert "Liverpool Rummy" in new and "deal 7: 3 runs, 12 cards" in new
    assert "Deal 7: every card in three runs at once, with no discard." in new
    match_id = scorer.start_match("liverpool", SEATS)
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Deal 1: 2 sets" in page and "Cut exactly" in page and "Stock ran out" in page

    assert _hand(scorer, match_id, "Ann", cut="Ben", Ben="KS 7D 7C AH", Cat="JK 2C 3C",
                 Dan="10H 9S 4D 4S 8C QD AS").status_code == 302
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": -11, "Cat": 20, "Dan": 60}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "10 + 7 + 7 + 15 = 39 − 50 (exact cut) = −11" in page and "1 set + 1 run" in page
    for by, points in LV2:
        assert _hand(scorer, match_id, by, **points).status_code == 302
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "3 runs, all at once, no discard" in page
    assert _hand(scorer, match_id, "Dan", Dan="4H 5H 6H 7H 9C 10C JC QC KC AD 2D 3D JK", Ann=105, Ben=80,
                 Cat=66).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 252, "Ben": 227, "Cat": 172, "Dan": 225}
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.status == "finished"
        view_token = match.view_token
    assert "Cat wins" in _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Liverpool Rummy" in _said(client.get(f"/t/{scorer.token}/m/{match_id}/history"))
    spectator = client.get(f"/v/{view_token}")
    assert spectator.status_code == 200 and "Liverpool Rummy" in _said(spectator)


def test_the_stock_runs_out(scorer, client):
    """LV-6: nobody went out; everybody counts, and it was a deal."""
    scorer.create_table()
    scorer.add_players(*SEATS)
    match_id = scorer.start_match("liverpool", SEATS)
    assert _hand(scorer, match_id, "Ann", Ben=39, Cat=20, Dan=60).status_code == 302
    # a player tapped before the end was chosen is not sent: the stock ran out names nobody
    assert _hand(scorer, match_id, "Cat", end="stock_exhausted", Ann=22, Ben=41, Cat=9, Dan=30).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 22, "Ben": 80, "Cat": 29, "Dan": 90}
    assert "Deal 3: 2 runs" in _said(client.get(f"/t/{scorer.token}/m/{match_id}"))


def test_refusals_are_said_beside_the_box_and_nothing_is_saved(scorer, client):
    scorer.create_table()
    scorer.add_players(*SEATS)
    match_id = scorer.start_match("liverpool", SEATS)
    response = _hand(scorer, match_id, "Ann", cut=["Ben", "Cat"], Ben=39, Cat=20, Dan=60)
    assert response.status_code == 422 and "only one player cuts: Ben and Cat" in _said(response)
    response = _hand(scorer, match_id, "Ann", Ben=1, Cat=20, Dan=60)
    assert response.status_code == 422 and "no card is worth less than 2" in _said(response)
    response = _hand(scorer, match_id, "Ann", Ben="AS AS", Cat="AS 5D", Dan=60)
    assert response.status_code == 422 and "A♠" in _said(response)
    response = _hand(scorer, match_id, "Ann", Ben=451, Cat=20, Dan=60)
    assert response.status_code == 422 and "at most 450" in _said(response)
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 0}


def test_the_sheet_in_italian(scorer, client):
    scorer.create_table()
    scorer.add_players(*SEATS)
    match_id = scorer.start_match("liverpool", SEATS)
    assert _hand(scorer, match_id, "Ann", cut="Ben", Ben="KS 7D 7C AH", Cat=20, Dan=60).status_code == 302
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}", headers={"Accept-Language": "it"}))
    for words in ("Taglio esatto", "(taglio esatto) = −11", "1 tris + 1 scala"):
        assert words in page, words
    for english in ("exact cut", "Cut exactly", "1 set + 1 run"):
        assert english not in page, english
    new = _said(client.get(f"/t/{scorer.token}/matches/new?variant=liverpool", headers={"Accept-Language": "it"}))
    assert "Chi taglia esattamente le carte che servono toglie 50 dal suo punteggio." in new


def test_the_meld_checker_answers_for_liverpool(client):
    def ask(**q):
        response = client.get("/melds", query_string={"variant": "liverpool", **q}, headers={"HX-Request": "true"})
        assert response.status_code == 200
        return _said(response)

    assert "run" in ask(cards="JC QC KC AC") and "Not" in ask(cards="QS KS AS 2S")
    assert "Meets deal 7's contract" in ask(mode="hand", deal="7", cards="4H 5H 6H 7H 9C 10C JC QC KC AD 2D 3D JK")
    said = ask(mode="hand", deal="3", cards="2S 3S 4S 5S 9H 9D 9C")
    assert "Not deal 3's contract: deal 3 asks for 2 runs" in said
