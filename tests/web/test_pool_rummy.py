"""Pool Rummy through the generic pages (docs/rules/pool_rummy.md): the hand form draws the entry fields the
game declares (who declared, the deal's wild rank, a count, a drop or a wrong show per player, cards), the
scoreboard says whether the rejoin is open and on what total, offers the rejoin and the split, and the
match page, history, stats, spectator sheet and meld checker play it with no word of the game in them."""

from __future__ import annotations

import html
import re
import uuid

import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper import service
from scorekeeper.service.models import Match, Table

from .test_export import upload


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def _deal(scorer, match_id, by, **per_player):
    """One deal through the form: a count (int), "first"/"middle" (a drop), "wrong" (a wrong show) or
    cards (a string with spaces) per player; ``wild_rank`` for the deal."""
    ids = scorer.player_ids()
    data = {"by": str(ids[by]), "end": "declare", "version": str(scorer.version(match_id)), "key": uuid.uuid4().hex}
    wild = per_player.pop("wild_rank", None)
    if wild:
        data["wild_rank"] = wild
    for name, value in per_player.items():
        pid = ids[name]
        if isinstance(value, int):
            data[f"points_{pid}"] = str(value)
        elif value in ("first", "middle"):
            data[f"drop_{pid}"] = value
        elif value == "wrong":
            data[f"wrong_show_{pid}"] = "y"
        else:
            data[f"cards_{pid}"] = value
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)


def _button(scorer, match_id, what, **data):
    data.update({"version": str(scorer.version(match_id)), "key": uuid.uuid4().hex})
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/{what}", data)


def test_pr1_through_the_pages(scorer, client, app):
    """PR1: the cap, drops, a wrong show, the rejoin closed above 79, the last one in wins."""
    scorer.create_table()
    scorer.add_players("A", "B", "C", "D")
    new = _said(client.get(f"/t/{scorer.token}/matches/new?variant=pool_rummy"))
    assert "Pool Rummy" in new and "First drop 20, middle drop 40, wrong show 80." in new
    match_id = scorer.start_match("pool_rummy", ["A", "B", "C", "D"], stake="10")
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    said = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Who declared?" in said and "Wild rank this deal" in said
    assert "First drop (20)" in said and "Middle drop (40)" in said and "Wrong show (80)" in said
    assert 'value="declare"' in board and "data-wild" in board
    assert "Rejoin open" not in said  # nobody is out yet
    assert "Split the pot" in said

    assert _deal(scorer, match_id, "A", B=34, C="first", D=95).status_code == 302
    assert scorer.totals(match_id) == {"A": 0, "B": 34, "C": 20, "D": 80}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "D +80 : counts 95 → 80 (full count)" in page and "C +20 : first drop: 20" in page
    assert _deal(scorer, match_id, "B", A="middle", C=61, D="first").status_code == 302
    assert scorer.totals(match_id) == {"A": 40, "B": 34, "C": 81, "D": 100}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Rejoin closed: D is on 100, above 79." in page
    # B's wrong show does not end the deal: C declares in the end
    assert _deal(scorer, match_id, "C", A=12, B="wrong", D=7).status_code == 302
    assert scorer.totals(match_id) == {"A": 52, "B": 114, "C": 81, "D": 107}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Rejoin?" not in page  # C on 81 closed it: B and D are finished
    assert _deal(scorer, match_id, "A", C=25).status_code == 302
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.status == "finished"
        view_token = match.view_token
    finished = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "A wins" in finished and "40.00" in finished
    history = _said(client.get(f"/t/{scorer.token}/m/{match_id}/history"))
    assert "Pool Rummy" in history and "114" in history
    stats = _said(client.get(f"/t/{scorer.token}/stats"))
    assert "Pool Rummy" in stats
    spectator = client.get(f"/v/{view_token}")
    assert spectator.status_code == 200 and "Pool Rummy" in _said(spectator)
    assert "Rejoin" not in _said(spectator)  # the match is over: nothing is open


