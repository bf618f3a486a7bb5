"""The meld checker (/melds) through the web layer, and the card picker's server side (cards_text).

Every variant's page opens; verdicts carry their reason (the examples ramino.md#ra7, russian.md#rr6,
kalooki.md#k1 and rumino.md#r7 of docs/rules/); a whole hand gives
its best arrangement; bad cards get a message beside the field and 422 for htmx, never a 500.
"""

from __future__ import annotations

import html
import re

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.engine.variants import VARIANTS
from scorekeeper.web.picker import cards_text, picker_state

HTMX = {"HX-Request": "true"}


def text_of(response) -> str:
    """The response's visible text, tags dropped and entities read."""
    body = response.get_data(as_text=True)
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def verdict(client, **params) -> str:
    response = client.get("/melds", query_string=params, headers=HTMX)
    assert response.status_code == 200, text_of(response)
    return text_of(response)


# -- the page ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.uses_cards or v.checks_laid_melds])
def test_every_variant_has_a_page(client, key):
    response = client.get("/melds", query_string={"variant": key})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f'<option selected value="{key}">' in page
    assert 'name="cards"' in page and 'name="cards__pick"' in page
    assert 'aria-live="polite"' in page
    assert "Tap the cards of one meld" in page
    # the page is one GET form: no CSRF token needed, the result is a link
    assert re.search(r'<form method="get" action="/melds"', page)


