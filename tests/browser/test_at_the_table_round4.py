"""At the table, round 4: what the pages say about the newer games, on a 390×844 touch phone, judged by
what is in the viewport right after each action, in Italian where the finding is about Italian."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, choose_game, new_table, seat


@pytest.fixture
def italian(browser: Browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, locale="it-IT")
    yield context.new_page()
    context.close()


def nuovo_tavolo(page: Page, base: str, players) -> str:
    """``new_table`` on an Italian page."""
    page.goto(base + "/tables/new")
    page.get_by_label("Nome del tavolo").fill("Giovedì")
    page.get_by_role("button", name="Crea il tavolo").click()
    for player in players:
        page.get_by_label("Nome del giocatore").fill(player)
        page.get_by_role("button", name="Aggiungi giocatore").click()
    expect(page.locator("#roster")).to_contain_text(players[-1])
    return page.url.split("#")[0].split("?")[0]


def new_match(page: Page, game: str, players, link: str = "New match") -> None:
    """From the table's page, a new match of ``game`` with ``players`` seated in this order."""
    page.get_by_role("link", name=link).first.tap()
    page.wait_for_url(re.compile(r"/matches/new"))
    page.wait_for_load_state("load")
    page.locator(".variant-list").get_by_role("link", name=re.compile("^" + game)).first.tap()
    expect(page.locator(".game-chosen h2")).to_contain_text(game)
    seat(page, players)


def open_house_rules(page: Page) -> None:
    page.locator("details.house-rules summary").tap()
    expect(page.locator("details.house-rules")).to_have_attribute("open", "")


def test_canasta_house_rules_are_said_in_italian(italian: Page, live_server: str):
    page = italian
    nuovo_tavolo(page, live_server, ("Anna", "Bruno", "Carla", "Dario"))
    new_match(page, "Canasta", ("Anna", "Bruno", "Carla", "Dario"), link="Nuova partita")
    open_house_rules(page)
    for label in ("Una canasta pura vale", "Una canasta sporca vale", "Un tre rosso vale", "La chiusura vale",
                  "La chiusura in mano vale in più", "Canaste per chiudere", "Totali più alti pari"):
        box = page.get_by_label(label, exact=True)
        box.scroll_into_view_if_needed()
        expect(box).to_be_in_viewport()
    reds = page.get_by_label("Tre rossi di chi non ha calato", exact=True)
    reds.scroll_into_view_if_needed()
    expect(reds.locator("option:checked")).to_have_text("contro, doppi se sono tutti e quattro")
    house = page.locator("details.house-rules").inner_text()
    for english in ("negative", "Natural canasta", "Going out bonus", "Equal lowest", "individual", "cutthroat"):
        assert english not in house


def test_hand_and_foot_and_pool_choices_are_words_not_keys(page: Page, live_server: str):
    new_table(page, live_server, ("Ann", "Ben", "Cat", "Dan"))
    new_match(page, "Hand and Foot", ("Ann", "Ben", "Cat", "Dan"))
    open_house_rules(page)
    rule_set = page.get_by_label("Rule set", exact=True)
    rule_set.scroll_into_view_if_needed()
    expect(rule_set).to_be_in_viewport()
    expect(rule_set.locator("option")).to_have_text(["the common rules", "Pagat's (Whitnack)", "Steve Simpson's"])
    tie = page.get_by_label("Equal highest totals", exact=True)
    tie.scroll_into_view_if_needed()
    expect(tie.locator("option")).to_have_text(["share the win", "play another round"])
    house = page.locator("details.house-rules").inner_text()
    assert "Equal lowest" not in house and "pagat whitnack" not in house and "play extra round" not in house


def test_a_box_not_reached_yet_is_not_red_and_a_refusal_names_no_field(page: Page, live_server: str):
    new_table(page, live_server, ("Ann", "Ben", "Cat"))
    new_match(page, "Rummy 500", ("Ann", "Ben", "Cat"))
    page.get_by_role("button", name=re.compile("^Start")).tap()
    form = page.locator("form.hand-form")
    form.locator("fieldset.by-choice").get_by_text("Ann", exact=True).tap()
    form.locator("fieldset", has_text="How?").get_by_text("Out", exact=True).tap()
    preview = page.locator("#preview")
    expect(preview.locator("[data-preview-error]")).to_be_attached()  # the preview has answered
    expect(form.locator("input[aria-invalid]")).to_have_count(0)  # nothing typed yet is wrong

    def block(name):
        return page.locator("fieldset.held-player", has=page.locator("legend", has_text=re.compile(f"^{name}$")))

    block("Ann").locator(".held-row", has_text="Laid on the table").locator("input.points").fill("60")
    block("Ben").locator(".held-row", has_text="Laid on the table").locator("input.points").fill("15")
    block("Ben").locator(".held-row", has_text="Left in hand").locator("input.points").fill("10")
    block("Cat").locator(".held-row", has_text="Laid on the table").locator("input.points").fill("0")
    form.get_by_role("button", name="Save hand").tap()
    cat_box = block("Cat").locator(".held-row", has_text="Left in hand")
    expect(cat_box).to_contain_text("Cat: give what they hold, as points or as cards")
    expect(cat_box.locator(".error").first).to_be_in_viewport()
    assert "hand_points" not in page.locator("main").inner_text()