def test_a_rejoin_the_wild_rank_and_a_split(scorer, client, app):
    """PR2's rejoin at 69 + 1 in a 201 pool, a hand typed as cards with its wild rank, then a split."""
    scorer.create_table()
    scorer.add_players("P", "Q", "R")
    match_id = scorer.start_match("pool_rummy", ["P", "Q", "R"], rules={"pool": "201"}, stake="10")
    assert _deal(scorer, match_id, "P", Q=80, R="first").status_code == 302
    assert _deal(scorer, match_id, "R", P="middle", Q=112).status_code == 302
    assert _deal(scorer, match_id, "P", Q="middle", R=44).status_code == 302
    assert scorer.totals(match_id) == {"P": 50, "Q": 210, "R": 69}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Rejoin?" in page and "Q is out on 210. Rejoin on 70 for" in page and "Rejoin Q" in page
    assert _button(scorer, match_id, "rebuy", player=str(scorer.player_ids()["Q"])).status_code == 302
    assert scorer.totals(match_id) == {"P": 50, "Q": 70, "R": 69}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Rejoin open, on 71: nobody still in is above 174." in page
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    assert "Rejoin open, on 71" in _said(client.get(f"/v/{view_token}"))
    # cards with the deal's wild rank: 9♦ stands in for 9♥, the joker makes 4♣ 4♦ a set; 2♦ 2♣ 10♦ 5♠ loose
    assert _deal(scorer, match_id, "R", P="first",
                 Q="AS KS QS 7H 8H 9D 4C 4D JK 2D 2C 10D 5S", wild_rank="9").status_code == 302
    assert scorer.totals(match_id) == {"P": 75, "Q": 89, "R": 69}
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "loose 2♦ 2♣ 10♦ 5♠: 19" in page
    # the card picker's live line counts with the wild rank given in the form
    q = scorer.player_ids()["Q"]
    line = _said(client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards",
                            query_string={"player": q, f"cards_{q}": "5H 6H 7H 10C JC 9S 2C", "wild_rank": "9"}))
    assert "2 points" in line and "9 wild this deal" in line
    # a count and a drop for one player are refused beside the box
    ids = scorer.player_ids()
    both = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", {
        "by": str(ids["Q"]), "end": "declare", f"points_{ids['P']}": "5", f"drop_{ids['P']}": "first",
        f"points_{ids['R']}": "3", "version": str(scorer.version(match_id)), "key": uuid.uuid4().hex})
    assert both.status_code == 422 and "give only one of" in _said(both)
    # the players still in split the pot: four stakes, three shares
    assert _button(scorer, match_id, "split").status_code == 302
    with app.app_context():
        assert db.session.get(Match, match_id).status == "finished"
    finished = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "13.33" in finished and "0.01" in finished
    document = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
    assert document["entries"][-1] == {"kind": "split", "players": ["P", "Q", "R"]}
    assert document["entries"][4]["wild_rank"] == "9" and document["entries"][4]["held"]["P"] == {"drop": "first"}
    # the document comes back in as the same match: the split, the rejoin and the drops replayed
    target = scorer.create_table("Copy")
    response = upload(scorer, document, token=target)
    assert response.status_code == 302
    with app.app_context():
        copy = db.session.scalar(sa.select(Table).where(Table.token == target)).matches[0]
        assert copy.status == "finished"
        standings = service.standings(copy)
    assert {p.name: p.total for p in standings.players} == {"P": 75, "Q": 89, "R": 69}
    assert standings.winners == ["P", "Q", "R"] and str(standings.pot_remainder) == "0.01"


def _comeback_row(client, scorer, match_id, language: str) -> str:
    """What the sheet's row of the rebuy entry is called, in ``language``."""
    page = client.get(f"/t/{scorer.token}/m/{match_id}", headers={"Accept-Language": language}).get_data(as_text=True)
    found = re.search(r'<tr class="kind-rebuy"[^>]*>\s*<th scope="row">(?:<a [^>]*>)?([^<]+)', page)
    assert found, "no rebuy row"
    return found.group(1)


def test_the_row_of_a_player_coming_back_is_named_as_the_game_names_it(scorer, client):
    """The row says the name the game's words give the entry (engine.rebuys: Pool Rummy's rejoin,
    Rumino's rebuy), in each language."""
    scorer.create_table()
    scorer.add_players("P", "Q", "R")
    pool = scorer.start_match("pool_rummy", ["P", "Q", "R"], rules={"pool": "201"}, stake="10")
    for by, held in (("P", {"Q": 80, "R": "first"}), ("R", {"P": "middle", "Q": 112}), ("P", {"Q": "middle", "R": 44})):
        assert _deal(scorer, pool, by, **held).status_code == 302
    assert _button(scorer, pool, "rebuy", player=str(scorer.player_ids()["Q"])).status_code == 302
    assert (_comeback_row(client, scorer, pool, "en"), _comeback_row(client, scorer, pool, "it")) == ("rejoin", "rientro")
    rumino = scorer.start_match("rumino", ["P", "Q", "R"], stake="10")
    scorer.record(rumino, by="R", end="knock", points={"P": 60, "Q": 50, "R": 2})
    scorer.record(rumino, by="R", end="knock", points={"P": 45, "Q": 30, "R": 2})
    assert _button(scorer, rumino, "rebuy", player=str(scorer.player_ids()["P"])).status_code == 302
    assert (_comeback_row(client, scorer, rumino, "en"), _comeback_row(client, scorer, rumino, "it")) == ("rebuy", "rientro")


