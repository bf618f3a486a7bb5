"""Liverpool Rummy on a phone (390×844, touch) in Chromium, from a new table to the end
(docs/rules/liverpool.md, LV-1 to LV-3 and LV-5): all seven deals, cards tapped in, an exact cut, deal 7
gone out with every card in three runs and the lowest total winning; then a deal the stock ran out in, in
Italian, and the pages valid, accessible and no wider than a 360 px phone.

With ``SCOREKEEPER_SCREENSHOTS=1`` the viewport is photographed into docs/screenshots/ on the way."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PLAYERS = ("Ann", "Ben", "Cat", "Dan")

#: a box typed while the live preview of the box before is on its way replaces that preview (hx-sync
#: "this:replace"), and htmx reports the one replaced as aborted: the only console errors allowed here
pytestmark = pytest.mark.console_errors(r"^error: htmx:(afterRequest|sendAbort) ")


def shot(page: Page, name: str) -> None:
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / f"liverpool-{name}.png"))


def seated(page: Page, players) -> None:
    """Seat the players, letting the new-match page's odds of winning arrive before Start is tapped."""
    if page.locator("[data-hx-get*='chances']").count():
        with page.expect_response(lambda r: "chances" in r.url and not re.search(r"seat_\d+=(&|$)", r.url)):
            seat(page, players)
    else:
        seat(page, players)


def start(page: Page, live_server: str) -> None:
    new_table(page, live_server, PLAYERS)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Liverpool Rummy")
    seated(page, PLAYERS)
    shot(page, "new-match")
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.locator(".match-head")).to_be_visible()


def hand(page: Page, by: str | None, entries: dict[str, object], *, how: str | None = None, cut: str | None = None,
         who: str = "Who ended the hand?", save: str = "Save hand", cut_words: str = "Cut exactly",
         photo: str | None = None) -> None:
    """One deal: who went out (or how it ended), then per player a count (int) or cards (a string) typed
    in the card picker, and the exact cut ticked for ``cut``."""
    form = page.locator("form.hand-form")
    if by:
        form.locator("fieldset", has_text=who).get_by_text(by, exact=True).tap()
    if how:
        form.locator("fieldset", has_text=how).get_by_text(how, exact=True).first.tap()
    for name, value in entries.items():
        row = form.locator(".held-row", has=page.get_by_label(name, exact=True))
        if isinstance(value, int):
            row.get_by_label(name, exact=True).fill(str(value))
        else:
            row.locator("summary").first.tap()
            row.locator("input.picker-text").fill(str(value))
            expect(row.locator(".picker-preview")).to_contain_text("point" if save == "Save hand" else "punt")
    if cut:
        form.locator(".held-row", has=page.get_by_label(cut, exact=True)).get_by_text(cut_words).tap()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for name in entries:
        expect(page.locator("#preview")).to_contain_text(re.compile(rf"{name} [+±−-]"))
    expect(page.locator("#preview")).not_to_have_class(re.compile("htmx-request"))
    if photo:
        shot(page, photo)
    form.get_by_role("button", name=save).tap()


#: LV-2's deals 2 to 6 (docs/rules/liverpool.md#lv-2), typed as points, with the next deal's words
DEALS = [("Ben", dict(Ann=45, Cat=12, Dan=30), "Deal 3: 2 runs"), ("Cat", dict(Ann=8, Ben=55, Dan=27), "Deal 4: 3 sets"),
         ("Dan", dict(Ann=70, Ben=5, Cat=33), "Deal 5: 2 sets + 1 run"),
         ("Ann", dict(Ben=62, Cat=41, Dan=18), "Deal 6: 1 set + 2 runs"),
         ("Cat", dict(Ann=24, Ben=36, Dan=90), "Deal 7: 3 runs, all at once, no discard")]


