"""Burraco on a phone (390×844, touch) in Chromium (docs/rules/burraco.md): four players in two
partnerships from a new table to the end at 2005 (B-1 typed with a pozzetto not taken, B-2 counted with
the steppers, B-3 and B-4 to NS's win), then three players in Italian from a lone player against a pair,
through the switch at 1000, to each alone (B-7); the pages valid (Nu), without a serious axe finding, and
no wider than a 360 px phone in English and Italian. With ``SCOREKEEPER_SCREENSHOTS=1`` the viewport is
saved after each step in docs/screenshots/ (burraco-*.png), or in the folder it names."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

#: a tap or a box typed while the live preview of the one before is on its way replaces that request
#: (the preview's hx-sync "this:replace"), and htmx reports the request it aborts as an error; these
#: tests type a side's boxes one after the other, faster than a preview comes back
pytestmark = pytest.mark.console_errors(r"^error: htmx:(sendAbort|afterRequest) ")


def shot(page: Page, name: str) -> None:
    """The viewport, into ``SCOREKEEPER_SCREENSHOTS`` when it names a folder (docs/screenshots/ when it is
    1); a screenshot leaves marks htmx copies on its next swap, so none is taken otherwise."""
    where = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    if where:
        folder = SHOTS if where == "1" else Path(where)
        page.screenshot(path=str(folder / f"burraco-{name}.png"))


def side(page: Page, name: str):
    return page.locator("form.hand-form fieldset.side-entry", has=page.locator("legend", has_text=name))


def typed(fieldset, values: dict[str, int]) -> None:
    for label, value in values.items():
        fieldset.get_by_label(label, exact=True).fill(str(value))


def step(page: Page, fieldset, label: str, times: int) -> None:
    row = fieldset.locator(".stepper", has=page.get_by_text(label, exact=True))
    for _ in range(times):
        row.locator("button[data-step='1']").tap()


def side_total(page: Page, name: str):
    return page.locator("ol.standings.sides li.standing", has=page.locator(".name", has_text=name)).locator(".total")


def closer(page: Page, name: str) -> None:
    page.locator("form.hand-form fieldset.by-choice").get_by_text(name, exact=True).tap()


def save(page: Page, words: str = "Save hand") -> None:
    page.locator("form.hand-form").get_by_role("button", name=words).tap()


def test_four_players_from_a_new_table_to_the_end_at_2005(page: Page, live_server: str):
    players = ("Ann", "Ben", "Cat", "Dan")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Burraco")
    seat(page, players)
    pick = page.locator("[data-sides-pick]")
    expect(pick.locator(".side-col").nth(0)).to_contain_text("Cat")  # partners opposite
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()

    # B-1, typed: Ann closes (Closed is the form's usual end), EW never reached its pozzetto
    closer(page, "Ann")
    ns, ew = side(page, "Ann & Cat"), side(page, "Ben & Dan")
    typed(ns, {"Clean burrachi": 1, "Semi-clean burrachi": 1, "Points on the table": 235, "Points in hand": 15})
    typed(ew, {"Dirty burrachi": 1, "Points on the table": 115, "Points in hand": 60})
    ew.get_by_label("Pozzetto not taken").check()
    expect(page.locator("#preview")).to_contain_text("200 (clean) + 150 (semi-clean) + 100 (closing) + 235 − 15 = 670")
    expect(page.locator("#preview")).to_contain_text("100 (dirty) + 115 − 60 − 100 (no pozzetto) = 55")
    page.locator("#preview").scroll_into_view_if_needed()
    shot(page, "hand-typed")
    save(page)
    expect(side_total(page, "Ann & Cat")).to_have_text("670")
    expect(side_total(page, "Ben & Dan")).to_have_text("55")
    page.locator("ol.standings").scroll_into_view_if_needed()
    shot(page, "scoreboard")

    # B-2, counted with the steppers: the stock ran out
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="How did the hand end?").get_by_text("Stock ran out", exact=True).tap()
    ns, ew = side(page, "Ann & Cat"), side(page, "Ben & Dan")
    step(page, ns, "Dirty burrachi", 1)
    meld = ns.locator(".count-by-class").nth(0)
    meld.locator("summary").tap()
    step(page, meld, "Aces (15)", 4)
    step(page, meld, "Eights to kings (10)", 12)
    expect(meld.locator("[data-counted-total]")).to_have_text("180")
    held = ns.locator(".count-by-class").nth(1)
    held.locator("summary").tap()
    for label, n in (("Jokers (30)", 1), ("Twos (20)", 1), ("Aces (15)", 1), ("Threes to sevens (5)", 6)):
        step(page, held, label, n)
    expect(held.locator("[data-counted-total]")).to_have_text("95")
    step(page, ew, "Clean burrachi", 2)
    typed(ew, {"Points on the table": 310, "Points in hand": 40})
    held.scroll_into_view_if_needed()
    shot(page, "hand-counted")
    expect(page.locator("#preview")).to_contain_text("100 (dirty) + 180 − 95 = 185")
    save(page)
    expect(side_total(page, "Ann & Cat")).to_have_text("855")
    expect(side_total(page, "Ben & Dan")).to_have_text("725")

    # a refusal beside its box: Cat cannot close while NS has not taken its pozzetto
    closer(page, "Cat")
    ns = side(page, "Ann & Cat")
    typed(ns, {"Dirty burrachi": 1, "Points on the table": 240, "Points in hand": 160})
    ns.get_by_label("Pozzetto not taken").check()
    typed(side(page, "Ben & Dan"), {"Points on the table": 100, "Points in hand": 25})
    save(page)
    expect(page.locator("#save-status")).to_contain_text("Cat closed, but Ann & Cat has not taken its pozzetto")
    expect(side(page, "Ann & Cat").get_by_label("Pozzetto not taken")).to_have_attribute("aria-invalid", "true")
    shot(page, "hand-refused")

    # B-3 and B-4: NS passes 2005 and wins
    closer(page, "Dan")
    ns, ew = side(page, "Ann & Cat"), side(page, "Ben & Dan")
    ns.get_by_label("Pozzetto not taken").uncheck()
    typed(ns, {"Dirty burrachi": 1, "Points on the table": 240, "Points in hand": 160})
    typed(ew, {"Clean burrachi": 1, "Dirty burrachi": 1, "Points on the table": 355, "Points in hand": 25})
    save(page)
    expect(side_total(page, "Ben & Dan")).to_have_text("1,455")
    closer(page, "Ann")
    typed(side(page, "Ann & Cat"), {"Clean burrachi": 2, "Dirty burrachi": 1, "Points on the table": 520,
                                    "Points in hand": 20})
    typed(side(page, "Ben & Dan"), {"Dirty burrachi": 1, "Points on the table": 150, "Points in hand": 85})
    save(page)
    expect(side_total(page, "Ann & Cat")).to_have_text("2,135")
    expect(side_total(page, "Ben & Dan")).to_have_text("1,620")
    expect(page.locator("#result")).to_contain_text("Ann & Cat win")
    expect(page.locator("ol.standings.sides li.state-winner")).to_contain_text("Ann & Cat")
    page.locator("#result").scroll_into_view_if_needed()
    shot(page, "match-over")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_three_players_in_italian_through_the_switch_to_each_alone(browser, live_server: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Burraco")
    seat(page, players)
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    page.get_by_role("link", name="Italiano").first.click()
    form = page.locator("form.hand-form")
    expect(form).to_contain_text("Chi gioca da solo?")

    def lone(name: str) -> None:
        form.locator("fieldset", has_text="Chi gioca da solo?").get_by_text(name, exact=True).tap()

    # B-7 hand 1: Ann alone closes; the pair's 65 is 33 each
    lone("Ann")
    closer(page, "Ann")
    typed(side(page, "Da solo"), {"Burrachi puliti": 1, "Burrachi sporchi": 1, "Punti in tavola": 305,
                                  "Punti in mano": 0})
    pair = side(page, "La coppia")
    typed(pair, {"Burrachi sporchi": 1, "Punti in tavola": 200, "Punti in mano": 135})
    pair.get_by_label("Pozzetto non preso").check()
    expect(page.locator("#preview")).to_contain_text("metà a testa: 33")
    shot(page, "three-lone-it")
    save(page, "Salva mano")
    for name, total in (("Ann", "705"), ("Ben", "33"), ("Cat", "33")):
        expect(total_of(page, name)).to_have_text(total)

    # hand 2: Cat alone, Ben closes for the pair: Ann reaches 1000
    lone("Cat")
    closer(page, "Ben")
    typed(side(page, "Da solo"), {"Burrachi semipuliti": 1, "Punti in tavola": 180, "Punti in mano": 95})
    typed(side(page, "La coppia"), {"Burrachi puliti": 2, "Punti in tavola": 385, "Punti in mano": 50})
    save(page, "Salva mano")
    for name, total in (("Ann", "1.123"), ("Ben", "451"), ("Cat", "268")):
        expect(total_of(page, name)).to_have_text(total)
    expect(page.locator(".note")).to_contain_text("Da ora ognuno gioca per sé")
    expect(form).not_to_contain_text("Chi gioca da solo?")

    # hand 3, each alone: a box set per player
    closer(page, "Ben")
    typed(side(page, "Ann"), {"Burrachi sporchi": 1, "Punti in tavola": 130, "Punti in mano": 45})
    typed(side(page, "Ben"), {"Burrachi puliti": 1, "Punti in tavola": 240, "Punti in mano": 0})
    cat = side(page, "Cat")
    typed(cat, {"Punti in tavola": 70, "Punti in mano": 120})
    cat.get_by_label("Pozzetto non preso").check()
    form.locator("fieldset.side-entry").first.scroll_into_view_if_needed()
    shot(page, "three-each-alone-it")
    save(page, "Salva mano")
    for name, total in (("Ann", "1.308"), ("Ben", "991"), ("Cat", "118")):
        expect(total_of(page, name)).to_have_text(total)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_burraco_pages_are_valid_accessible_and_fit_360_px_in_both_languages(page: Page, browser, live_server: str,
                                                                             tmp_path):
    """The scoreboard of four with a hand played (victory points beside the totals) and its hand form open,
    the new-match page with its house rules open and the meld checker: valid HTML, no serious axe finding,
    nothing wider than a 360 px phone in English or Italian."""
    from axe_playwright_python.sync_playwright import Axe

    from .test_pages_valid import html_errors

    new_table(page, live_server, ("Ann", "Ben", "Cat", "Dan"))
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Burraco")
    seat(page, ("Ann", "Ben", "Cat", "Dan"))
    page.locator("details.house-rules summary").click()
    page.locator("#rule_match_mode").select_option("hands")
    page.get_by_role("button", name=re.compile("^Start")).tap()
    closer(page, "Ann")
    typed(side(page, "Ann & Cat"), {"Clean burrachi": 1, "Semi-clean burrachi": 1, "Points on the table": 235,
                                    "Points in hand": 15})
    typed(side(page, "Ben & Dan"), {"Dirty burrachi": 1, "Points on the table": 115, "Points in hand": 60})
    side(page, "Ben & Dan").get_by_label("Pozzetto not taken").check()
    save(page)
    expect(page.locator("ol.standings.sides")).to_contain_text("victory points")
    board = page.url.split("#")[0].split("?")[0].removeprefix(live_server)
    token = board.split("/")[2]
    paths = {"burraco scoreboard": board, "burraco new match": f"/t/{token}/matches/new?variant=burraco",
             "burraco checker": "/melds?variant=burraco&mode=meld&cards=4H+5H+6H+7H+8H+9H+10H+JK"}
    errors = html_errors(live_server, paths, tmp_path) + html_errors(
        live_server, paths, tmp_path, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert not errors, "\n".join(errors)
    serious = [v["id"] for v in Axe().run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
    assert serious == []
    for locale in ("en-GB", "it-IT"):
        context = browser.new_context(viewport={"width": 360, "height": 800}, has_touch=True, locale=locale)
        phone = context.new_page()
        for path in paths.values():
            phone.goto(live_server + path)
            for summary in phone.locator("form.hand-form details.count-by-class summary, details.house-rules summary").all():
                summary.click()
            assert phone.evaluate("document.documentElement.scrollWidth") <= 360, (locale, path)
        phone.goto(live_server + board)
        if locale == "it-IT":
            phone.locator("ol.standings").scroll_into_view_if_needed()
            shot(phone, "360-it")
        context.close()
