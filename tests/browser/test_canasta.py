"""A Canasta match of four in two partnerships on a phone (390×844, touch), from a new table to the end:
the sides shown on the new match (partners opposite), one hand typed, one hand counted with the
steppers, a third that reaches the target; the side totals, the preview's line per side and each side's
next minimum beside Save. With ``SCOREKEEPER_SCREENSHOTS=1`` the viewport is saved after each step in
docs/screenshots/ (canasta-*.png)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import choose_game, seat

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shot(page: Page, name: str) -> None:
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / f"canasta-{name}.png"))


def side(page: Page, name: str):
    return page.locator("fieldset.side-entry", has=page.locator("legend", has_text=name))


def fits_360_in_both_languages(page: Page, live_server: str, side_name: str) -> None:
    """Nothing on this page is wider than a 360 px phone, in English, then in Italian (the page is left
    in Italian, its standings showing ``side_name``)."""
    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    here = page.url.split("#")[0].removeprefix(live_server)
    page.goto(f"{live_server}/lang/it?next={here}")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("ol.standings.sides")).to_contain_text(side_name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def total_of(page: Page, name: str):
    return page.locator("ol.standings.sides li.standing", has=page.locator(".name", has_text=name)).locator(".total")


class Taps:
    """Counts the taps a hand takes (each click or box filled)."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1

    def fill(self, locator, text: str) -> None:
        locator.fill(text)
        self.count += 1

    def step(self, fieldset, label: str, times: int, *, within: str | None = None) -> None:
        box = fieldset.locator(within) if within else fieldset
        row = box.locator(".stepper", has=self.page.get_by_text(label, exact=True))
        for _ in range(times):
            self.tap(row.locator("button[data-step='1']"))


def typed(taps: Taps, fieldset, values: dict[str, int]) -> None:
    for label, value in values.items():
        taps.fill(fieldset.get_by_label(label, exact=True), str(value))