def _comeback_offer(client, scorer, match_id, language: str) -> str:
    """What the scoreboard's offer to come back says (its question, the offer, its button, the last call), in
    ``language``, tags dropped."""
    page = client.get(f"/t/{scorer.token}/m/{match_id}", headers={"Accept-Language": language}).get_data(as_text=True)
    found = re.search(r'<section class="card rebuys".*?</section>', page, re.S)
    assert found, "no offer to come back"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(0))).split())


def _badge(client, scorer, match_id, language: str) -> str:
    page = client.get(f"/t/{scorer.token}/m/{match_id}", headers={"Accept-Language": language}).get_data(as_text=True)
    return re.findall(r'<span class="badge">([^<]*×[^<]*)</span>', page)


def test_the_offer_to_come_back_is_worded_as_the_game_words_it(scorer, client):
    """The offer, its button and the badge say what the game's words object says (engine.rebuys: Pool
    Rummy's rejoin, Rumino's rebuy), in each language; the web chooses no sentence of its own."""
    scorer.create_table()
    scorer.add_players("P", "Q", "R")
    pool = scorer.start_match("pool_rummy", ["P", "Q", "R"], rules={"pool": "201"}, stake="10")
    for by, held in (("P", {"Q": 80, "R": "first"}), ("R", {"P": "middle", "Q": 112}), ("P", {"Q": "middle", "R": 44})):
        assert _deal(scorer, pool, by, **held).status_code == 302
    assert _comeback_offer(client, scorer, pool, "en") == (
        "Rejoin? Q is out on 210. Rejoin on 70 for 10.00? Rejoin Q "
        "Whoever has not rejoined when the next hand is saved is out for good.")
    assert _comeback_offer(client, scorer, pool, "it") == (
        "Rientro? Q è fuori con 210. Rientra a 70 per 10,00? Fai rientrare Q "
        "Chi non è rientrato quando si salva la mano successiva è fuori definitivamente.")
    assert _button(scorer, pool, "rebuy", player=str(scorer.player_ids()["Q"])).status_code == 302
    assert (_badge(client, scorer, pool, "en"), _badge(client, scorer, pool, "it")) == (["rejoined ×1"], ["rientrato ×1"])
    rumino = scorer.start_match("rumino", ["P", "Q", "R"], stake="10")
    scorer.record(rumino, by="R", end="knock", points={"P": 60, "Q": 50, "R": 2})
    scorer.record(rumino, by="R", end="knock", points={"P": 45, "Q": 30, "R": 2})
    assert _comeback_offer(client, scorer, rumino, "en") == (
        "Rebuy? P is out on 105. Rebuy on 80 for 20.00? Rebuy P "
        "Whoever has not rebought when the next hand is saved is out for good.")
    assert _comeback_offer(client, scorer, rumino, "it") == (
        "Rientro? P è eliminato a 105. Rientra a 80 per 20,00? Fai rientrare P "
        "Chi non è rientrato quando si salva la mano successiva è fuori per sempre.")
    assert _button(scorer, rumino, "rebuy", player=str(scorer.player_ids()["P"])).status_code == 302
    assert (_badge(client, scorer, rumino, "en"), _badge(client, scorer, rumino, "it")) == (["rebought ×1"], ["rientrato ×1"])
    # the match's page says it too, each game in its own word
    assert [_history_state(client, scorer, m, "Q" if m == pool else "P") for m in (pool, rumino)] == [
        "in, rejoined ×1", "in, rebought ×1"]


