"""The engine's words on the scoreboard come out in the page's language: a Ramino hand's explanations
are Italian on an Italian page and the same English as ever on an English one."""

from __future__ import annotations


def _ramino_hand(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("ramino", ["Ann", "Ben"])
    response = scorer.record(match_id, by="Ann", end="out", points={"Ann": 0}, cards={"Ben": "KS QS 5D"})
    assert response.status_code in (302, 303), response.get_data(as_text=True)
    return match_id


def test_the_scoreboard_says_the_engine_words_in_italian(scorer, client):
    match_id = _ramino_hand(scorer)
    client.get("/lang/it?next=/")
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert '<html lang="it">' in page
    last = page[page.index('class="card last-hand"'):]
    last = last[:last.index("</section>")]
    assert "Ann ±0</strong>: ha chiuso: 0" in last
    assert "K♠ Q♠ 5♦: 10 + 10 + 5 = 25, arrotondato a 30" in last
    assert "rounded to" not in last and "went out" not in last


def test_the_scoreboard_says_the_engine_words_in_english(scorer, client):
    match_id = _ramino_hand(scorer)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Ann ±0</strong>: went out: 0" in page
    assert "K♠ Q♠ 5♦: 10 + 10 + 5 = 25, rounded to 30" in page
