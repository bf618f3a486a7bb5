"""Scala 40 through the generic pages (docs/rules/scala40.md): the hand form draws what the game declares
(who closed and how, points or cards, "never opened" per player), the scoreboard offers the re-entry on the
highest total still in, the match ends with the last one in taking the pot, and the match page, history,
spectator sheet and meld checker play it in English and Italian with no word of the game in the web."""

from __future__ import annotations

import html
import re
import uuid

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def _hand(scorer, match_id, by, end="out", **per_player):
    """One hand through the form: points (int), cards (str) or "never" (never opened) per player."""
    ids = scorer.player_ids()
    data = {"by": str(ids[by]), "end": end, "version": str(scorer.version(match_id)), "key": uuid.uuid4().hex}
    for name, value in per_player.items():
        pid = ids[name]
        if isinstance(value, int):
            data[f"points_{pid}"] = str(value)
        elif value == "never":
            data[f"unopened_{pid}"] = "y"
        else:
            data[f"cards_{pid}"] = value
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)


def _rejoin(scorer, match_id, name):
    data = {"player": str(scorer.player_ids()[name]), "version": str(scorer.version(match_id)),
            "key": uuid.uuid4().hex}
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/rebuy", data)


def test_q1_to_q4_through_the_pages(scorer, client, app):
    """Q1–Q4: a player who never opened, an elimination, a re-entry, a closing in one turn, two out at
    once, the last one in wins the €25 pot."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    new = _said(client.get(f"/t/{scorer.token}/matches/new?variant=scala40"))
    assert "Scala 40" in new and "a player who never opened pays 100" in new
    match_id = scorer.start_match("scala40", ["Ann", "Ben", "Cat", "Dan"], stake="5")
    said = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Who ended the hand?" in said and "Out in one turn" in said and "never opened" in said

    assert _hand(scorer, match_id, "Ann", Ben="KS 7D AC", Cat="JK 4H", Dan="never").status_code == 302
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 28, "Cat": 29, "Dan": 100}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "never opened: 100" in page and "10 + 7 + 11 = 28" in page
    assert _hand(scorer, match_id, "Cat", Ann="9C 9D", Ben="QH", Dan="2S 3S").status_code == 302
    assert scorer.totals(match_id) == {"Ann": 18, "Ben": 38, "Cat": 29, "Dan": 105}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Rejoin?" in page and "Dan is out on 105. Rejoin on 38 for" in page
    assert _rejoin(scorer, match_id, "Dan").status_code == 302
    assert scorer.totals(match_id)["Dan"] == 38
    # Q3: Ben closes in one turn; Cat never opened pays 200 and is out; she does not re-enter
    assert _hand(scorer, match_id, "Ben", end="out_in_one_turn", Ann="QC 8H 7S", Cat="never",
                 Dan="8S").status_code == 302
    assert scorer.totals(match_id) == {"Ann": 68, "Ben": 38, "Cat": 229, "Dan": 54}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "never opened: 100 × 2 = 200" in page and "Rejoin on 68" in page
    # Q4: Ann and Ben out on 108 at once; Dan, the last one in, wins the pot
    assert _hand(scorer, match_id, "Dan", Ann=40, Ben=70).status_code == 302
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.status == "finished"
        view_token = match.view_token
    finished = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Dan wins" in finished and "25.00" in finished
    history = _said(client.get(f"/t/{scorer.token}/m/{match_id}/history"))
    assert "Scala 40" in history
    spectator = client.get(f"/v/{view_token}")
    assert spectator.status_code == 200 and "Scala 40" in _said(spectator)
    stats = _said(client.get(f"/t/{scorer.token}/stats"))
    assert "Scala 40" in stats


def test_refusals_are_said_beside_the_box_and_nothing_is_saved(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("scala40", ["Ann", "Ben", "Cat"])
    # an opened player's cards are worth at most 166
    response = _hand(scorer, match_id, "Ann", Ben=170, Cat=5)
    assert response.status_code == 422 and "Ben opened: his cards are worth at most 166 (170)" in _said(response)
    # a player who never opened holds 13 cards
    ids = scorer.player_ids()
    data = {"by": str(ids["Ann"]), "end": "out", f"points_{ids['Ben']}": "5", f"unopened_{ids['Cat']}": "y",
            f"cards_{ids['Cat']}": "KS QH JD 10C 9S 8H 7D 6C 5S 4H 3D 2C", "version": str(scorer.version(match_id)),
            "key": uuid.uuid4().hex}
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)
    assert response.status_code == 422 and "Cat never opened, so he holds 13 cards (12)" in _said(response)
    # three 7♦ cannot be in two packs
    response = _hand(scorer, match_id, "Ann", Ben="7D 7D", Cat="7D 2C")
    assert response.status_code == 422 and "7♦" in _said(response)
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 0, "Cat": 0}


def test_the_sheet_in_italian(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    match_id = scorer.start_match("scala40", ["Ann", "Ben", "Cat"], stake="5")
    assert _hand(scorer, match_id, "Ann", end="out_in_one_turn", Ben="KS 7D AC", Cat="never").status_code == 302
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}", headers={"Accept-Language": "it"}))
    for words in ("Chiusura in mano", "mai aperto: 100 × 2 = 200", "Rientro? Cat è fuori con 200. Rientra a 56",
                  "Chi ha chiuso la mano?", "chiusura: 0"):
        assert words in page, words
    for english in ("never opened", "closed in one turn", "Rejoin"):
        assert english not in page, english
    new = _said(client.get(f"/t/{scorer.token}/matches/new?variant=scala40", headers={"Accept-Language": "it"}))
    assert "chi non ha mai aperto paga 100" in new and "L'ultimo rimasto in gioco vince il piatto." in new


def test_the_meld_checker_answers_for_scala40(client):
    def ask(**q):
        response = client.get("/melds", query_string={"variant": "scala40", **q}, headers={"HX-Request": "true"})
        assert response.status_code == 200
        return _said(response)

    assert "run of 3" in ask(cards="QH KH AH") and "Opening value 31 (an opening needs 40)" in ask(cards="QH KH AH")
    assert "at most one joker" in ask(cards="5H JK JK 8H")
    hand = ask(mode="hand", cards="QH KH AH 7S 7D 7C 2C 9D")
    assert "An opening, laid in one turn" in hand and "52" in hand
    hand = ask(mode="hand", cards="AD 2D 3D KS KH KC 9D")
    assert "Not enough to open" in hand and "36" in hand and "40" in hand
