"""Rummy 500 on a phone (390×844, touch) in Chromium, from a new table to the end of the match: the first
hand tapped as cards (F1 of docs/rules/rummy500.md: melds in groups with a low ace and a lay-off, the
cards held, the one who went out holding nothing), then hands by points, one of them the stock running
out (who ended the hand is not asked), to a last hand where the player who went out passes 500 and loses
to a higher total; the result says what the winner collects from each player. With
``SCOREKEEPER_SHOTS`` set, viewport screenshots of the screens reached are kept there."""

from __future__ import annotations

import os
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of

SHOTS = os.environ.get("SCOREKEEPER_SHOTS")
PLAYERS = ("Ann", "Ben", "Cat")


def serious(page: Page) -> list[str]:
    return [f"{v['id']}: {v['help']}" for v in Axe().run(page).response["violations"]
            if v.get("impact") in ("serious", "critical")]


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"rummy500-{name}.png"))


def player(page: Page, name: str):
    """A player's block of the hand form: what they laid, what they hold."""
    return page.locator("fieldset.held-player", has=page.locator("legend", has_text=re.compile(f"^{name}$")))


def tap(block, *cards: str) -> None:
    for card in cards:
        block.get_by_role("button", name=card, exact=True).click()


def by_points(page: Page, by: str | None, end: str, piles: dict[str, tuple[int, int]]) -> None:
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="How?").get_by_text(end, exact=True).click()
    if by:
        form.locator("fieldset.by-choice").get_by_text(by, exact=True).click()
    for name, (laid, held) in piles.items():
        block = player(page, name)
        block.locator(".held-row", has_text="Laid on the table").locator("input.points").fill(str(laid))
        block.locator(".held-row", has_text="Left in hand").locator("input.points").fill(str(held))
    form.get_by_role("button", name="Save hand").click()


def test_rummy500_from_a_new_table_to_the_end(page: Page, live_server: str):
    new_table(page, live_server, PLAYERS)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Rummy 500")
    seat(page, PLAYERS)
    expect(page.locator("body")).to_contain_text("the highest total wins")
    shot(page, "new-match")
    page.locator("summary", has_text="House rules").click()
    expect(page.get_by_label("Low ace scores")).to_be_visible()
    page.get_by_label("Low ace scores").scroll_into_view_if_needed()
    shot(page, "house-rules")
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    form = page.locator("form.hand-form")

    # F1, tapped as cards. Ann goes out: her melds, a low ace, a king laid off on her own clubs.
    form.locator("fieldset.by-choice").get_by_text("Ann", exact=True).click()
    form.locator("fieldset", has_text="How?").get_by_text("Out", exact=True).click()
    ann = player(page, "Ann")
    ann.locator("summary", has_text="Melds laid").click()
    melds = ann.locator(".picker.groups")
    tap(melds, "7 of spades", "7 of hearts", "7 of diamonds")
    melds.get_by_role("button", name="Next meld", exact=True).click()
    tap(melds, "10 of clubs", "jack of clubs", "queen of clubs")
    melds.get_by_role("button", name="Next meld", exact=True).click()
    tap(melds, "ace of diamonds", "2 of diamonds", "3 of diamonds")
    melds.get_by_role("button", name="Next meld", exact=True).click()
    tap(melds, "king of clubs")
    melds.get_by_role("button", name="Laid off on…", exact=True).click()
    # the clubs on the table are Ann's own, already counted: tapping them again is no second copy
    tap(melds, "10 of clubs", "jack of clubs", "queen of clubs")
    expect(melds.locator("[data-picker-text]")).to_have_value("7S 7H 7D | 10C JC QC | AD 2D 3D | KC / 10C JC QC")
    expect(melds.locator(".picker-preview")).to_contain_text("67 points")
    shot(page, "melds-picker")
    assert serious(page) == []
    ann.locator("summary", has_text="Melds laid").click()  # folded again: the next player is in reach

    ben = player(page, "Ben")
    ben.locator("summary", has_text="Melds laid").click()
    tap(ben.locator(".picker.groups"), "king of spades", "king of hearts", "king of diamonds")
    ben.locator(".picker.groups").get_by_role("button", name="Next meld", exact=True).click()
    tap(ben.locator(".picker.groups"), "4 of hearts", "5 of hearts", "6 of hearts")
    ben.locator("summary", has_text="Cards in hand").click()
    held = ben.locator(".picker:not(.groups)")
    tap(held, "ace of spades", "9 of diamonds", "joker")
    expect(held.locator(".picker-preview")).to_contain_text("39 points")

    cat = player(page, "Cat")
    cat.locator(".held-row", has_text="Laid on the table").locator("input.points").fill("0")
    cat.locator("summary", has_text="Cards in hand").click()
    tap(cat.locator(".picker:not(.groups)"), "queen of diamonds", "8 of spades", "8 of clubs", "2 of clubs",
        "5 of spades")
    expect(page.locator("#preview")).to_contain_text("Ben +6")
    expect(page.locator("#preview")).to_contain_text("Cat −33")
    shot(page, "hand-by-cards-preview")
    form.get_by_role("button", name="Save hand").click()
    expect(total_of(page, "Ann")).to_have_text("67")
    expect(total_of(page, "Ben")).to_have_text("6")
    expect(total_of(page, "Cat")).to_have_text("−33")
    shot(page, "after-hand-by-cards")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 360, "height": 780})  # the narrowest phone: nothing sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # and in Italian, where the words are longer
    page.get_by_role("link", name="Italiano").click()
    expect(player(page, "Ann")).to_contain_text("Calato sul tavolo")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    player(page, "Ann").scroll_into_view_if_needed()
    shot(page, "it-360-hand-form")
    page.get_by_role("link", name="English").click()
    expect(player(page, "Ann")).to_contain_text("Laid on the table")
    page.set_viewport_size({"width": 390, "height": 844})

    # F2 by points; then the stock runs out: who ended the hand is not asked
    by_points(page, "Ben", "Out", {"Ann": (30, 22), "Ben": (82, 0), "Cat": (9, 34)})
    expect(total_of(page, "Ben")).to_have_text("88")
    form.locator("fieldset", has_text="How?").get_by_text("Stock ran out", exact=True).click()
    expect(form.locator("fieldset.by-choice")).to_be_hidden()
    shot(page, "stock-ran-out")
    by_points(page, None, "Stock ran out", {"Ann": (200, 10), "Ben": (150, 10), "Cat": (0, 20)})
    expect(total_of(page, "Ann")).to_have_text("265")
    by_points(page, "Ben", "Out", {"Ann": (150, 5), "Ben": (200, 0), "Cat": (0, 10)})
    expect(total_of(page, "Ben")).to_have_text("428")

    # Ann goes out and reaches 500, but Ben passes it with more: Ben wins
    by_points(page, "Ann", "Out", {"Ann": (90, 0), "Ben": (90, 5), "Cat": (10, 3)})
    result = page.locator("#result")
    expect(result).to_contain_text("Ben wins")
    expect(result).to_contain_text("Ben collects: 13 from Ann, 594 from Cat")
    expect(result).to_be_in_viewport()
    shot(page, "result")
    assert serious(page) == []
    expect(total_of(page, "Ann")).to_have_text("500")
    expect(total_of(page, "Ben")).to_have_text("513")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