def test_free_scoring_is_not_offered_and_unknown_values_fall_back(client):
    response = client.get("/melds", query_string={"variant": "free", "mode": "nonsense", "cards": "AS 2S 3S"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'value="free"' not in page
    assert "Yes, a Rumino run of 3" in text_of(response)


def test_home_page_links_to_the_checker(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/melds"' in page and "Check a meld" in page


def test_picker_draws_the_deck_of_the_game(client):
    gin = client.get("/melds?variant=gin").get_data(as_text=True)
    assert gin.count('name="cards__pick" value="9S"') == 1
    assert 'value="JK"' not in gin
    rumino = client.get("/melds?variant=rumino").get_data(as_text=True)
    assert rumino.count('name="cards__pick" value="9S"') == 2
    assert rumino.count('name="cards__pick" value="JK"') == 4
    assert 'aria-label="9 of spades"' in rumino
    russian6 = client.get("/melds?variant=russian&players=6").get_data(as_text=True)
    assert russian6.count('name="cards__pick" value="9S"') == 3


# -- one meld --------------------------------------------------------------------------------------------


def test_ramino_refuses_two_identical_cards_and_rumino_accepts_them(client):
    said = verdict(client, variant="ramino", cards="9S 9S 9H")
    assert "Not a Ramino meld: two identical 9♠ cannot be in a Ramino set." in said
    said = verdict(client, variant="rumino", cards="9S 9S 9H")
    assert "Yes, a Rumino set of 3: 9♠ 9♠ 9♥." in said
    assert "Kind set" in said


@pytest.mark.parametrize("cards, reason", [
    ("9S 9H 9D 9C 9S", "at most 4 cards"),      # Ra7: more than 4
    ("KS AS 2S", "K"),                         # Ra7: wraps round
    ("5H JK JK 8H", "at most one joker"),      # Ra7: two jokers
])
def test_ramino_invalid_melds_say_why(client, cards, reason):
    said = verdict(client, variant="ramino", cards=cards)
    assert "Not a Ramino meld:" in said
    assert reason in said


def test_ramino_valid_melds_give_kind_and_opening_value(client):
    said = verdict(client, variant="ramino", cards="QD KD AD")
    assert "Yes, a Ramino run of 3: Q♦ K♦ A♦." in said
    assert "Opening value 31 (an opening needs 50)" in said
    said = verdict(client, variant="ramino", cards="9S 9H JK")
    assert "Joker stands for" in said


def test_russian_books_depend_on_the_players(client):
    # RR6: 9♠9♠9♠ is a book with 5 or more players (3 packs), impossible with 2 packs
    assert "Yes, a Russian Rummy book of 3" in verdict(client, variant="russian", players="6", cards="9S 9S 9S")
    response = client.get("/melds", query_string={"variant": "russian", "players": "4", "cards": "9S 9S 9S"},
                          headers=HTMX)
    assert response.status_code == 422
    assert "Three 9♠ cannot be in play: the deck holds only two in Russian Rummy with 4 players." in text_of(response)
    said = verdict(client, variant="russian", cards="5H 6H 7H")
    assert "Not a Russian Rummy meld: a straight needs at least 4 cards." in said
    assert "Not a Russian Rummy meld" in verdict(client, variant="russian", cards="QD KD AD 2D")


def test_kalooki_ace_is_high_only(client):
    # K1: A♦2♦3♦ is not a meld at all; 8♠8♠8♥ repeats a suit
    assert "Not a Kalooki meld" in verdict(client, variant="kalooki", cards="AD 2D 3D")
    assert "Not a Kalooki meld" in verdict(client, variant="kalooki", cards="8S 8S 8H")
    assert "Opening value 31 (an opening needs 40)" in verdict(client, variant="kalooki", cards="QC KC AC")


def test_gin_ace_is_low_and_there_are_no_jokers(client):
    assert "Not a Gin Rummy meld" in verdict(client, variant="gin", cards="QS KS AS")
    response = client.get("/melds", query_string={"variant": "gin", "cards": "9S 9H JK"}, headers=HTMX)
    assert response.status_code == 422
    assert "without jokers" in text_of(response)


def test_a_rumino_is_recognised_in_one_meld_mode(client):
    # R7: 7♠7♠7♥7♥7♦7♣JKR wins the match at once
    said = verdict(client, variant="rumino", cards="7S 7S 7H 7H 7D 7C JK")
    assert "A rumino, 7 of a kind" in said and "wins the match" in said


# -- whole hand ------------------------------------------------------------------------------------------


def test_gin_hand_gives_its_arrangement_and_may_knock(client):
    response = client.get("/melds", query_string={
        "variant": "gin", "mode": "hand", "cards": "3H 4H 5H 8S 8D 8C JC QC KC AD"}, headers=HTMX)
    said = text_of(response)
    assert "May knock: deadwood 1, within the limit of 10." in said
    assert "Best arrangement" in said
    page = response.get_data(as_text=True)
    groups = re.findall(r'<li class="meld-group"[^>]*>(.*?)</li>', page, re.S)
    assert len(groups) == 3
    assert "Deadwood A♦ 1 point" in said


def test_gin_hand_after_the_draw_says_what_to_throw(client):
    said = verdict(client, variant="gin", mode="hand", cards="3H 4H 5H 8S 8D 8C JC QC KC AD 9D")
    assert "after throwing 9♦" in said and "Throw 9♦" in said


def test_rumino_hand_over_the_knock_limit(client):
    # R3: A holds Q♠ K♠ A♠ 4♥ 4♣ JKR 9♠: the joker as J♠ leaves 18
    said = verdict(client, variant="rumino", mode="hand", cards="QS KS AS 4H 4C JK 9S")
    assert "Cannot knock: deadwood 18 is over the limit of 7." in said
    assert "JKR=J♠" in said


def test_rumino_hand_gin_and_rumino(client):
    said = verdict(client, variant="rumino", mode="hand", cards="6C 7C 8C 9C QS QD JK")
    assert "Gin: every card is in a meld." in said
    said = verdict(client, variant="rumino", mode="hand", cards="3H 4H 5H 6H 7H 8H 9H")
    assert "Rumino! a 7-card straight flush" in said


def test_oklahoma_knock_limit_comes_from_the_upcard(client):
    hand = "3H 4H 5H 8S 8D 8C JC QC KC 2D"
    said = verdict(client, variant="oklahoma", mode="hand", cards=hand)
    assert "give the upcard" in said
    said = verdict(client, variant="oklahoma", mode="hand", cards=hand, upcard="AD")
    assert "Cannot knock: deadwood 2 is over the limit of 1." in said
    said = verdict(client, variant="oklahoma", mode="hand", cards=hand, upcard="6S")
    assert "May knock" in said and "a spade doubles" in said


def test_oklahoma_bad_upcard_is_refused_beside_its_field(client):
    response = client.get("/melds", query_string={"variant": "oklahoma", "mode": "hand", "upcard": "ZZ",
                                                  "cards": "3H 4H 5H"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'id="upcard-error">\'ZZ\' is not a card', html.unescape(page))


def test_ramino_hand_shows_what_is_left_and_the_opening(client):
    # Ra1: Q♥K♥A♥ (31) + 7♠7♦7♣ (21) = 52 opens
    said = verdict(client, variant="ramino", mode="hand", cards="QH KH AH 7S 7D 7C 2C 9D")
    assert "2 cards in no meld, worth 11" in said
    assert "Left over 9♦ 2♣ 11 points" in said
    assert "An opening, laid in one turn: opens with 52 (21 + 31), the minimum is 50" in said
    said = verdict(client, variant="ramino", mode="hand", cards="AD 2D 3D KS KH KC")
    assert "Not enough to open" in said


def test_russian_hand_against_a_deal_contract(client):
    hand = "9S 9H 9D 10S JS QS KH KD KC"
    assert "Meets deal 1's contract" in verdict(client, variant="russian", mode="hand", deal="1", cards=hand)
    said = verdict(client, variant="russian", mode="hand", deal="3", cards="2S 3S 4S 5S")
    assert "Not deal 3's contract: deal 3 asks for 2 books and 1 straight" in said
    said = verdict(client, variant="russian", mode="hand", deal="5",
                   cards="2S 3S 4S 5S 6S 7S 8S 9S KH KD KC")
    assert "Meets deal 5's contract" in said


def test_russian_contract_held_through_another_arrangement(client):
    # the least-points layout makes three books; the contract (2 books + 1 straight) needs the joker in
    # the straight 7♥ 8♥ 9♥: any arrangement that holds the contract counts
    hand = "9D JD 9H 5S JS 5H 7H 5C 9C JK 9S 8H"
    said = verdict(client, variant="russian", mode="hand", deal="3", cards=hand)
    assert "Meets deal 3's contract" in said and "Not deal 3" not in said


# -- bad input -------------------------------------------------------------------------------------------


def test_bad_card_token_is_named_with_422_for_htmx(client):
    response = client.get("/melds", query_string={"variant": "ramino", "cards": "9S X9 9H"}, headers=HTMX)
    assert response.status_code == 422
    assert "'X9' (card 2) is not a card." in text_of(response)
    assert "data-field-error" in response.get_data(as_text=True)


def test_bad_card_on_the_plain_page_sits_beside_the_field(client):
    response = client.get("/melds", query_string={"variant": "ramino", "cards": "9S X9 9H"})
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    assert 'aria-invalid="true"' in page
    assert re.search(r'id="cards-error"><p class="error">\'X9\' \(card 2\) is not a card\.', page)
    # what was typed is kept
    assert 'value="9S X9 9H"' in page


def test_too_many_copies_for_the_deck(client):
    response = client.get("/melds", query_string={"variant": "rumino", "cards": "9S 9S 9S"}, headers=HTMX)
    assert response.status_code == 422
    assert "Three 9♠ cannot be in play: the deck holds only two in Rumino." in text_of(response)


def test_too_many_cards(client):
    cards = " ".join(f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7") for s in "SHDC")
    response = client.get("/melds", query_string={"variant": "ramino", "mode": "hand", "cards": cards},
                          headers=HTMX)
    assert response.status_code == 422
    assert "That is 24 cards: the checker takes at most 14." in text_of(response)


def test_the_plain_form_merges_ticked_boxes(client):
    response = client.get("/melds", query_string=MultiDict([
        ("variant", "ramino"), ("cards", "9S"), ("cards__pick", "9H"), ("cards__pick", "9D")]))
    assert response.status_code == 200
    assert "Yes, a Ramino set of 3: 9♠ 9♥ 9♦." in text_of(response)
    page = response.get_data(as_text=True)
    assert 'value="9S 9H 9D"' in page
    # the boxes are drawn ticked for the cards in the text box, and say so for the next round
    assert re.search(r'value="9H" id="cards-9H-1"\s+aria-label="9 of hearts" checked', page)
    assert 'name="cards__ticked" value="9S 9H 9D"' in page


# -- cards_text ------------------------------------------------------------------------------------------


def form(*pairs):
    return MultiDict(list(pairs))


def test_cards_text_canonical_from_text_alone():
    assert cards_text(form(("cards", "8d, kc 7♥ t♣ jk=9s *")), "cards") == "8D KC 7H 10C JK=9S JK"
    assert cards_text(form(), "cards") == ""


def test_cards_text_adds_ticked_boxes_in_grid_order():
    assert cards_text(form(("cards", "KD"), ("cards__pick", "9S"), ("cards__pick", "AH")), "cards") == "KD AH 9S"


def test_cards_text_second_copies_and_jokers():
    data = form(("cards", ""), ("cards__pick", "9S"), ("cards__pick", "9S"), ("cards__pick", "JK"))
    assert cards_text(data, "cards") == "9S 9S JK"


def test_cards_text_a_ticked_box_for_a_typed_card_is_not_a_second_copy():
    # the boxes were drawn ticked for 9S: the same tick sent back adds nothing
    data = form(("cards", "9S"), ("cards__ticked", "9S"), ("cards__pick", "9S"))
    assert cards_text(data, "cards") == "9S"


def test_cards_text_unticking_removes_the_card():
    data = form(("cards", "9S 9S 9H"), ("cards__ticked", "9S 9S 9H"), ("cards__pick", "9S"), ("cards__pick", "9H"))
    assert cards_text(data, "cards") == "9S 9H"


def test_cards_text_unticking_a_joker_keeps_the_declared_one():
    data = form(("cards", "JK=9S JK 9H"), ("cards__ticked", "9H JK JK"), ("cards__pick", "9H"), ("cards__pick", "JK"))
    assert cards_text(data, "cards") == "JK=9S 9H"


def test_cards_text_typing_and_ticking_together():
    data = form(("cards", "9S 9H KC"), ("cards__ticked", "9S 9H"), ("cards__pick", "9H"), ("cards__pick", "9D"))
    assert cards_text(data, "cards") == "9H KC 9D"


def test_cards_text_keeps_bad_tokens_for_the_parser_to_name():
    assert cards_text(form(("cards", "9S zz"), ("cards__pick", "QQ")), "cards") == "9S zz QQ"


def test_picker_state_caps_ticks_at_the_boxes():
    state = picker_state("9S 9S 9S jk jk=qh bad", copies=2, jokers=1)
    assert state.ticks == {"9S": 2, "JK": 1}
    assert state.ticked == "9S 9S JK"
    assert [c.code for c in state.cards] == ["9S", "9S", "9S", "JK", "JK=QH"]


# -- the Canasta family: one meld by its kind, and melds laid together against the first meld's minimum ----


def test_canasta_says_what_a_meld_is_and_how_many_wild_cards_it_may_hold(client):
    said = verdict(client, variant="canasta", cards="9S 9H 9D 9C 9S 2H 2D")
    assert "Yes: a mixed canasta of 7 cards." in said
    assert "Wild cards 2 (at most 3)" in said and "it earns 300 at the end of the hand" in said
    assert "Card points 90" in said
    said = verdict(client, variant="canasta", cards="AS AH AD")
    assert "a meld of 3 cards, not yet a canasta" in said and "4 more cards" in said
    said = verdict(client, variant="canasta", cards="6S 6H 6D 2S 2H 2D JK")
    assert "Not a Canasta meld: a meld holds at most 3 wild cards (it has 4)." in said
    said = verdict(client, variant="canasta", cards="3H 3D 3H")
    assert "a red three is never melded" in said
    said = verdict(client, variant="canasta", cards="3S 3C 3S")
    assert "only the player going out may meld them" in said


def test_canasta_deck_is_two_packs_and_four_jokers(client):
    page = client.get("/melds?variant=canasta").get_data(as_text=True)
    assert page.count('name="cards__pick" value="9S"') == 2
    assert page.count('name="cards__pick" value="JK"') == 4
    response = client.get("/melds", query_string={"variant": "canasta", "cards": "9S 9S 9S"}, headers=HTMX)
    assert response.status_code == 422 and "Canasta" in text_of(response)


def test_canasta_melds_laid_together_against_the_sides_total(client):
    page = client.get("/melds?variant=canasta&mode=hand").get_data(as_text=True)
    assert "Melds laid together" in page and "The side&#39;s total before the hand" in page
    assert '<option selected value="0">0 to 1,495: 50</option>' in page
    said = verdict(client, variant="canasta", mode="hand", opening="1500", cards="4S 4H 4D 6S 6H 6D")
    assert "2 melds worth 30: a first meld needs 90, 60 more." in said
    said = verdict(client, variant="canasta", mode="hand", opening="0",
                   cards="KS KH KD KC KS KH KD 9S 9H 9D 9C 9S 2H 2D AS AH AD 5S 5H 5D")
    assert "4 melds worth 235: enough for a first meld of 50." in said
    assert "Meld 2: a natural canasta of 7 cards, 70 points." in said and "The melds" in said
    # an unknown choice in a link falls back to the start of a match
    said = verdict(client, variant="canasta", mode="hand", opening="nonsense", cards="4S 4H 4D 6S 6H 6D")
    assert "a first meld needs 50" in said


def test_hand_and_foot_books_and_the_rounds_minimum(client):
    said = verdict(client, variant="hand_and_foot", cards="2S 2H 2D 2C 2S 2H 2D")
    assert "Yes: a wild book of 7 cards." in said and "1,500" in said
    said = verdict(client, variant="hand_and_foot", cards="QS QH QD QC QS QH QD QC")
    assert "a book is closed at 7 cards" in said
    said = verdict(client, variant="hand_and_foot", cards="3S 3C 3S")
    assert "black threes are never melded in Hand and Foot" in said
    page = client.get("/melds?variant=hand_and_foot&mode=hand").get_data(as_text=True)
    assert "round 4: 150" in page and "Whole hand" not in page
    said = verdict(client, variant="hand_and_foot", mode="hand", opening="4", cards="KS KH KD KC KS KH KD AS AH JK")
    assert "2 melds worth 160: enough for a first meld of 150." in said
    said = verdict(client, variant="hand_and_foot", mode="hand", opening="2", cards="KS KH KD 8S 8H 8D")
    assert "a first meld needs 90, 30 more" in said


def test_canasta_checker_in_italian(client):
    client.get("/lang/it?next=/")
    said = verdict(client, variant="canasta", cards="9S 9H 9D 9C 9S 2H 2D")
    assert "canasta sporca" in said
    said = verdict(client, variant="canasta", mode="hand", opening="1500", cards="4S 4H 4D 6S 6H 6D")
    assert "90" in said and "60" in said and "first meld" not in said


@pytest.mark.parametrize("cards, why", [
    ("QC QD QS 9C 9D 9H 2S 4H 6D 8C KH AS 5C", "No group counts: the hand has no pure sequence."),
    ("QC QD QS 9C 9D 9H 2S 3S 4S 8C KH AS 5C", "No group counts: the hand has no second sequence beside its pure one."),
])
def test_pool_hand_counted_whole_says_why(client, cards, why):
    text = verdict(client, variant="pool_rummy", mode="hand", cards=cards)
    assert why in text
    assert "Every card counts: 13 cards, worth" in text
    assert "No meld in these cards" not in text and "in no group" not in text