def test_a_canasta_match_of_two_partnerships(page: Page, live_server: str):
    page.goto(live_server + "/")
    page.get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("Canasta night")
    page.get_by_role("button", name="Create table").click()
    for name in ("Ann", "Ben", "Cat", "Dan"):
        page.get_by_label("Player name").fill(name)
        page.get_by_role("button", name="Add player").click()
    expect(page.locator("#roster")).to_contain_text("Dan")

    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Canasta")
    seat(page, ("Ann", "Ben", "Cat", "Dan"))
    pick = page.locator("[data-sides-pick]")
    expect(pick).to_be_visible()
    cols = pick.locator(".side-col")
    expect(cols.nth(0)).to_contain_text("Ann")
    expect(cols.nth(0)).to_contain_text("Cat")
    expect(cols.nth(1)).to_contain_text("Ben")
    pick.scroll_into_view_if_needed()
    shot(page, "new-match-sides")
    # a tap moves a player across, a second tap brings him back: partners stay opposite
    pick.get_by_role("button", name="Cat").click()
    expect(cols.nth(1)).to_contain_text("Cat")
    pick.get_by_role("button", name="Cat").click()
    expect(cols.nth(0)).to_contain_text("Cat")
    page.locator("details.house-rules summary").click()
    page.locator("#rule_target").fill("1500")
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    expect(page.locator(".minimums")).to_contain_text("Ann & Cat 50")

    # Hand 1 (K-1), every count and both totals typed
    taps = Taps(page)
    taps.tap(page.locator("#record").get_by_text("Ann", exact=True))
    ns, ew = side(page, "Ann & Cat"), side(page, "Ben & Dan")
    typed(taps, ns, {"Natural canastas": 1, "Mixed canastas": 1, "Points melded": 235, "Points in hand": 20})
    typed(taps, ew, {"Red threes": 4, "Points melded": 130, "Points in hand": 145})
    expect(page.locator("#preview")).to_contain_text("500 + 300 + 100 (out) + 235 − 20 = 1,115")
    expect(page.locator("#preview")).to_contain_text("800 (4 red threes) + 130 − 145 = 785")
    page.locator("#preview").scroll_into_view_if_needed()
    shot(page, "hand-typed")
    taps.tap(page.get_by_role("button", name="Save hand"))
    typed_taps = taps.count
    expect(total_of(page, "Ann & Cat")).to_have_text("1,115")
    expect(total_of(page, "Ben & Dan")).to_have_text("785")
    page.locator("ol.standings").scroll_into_view_if_needed()
    shot(page, "scoreboard")

    # Hand 2 (K-2), Ben goes out concealed; both point totals counted with the steppers
    taps = Taps(page)
    taps.tap(page.locator("#record").get_by_text("Ben", exact=True))
    taps.tap(page.get_by_label("Concealed"))
    ns, ew = side(page, "Ann & Cat"), side(page, "Ben & Dan")
    taps.step(ew, "Mixed canastas", 1)
    taps.step(ew, "Red threes", 1)
    ew_meld = ew.locator(".count-by-class").nth(0)
    taps.tap(ew_meld.locator("summary"))
    for label, n in (("Jokers (50)", 1), ("Aces and twos (20)", 1), ("Eights to kings (10)", 4), ("Fours to sevens (5)", 5)):
        taps.step(ew_meld, label, n)
    expect(ew_meld.locator("[data-counted-total]")).to_have_text("135")
    ew_hand = ew.locator(".count-by-class").nth(1)
    taps.tap(ew_hand.locator("summary"))
    for label, n in (("Aces and twos (20)", 1), ("Eights to kings (10)", 5), ("Fours to sevens (5)", 4), ("Black threes (5)", 1)):
        taps.step(ew_hand, label, n)
    expect(ew_hand.locator("[data-counted-total]")).to_have_text("95")
    taps.step(ns, "Red threes", 2)
    ns_hand = ns.locator(".count-by-class").nth(1)
    taps.tap(ns_hand.locator("summary"))
    for label, n in (("Jokers (50)", 1), ("Aces and twos (20)", 3), ("Eights to kings (10)", 8), ("Fours to sevens (5)", 9), ("Black threes (5)", 1)):
        taps.step(ns_hand, label, n)
    expect(ns_hand.locator("[data-counted-total]")).to_have_text("240")
    ns_hand.scroll_into_view_if_needed()
    shot(page, "hand-counted")
    expect(page.locator("#preview")).to_contain_text("= 640")
    expect(page.locator("#preview")).to_contain_text("= −440")
    page.locator("#preview").scroll_into_view_if_needed()
    shot(page, "hand-counted-preview")
    taps.tap(page.get_by_role("button", name="Save hand"))
    counted_taps = taps.count
    expect(total_of(page, "Ann & Cat")).to_have_text("675")
    expect(total_of(page, "Ben & Dan")).to_have_text("1,425")

    # A refusal beside its box: 10 points melded is no meld
    page.locator("#record").get_by_text("Cat", exact=True).click()
    ns = side(page, "Ann & Cat")
    ns.get_by_label("Points melded", exact=True).fill("10")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#save-status")).to_contain_text("a meld is worth at least 15")
    expect(side(page, "Ann & Cat").get_by_label("Points melded", exact=True)).to_have_attribute("aria-invalid", "true")
    shot(page, "hand-refused")

    # Hand 3 (K-3): NS reaches 1,500 and wins
    ns, ew = side(page, "Ann & Cat"), side(page, "Ben & Dan")
    typed(Taps(page), ns, {"Natural canastas": 1, "Mixed canastas": 1, "Points melded": 265, "Points in hand": 15})
    typed(Taps(page), ew, {"Red threes": 4, "Points melded": 0, "Points in hand": 245})
    page.get_by_role("button", name="Save hand").click()
    expect(total_of(page, "Ann & Cat")).to_have_text("1,825")
    expect(total_of(page, "Ben & Dan")).to_have_text("380")
    expect(page.locator("ol.standings.sides li.state-winner")).to_contain_text("Ann & Cat")
    shot(page, "match-over")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # and nothing is wider than a 360 px phone, in English and in Italian
    fits_360_in_both_languages(page, live_server, "Ann & Cat")
    shot(page, "match-over-it")
    print(f"taps: hand typed {typed_taps}, hand counted {counted_taps}")
