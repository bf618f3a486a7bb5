"""At the table, round 4, on a 390×844 touch phone: a switch that sets other switches' defaults draws them
again on the new-match page (Pool Rummy's 201 pool; Hand and Foot's decks for the players seated), a page
without JavaScript starts the pool chosen rather than the values it was drawn with, the hand form's drops
are the match's own, and Hand and Foot's pages call a deal a round, in English and Italian. Each is judged
by what is in the viewport right after the action."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, new_table, seat
from .test_at_the_table_round4 import new_match, nuovo_tavolo, open_house_rules


@pytest.fixture
def italian(browser: Browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, locale="it-IT")
    yield context.new_page()
    context.close()


@pytest.fixture
def without_javascript(browser: Browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, java_script_enabled=False)
    yield context.new_page()
    context.close()


def in_sight(page: Page, label: str):
    box = page.get_by_label(label, exact=True)
    box.scroll_into_view_if_needed()
    expect(box).to_be_in_viewport()
    return box


def drop_row(page: Page, name: str):
    return page.locator("form.hand-form .held-row", has=page.get_by_label(name, exact=True))


def test_the_201_pool_draws_its_line_and_drops_and_the_deal_offers_them(page: Page, live_server: str):
    new_table(page, live_server, ("Ann", "Ben", "Cat"))
    new_match(page, "Pool Rummy", ("Ann", "Ben", "Cat"))
    open_house_rules(page)
    in_sight(page, "Pool").select_option("201")
    # the boxes below it say 201's values, and the standard beside each says so
    out_at = page.get_by_label("Out at", exact=True)
    expect(out_at).to_have_value("201")
    expect(out_at).to_be_in_viewport()
    expect(page.locator(".switch", has=out_at)).to_contain_text("Standard: 201.")
    for label, value in (("First drop", "25"), ("Middle drop", "50"), ("Rejoin while nobody is above", "174")):
        expect(in_sight(page, label)).to_have_value(value)
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    # the match's rules change the pool only, and each player's drops are 201's
    agreed = page.locator(".rules-agreed")
    expect(agreed).to_contain_text("Pool: 201")
    expect(agreed).not_to_contain_text("Out at")
    row = drop_row(page, "Ben")
    row.scroll_into_view_if_needed()
    expect(row.get_by_text("First drop (25)")).to_be_in_viewport()
    expect(row.get_by_text("Middle drop (50)")).to_be_in_viewport()
    assert "(20)" not in page.locator("form.hand-form").inner_text()


def test_without_javascript_the_pool_chosen_is_played_not_the_values_drawn_before(without_javascript: Page,
                                                                                  live_server: str):
    page = without_javascript
    new_table(page, live_server, ("Ann", "Ben", "Cat"))
    page.get_by_role("link", name="New match").first.click()
    page.locator(".variant-list").get_by_role("link", name=re.compile("^Pool Rummy")).first.click()
    seat(page, ("Ann", "Ben", "Cat"))
    page.locator("details.house-rules summary").click()
    in_sight(page, "Pool").select_option("201")
    expect(page.get_by_label("Out at", exact=True)).to_have_value("101")  # drawn before the choice
    page.get_by_role("button", name=re.compile("^Start")).click()
    row = drop_row(page, "Ben")
    row.scroll_into_view_if_needed()
    expect(row.get_by_text("First drop (25)")).to_be_in_viewport()
    agreed = page.locator(".rules-agreed")
    expect(agreed).to_contain_text("Pool: 201")
    expect(agreed).not_to_contain_text("Out at")


def test_hand_and_foot_draws_the_decks_for_six_and_says_round(italian: Page, live_server: str):
    page = italian
    players = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
    nuovo_tavolo(page, live_server, players)
    new_match(page, "Hand and Foot", players, link="Nuova partita")
    open_house_rules(page)
    # drawn again once the seats are tapped (the box is put back in its place: wait for it, then look)
    decks = page.get_by_label("Mazzi", exact=True)
    expect(decks).to_have_value("7")
    in_sight(page, "Mazzi")
    expect(page.locator(".switch", has=decks)).to_contain_text("Standard: 7.")
    page.locator("details.rules-summary summary").tap()
    expect(page.locator("#rules-summary")).to_contain_text("7 mazzi")
    # one player fewer: six decks
    page.locator(".seat-taps").get_by_role("button", name="Franco", exact=True).tap()
    expect(decks).to_have_value("6")
    page.locator(".seat-taps").get_by_role("button", name="Franco", exact=True).tap()
    expect(decks).to_have_value("7")
    page.get_by_role("button", name=re.compile("^Inizia")).tap()
    save = page.get_by_role("button", name="Salva giro")
    expect(save).to_be_in_viewport()
    expect(page.locator(".save-row .next-dealer")).to_have_text(re.compile(r"^Giro 1 · distribuisce Anna"))
    expect(page.locator(".match-head")).to_contain_text("Giro 1")
    form = page.locator("form.hand-form")
    form.get_by_text("Tallone finito", exact=True).tap()
    for box in form.locator("input[inputmode=numeric]").all():
        if box.is_visible() and not box.input_value():
            box.fill("0")
    save.tap()
    note = page.locator(".action-note")
    expect(note).to_have_text("Salvato: giro 1.")
    expect(note).to_be_in_viewport()
    expect(page.locator(".save-row .next-dealer")).to_have_text(re.compile(r"^Giro 2 · distribuisce Bruno"))