def test_liverpool_seven_deals_with_cards_and_an_exact_cut(page: Page, live_server: str):
    start(page, live_server)
    expect(page.locator(".match-head")).to_contain_text("Deal 1: 2 sets")
    # LV-1 and LV-5: Ann goes out; Ben's cards with the exact cut, Cat's cards, Dan's points
    hand(page, "Ann", {"Ben": "KS 7D 7C AH", "Cat": "JK 2C 3C", "Dan": 60}, cut="Ben", photo="deal-1")
    expect(page.locator(".match-head")).to_contain_text("Deal 2: 1 set + 1 run")
    for name, total in (("Ann", "0"), ("Ben", "−11"), ("Cat", "20"), ("Dan", "60")):
        expect(total_of(page, name)).to_have_text(total)
    expect(page.locator("body")).to_contain_text("39 − 50 (exact cut) = −11")
    shot(page, "deal-2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for by, points, next_deal in DEALS:
        hand(page, by, points)
        expect(page.locator(".match-head")).to_contain_text(next_deal)
    # LV-3: Dan goes out in deal 7 with every card in three runs, the joker as 4♦
    hand(page, "Dan", {"Dan": "4H 5H 6H 7H 9C 10C JC QC KC AD 2D 3D JK", "Ann": 105, "Ben": 80, "Cat": 66},
         photo="deal-7")
    expect(page.locator("#result")).to_contain_text("Cat wins")
    for name, total in (("Ann", "252"), ("Ben", "227"), ("Cat", "172"), ("Dan", "225")):
        expect(total_of(page, name)).to_have_text(total)
    page.locator("#result").scroll_into_view_if_needed()
    shot(page, "result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_liverpool_in_italian_valid_accessible_and_360_px(page: Page, browser, live_server: str, tmp_path):
    """LV-6 in Italian: the stock runs out in deal 2; then valid HTML, no serious axe finding, nothing wider
    than a 360 px phone in English or in Italian."""
    from axe_playwright_python.sync_playwright import Axe

    from .test_pages_valid import html_errors

    start(page, live_server)
    page.get_by_role("link", name="Italiano").first.click()
    expect(page.locator(".match-head")).to_contain_text("Mano 1: 2 tris")
    hand(page, "Ann", {"Ben": 39, "Cat": 20, "Dan": 60}, who="Chi ha chiuso la mano?", save="Salva mano",
         cut="Cat", cut_words="Taglio esatto")
    expect(total_of(page, "Cat")).to_have_text("−30")
    hand(page, None, {"Ann": 22, "Ben": 41, "Cat": 9, "Dan": 30}, how="Tallone finito", save="Salva mano",
         who="Chi ha chiuso la mano?", photo="it-stock")
    expect(page.locator(".match-head")).to_contain_text("Mano 3: 2 scale")
    for name, total in (("Ann", "22"), ("Ben", "80"), ("Cat", "−21"), ("Dan", "90")):
        expect(total_of(page, name)).to_have_text(total)
    shot(page, "it-deal-3")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    board = page.url.split("#")[0].split("?")[0].removeprefix(live_server)
    paths = {"liverpool scoreboard": board,
             "liverpool checker": "/melds?variant=liverpool&mode=hand&deal=7&cards=4H+5H+6H+7H+9C+10C+JC+QC+KC+AD+2D+3D+JK"}
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
            phone.locator("form.hand-form details.cards-box summary").first.click() if path == board else None
            assert phone.evaluate("document.documentElement.scrollWidth") <= 360, (locale, path)
        context.close()


@pytest.mark.console_errors(r"net::ERR_INTERNET_DISCONNECTED", r"net::ERR_FAILED .*/static/not-kept-",
                            r"htmx:(afterRequest|sendError|sendAbort)")
def test_a_deal_kept_offline_with_an_exact_cut_is_sent_once(page: Page, live_server: str, database_url: str):
    """No connection at the table: LV-5's deal, cards tapped and the exact cut ticked, is kept on the phone,
    shown as not sent yet, and sent exactly once when the connection returns."""
    from .test_offline import go_offline, reconnect, shell_ready, stored_entries

    start(page, live_server)
    match_id = int(re.search(r"/m/(\d+)", page.url).group(1))
    shell_ready(page)
    go_offline(page.context, page, live_server)
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Who ended the hand?").get_by_text("Ann", exact=True).tap()
    for name, value in (("Ben", "KS 7D 7C AH"), ("Cat", "JK 2C 3C")):
        row = form.locator(".held-row", has=page.get_by_label(name, exact=True))
        row.locator("summary").first.tap()
        row.locator("input.picker-text").fill(value)
    form.locator(".held-row", has=page.get_by_label("Dan", exact=True)).get_by_label("Dan", exact=True).fill("60")
    form.locator(".held-row", has=page.get_by_label("Ben", exact=True)).get_by_text("Cut exactly").tap()
    form.get_by_role("button", name="Save hand").tap()
    pending = page.locator("#pending-hands .pending-row")
    expect(pending).to_have_count(1)
    expect(pending.first).to_be_in_viewport()
    expect(page.locator("#pending-hands .queue-note")).to_contain_text("not sent yet")
    assert stored_entries(database_url, match_id) == []
    shot(page, "offline-kept")

    reconnect(page.context, live_server)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#pending-hands")).to_have_count(0, timeout=15000)
    for name, total in (("Ann", "0"), ("Ben", "−11"), ("Cat", "20"), ("Dan", "60")):
        expect(total_of(page, name)).to_have_text(total)
    (entry,) = stored_entries(database_url, match_id)
    assert [h for h in entry["held"].values() if h.get("exact_cut")] == [{"cards": "KS 7D 7C AH", "exact_cut": True}]