def _history_state(client, scorer, match_id, name: str) -> str:
    """The state cell of ``name``'s line on the match's page, tags dropped."""
    page = client.get(f"/t/{scorer.token}/m/{match_id}/history").get_data(as_text=True)
    found = re.search(rf"<th scope=\"row\">[^<]*(?:<bdi>)?{name}(?:</bdi>)?</th>.*?<td class=\"state\">(.*?)</td>", page, re.S)
    assert found, page
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def test_the_meld_checker_answers_for_pool(client):
    def ask(**q):
        return _said(client.get("/melds", query_string={"variant": "pool_rummy", **q}))

    assert "pure sequence" in ask(cards="5H 6H 7H")
    assert "impure sequence" in ask(cards="5H JK 7H")
    assert "set" in ask(cards="9S 9H 9C")
    assert "impure sequence" in ask(cards="5H 6H 9S", rank="9")
    hand = ask(mode="hand", cards="AS KS QS 2D 3D 4D 7H 8H JK 4C 4D 4S 10D", rank="10")
    assert "A valid declaration" in hand
    hand = ask(mode="hand", cards="5S 5H 5D 6C 6D 6H 7S 7C 7D 9C 9D 9H JK")
    assert "Not a valid declaration" in hand


def test_a_deal_is_edited_with_its_drop_wrong_show_and_wild_rank_kept(scorer, client, app):
    scorer.create_table()
    scorer.add_players("A", "B", "C")
    match_id = scorer.start_match("pool_rummy", ["A", "B", "C"])
    assert _deal(scorer, match_id, "A", B="middle", C="wrong", wild_rank="7").status_code == 302
    with app.app_context():
        entry = db.session.get(Match, match_id).entries[0]
        entry_id = entry.id
    ids = scorer.player_ids()
    page = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit").get_data(as_text=True)
    assert re.search(rf'<input[^>]*checked[^>]*name="drop_{ids["B"]}"[^>]*value="middle"|'
                     rf'<input[^>]*name="drop_{ids["B"]}"[^>]*value="middle"[^>]*checked', page)
    assert re.search(rf'<input[^>]*name="wrong_show_{ids["C"]}"[^>]*checked|<input[^>]*checked[^>]*name="wrong_show_{ids["C"]}"', page)
    assert re.search(r'<input[^>]*name="wild_rank"[^>]*value="7"[^>]*checked|<input[^>]*checked[^>]*name="wild_rank"[^>]*value="7"', page)
    # B really counted 12: the edit replaces the drop by the count, and C's wrong show stays
    data = {"by": str(ids["A"]), "end": "declare", f"points_{ids['B']}": "12", f"drop_{ids['B']}": "",
            f"wrong_show_{ids['C']}": "y", "wild_rank": "7", "version": str(scorer.version(match_id)),
            "key": uuid.uuid4().hex}
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit", data).status_code == 302
    assert scorer.totals(match_id) == {"A": 0, "B": 12, "C": 80}


def test_the_pool_sheet_in_italian(scorer, client):
    scorer.create_table()
    scorer.add_players("A", "B", "C")
    match_id = scorer.start_match("pool_rummy", ["A", "B", "C"])
    assert _deal(scorer, match_id, "A", B="first", C=95).status_code == 302
    page = _said(client.get(f"/t/{scorer.token}/m/{match_id}", headers={"Accept-Language": "it"}))
    for words in ("Chi ha dichiarato?", "Ritiro iniziale (20)", "Dichiarazione sbagliata (80)", "Conteggio",
                  "Rientro chiuso: C è a 80, sopra 79.", "Dividere il piatto",
                  "ritiro iniziale: 20", "conta 95 → 80 (conteggio pieno)"):
        assert words in page, words
    for english in ("Who declared", "First drop", "Wrong show", "Rejoin", "Split the pot", "full count"):
        assert english not in page, english


def test_two_pure_sequences_and_a_left_over_joker_on_every_route(scorer, client, app):
    """2♥ 3♥ 4♥ 5♠ 6♠ 7♠ JKR (a common hand) was a 500 on the hand, its preview, the card line and the
    meld checker: each now counts it 0."""
    scorer.create_table()
    scorer.add_players("P", "Q")
    match_id = scorer.start_match("pool_rummy", ["P", "Q"])
    q = scorer.player_ids()["Q"]
    hand = "2H 3H 4H 5S 6S 7S JK"
    line = client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards", query_string={"player": q, f"cards_{q}": hand})
    assert line.status_code == 200 and "0 points" in _said(line)
    checked = client.get("/melds", query_string={"variant": "pool_rummy", "mode": "hand", "cards": hand})
    assert checked.status_code == 200
    wild = client.get("/melds", query_string={"variant": "pool_rummy", "mode": "hand",
                                              "cards": "AH JH 10H QD JD 9H KD", "rank": "A"})
    assert wild.status_code == 200
    assert _deal(scorer, match_id, "P", Q=hand).status_code == 302
    assert scorer.totals(match_id) == {"P": 0, "Q": 0}
