"""Recording hands on a phone (390×844) in Chromium: a Rumino match through an elimination and an
accepted rebuy, a hand recorded with JavaScript off (plain form and redirect), and axe on the new-match
and hand-entry pages."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import choose_game, new_table, seat, total_of


def new_match(page: Page, variant: str, players: tuple[str, ...], stake: str = "") -> None:
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, variant)
    seat(page, players)
    if stake:
        page.get_by_label("Stake per player (optional)").fill(stake)
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()


def record(page: Page, by: str, end: str, points: dict[str, int]) -> None:
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Who ended").get_by_text(by, exact=True).click()
    form.locator("fieldset", has_text="How?").get_by_text(end, exact=True).click()
    for name, value in points.items():
        form.locator(".held").get_by_label(name, exact=True).fill(str(value))
    form.get_by_role("button", name="Save hand").click()


def test_rumino_elimination_and_rebuy(page: Page, live_server: str):
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    new_match(page, "Rumino", players, stake="20")
    record(page, "Cat", "Knock", {"Ann": 60, "Ben": 50, "Cat": 2})
    expect(total_of(page, "Ann")).to_have_text("60")
    record(page, "Cat", "Knock", {"Ann": 45, "Ben": 30, "Cat": 2})
    offer = page.locator(".rebuy-offer")
    expect(offer).to_contain_text("Ann is out on 105. Rebuy on 80 for 40.00?")
    offer.get_by_role("button", name="Rebuy Ann").click()
    expect(page.locator(".rebuy-offer")).to_have_count(0)
    expect(total_of(page, "Ann")).to_have_text("80")
    expect(page.locator("li.standing", has_text="Ann")).to_contain_text("rebought ×1")
    # Ben busts next; nobody rebuys, so the match goes on between Ann and Cat.
    record(page, "Cat", "Knock", {"Ann": 7, "Ben": 7, "Cat": 1})
    expect(total_of(page, "Ben")).to_have_text("87")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_ramino_by_tapped_cards_with_a_joker_and_a_one_turn_out(page: Page, live_server: str):
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    new_match(page, "Ramino", players)
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Who ended").get_by_text("Ann", exact=True).click()
    form.locator("fieldset", has_text="How?").get_by_text("Out", exact=True).click()
    ben = form.locator(".held-row", has=page.get_by_label("Ben", exact=True))
    ben.locator("summary", has_text="Cards").click()
    for card in ("8 of diamonds", "king of clubs", "joker"):
        ben.get_by_role("button", name=card, exact=True).click()
    expect(ben.get_by_label("Ben's cards")).to_have_value("8D KC JK")
    expect(ben.locator(".picker-preview")).to_contain_text("43 points")  # 8 + 10 + 25, live
    form.locator(".held").get_by_label("Cat", exact=True).fill("4")
    expect(page.locator("#preview")).to_contain_text("Ben +40")
    form.get_by_role("button", name="Save hand").click()
    expect(page.locator(".match-head")).to_contain_text("Hand 2")
    expect(total_of(page, "Ben")).to_have_text("40")

    record(page, "Ben", "Out in one turn", {"Ann": 23, "Cat": 7})
    expect(total_of(page, "Ann")).to_have_text("50")  # 23 × 2 = 46, rounded to 50
    expect(total_of(page, "Ben")).to_have_text("40")
    expect(total_of(page, "Cat")).to_have_text("10")  # 7 × 2 = 14, rounded to 10
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_record_a_hand_without_javascript(browser: Browser, live_server: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    new_match(page, "Ramino", players)
    record(page, "Ann", "Out", {"Ben": 23, "Cat": 4})
    expect(page).to_have_url(re.compile(r"/m/\d+\?new=\d+#standings$"))
    expect(total_of(page, "Ben")).to_have_text("20")
    expect(total_of(page, "Cat")).to_have_text("0")
    context.close()


def _serious(results) -> list[str]:
    return [f"{v['id']}: {v['help']}" for v in results.response["violations"]
            if v.get("impact") in ("serious", "critical")]


def test_axe_new_match_and_hand_entry(page: Page, live_server: str):
    axe = Axe()
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Ramino")
    assert _serious(axe.run(page)) == []
    seat(page, players)
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    assert _serious(axe.run(page)) == []
