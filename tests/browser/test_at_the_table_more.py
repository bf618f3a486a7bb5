"""At the table on a phone (390×844, touch), the rest of what a table found (issue "At the table"): each
test asserts what is IN THE VIEWPORT after the action. The dealer while a rebuy is open; one limit for one
box; touch targets and words; the leftovers; the finished screen; free scoring's finish; an edit's sign;
the offline sheet's next dealer. One server and one browser for the module; tables are seeded straight
into the database (``Seed``).
"""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import Seed
from .test_at_the_table import form, in_view, points_box, tap


# -- the dealer while a player may still buy back in ------------------------------------------------------

def test_the_dealer_while_a_rebuy_is_open_names_both(server, phone: Page):
    seed = Seed(server, "kalooki", ("Ann", "Ben", "Cara", "Dan"))  # Ann deals hand 1, Ben would deal next
    seed.add({"kind": "hand", "end": "out", "by": "Cara",
              "held": {"Ann": {"points": 10}, "Ben": {"points": 155}, "Dan": {"points": 12}}})
    phone.goto(seed.url)
    said = "Ben deals if Ben buys back in; otherwise Cara"
    head = phone.locator(".match-head .dealer")
    expect(head).to_have_text(said)
    in_view(phone, head)
    at_save = form(phone).locator(".next-dealer")
    tap(phone, points_box(phone, "Ann"))
    expect(at_save).to_contain_text(said)
    in_view(phone, at_save)
    # the hand entered without Ben's rebuy: Cara dealt it, and Dan deals next
    for name, value in {"Ann": "5", "Cara": "7"}.items():
        points_box(phone, name).fill(value)
    tap(phone, form(phone).locator("fieldset", has_text="Who ended").get_by_text("Dan", exact=True))
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    expect(phone.locator("#standings")).to_contain_text("Saved: hand 2.")
    at_save = form(phone).locator(".next-dealer")
    expect(at_save).to_contain_text("Hand 3 · Dan deals")
    in_view(phone, at_save)
    expect(at_save).not_to_contain_text("buys back in")


# -- one limit for one box -----------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["75", "85"])
def test_a_points_box_says_one_limit_whatever_was_typed(server, phone: Page, typed):
    seed = Seed(server, "rumino", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    f = form(phone)
    tap(phone, f.locator("fieldset", has_text="Who ended").get_by_text("Ann", exact=True))
    tap(phone, f.locator("fieldset", has_text="How?").get_by_text("Knock", exact=True))
    for name, value in {"Ann": "3", "Ben": typed, "Cat": "9"}.items():
        points_box(phone, name).fill(value)
    tap(phone, f.get_by_role("button", name="Save hand"))
    status = phone.locator("#save-status")
    expect(status).to_contain_text("Not saved:")
    expect(status).to_contain_text("(at most 70)")
    in_view(phone, status)
    beside = f.locator(".held-row", has=phone.get_by_label("Ben", exact=True)).locator(".error")
    expect(beside).to_contain_text("at most 70")
    in_view(phone, beside)
    assert seed.live() == 0


# -- small targets and odd words -------------------------------------------------------------------------

def test_never_opened_is_a_44px_target_and_badges_and_bars_read_plainly(server, phone: Page):
    seed = Seed(server, "ramino", ("Ann", "Ben", "Cat"))
    seed.add({"kind": "hand", "end": "out", "by": "Ann", "held": {"Ben": {"points": 30}, "Cat": {"points": 12}}})
    phone.goto(seed.url)
    ben = form(phone).locator(".held-row", has=phone.get_by_label("Ben", exact=True))
    tap(phone, ben.locator("summary", has_text="Cards"))
    # the grid is drawn (it pushes the box down) before the thumb moves on: a tap aimed while the page
    # still moves lands where the box was
    expect(ben.get_by_role("button", name="2 of clubs", exact=True)).to_be_visible()
    box = ben.locator(".unopened")
    tap(phone, box)
    in_view(phone, box)
    expect(ben.get_by_role("checkbox")).to_be_checked()
    area = box.bounding_box()
    assert area["width"] >= 44 and area["height"] >= 44, area
    # the bars say the line once: no "100 left before 100"
    standings = phone.locator("#standings")
    labels = standings.locator(".bar-label").all_inner_texts()
    assert labels, "no bars"
    for label in labels:
        assert not re.search(r"(\d+) (left before|to go to) \1\b", label), label
    ann = standings.locator("li.standing", has=phone.locator(".name", has_text=re.compile("^Ann$")))
    expect(ann.locator(".bar-label")).to_have_text(re.compile(r"^Ends at 1,000$"))
    expect(standings.locator("li.standing", has=phone.locator(".name", has_text=re.compile("^Ben$")))
           .locator(".bar-label")).to_have_text("Ends at 1,000 · 970 left")


def test_badges_are_readable(server, phone: Page):
    seed = Seed(server, "kalooki", ("Ann", "Ben", "Cara", "Dan"))
    seed.add({"kind": "hand", "end": "out", "by": "Cara",
              "held": {"Ann": {"points": 10}, "Ben": {"points": 155}, "Dan": {"points": 12}}})
    phone.goto(seed.url)
    badge = phone.locator("#standings .badge").first
    in_view(phone, badge)
    sizes = phone.locator("#standings .badge").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 14, sizes
    dan = phone.locator("#standings li.standing", has=phone.locator(".name", has_text=re.compile("^Dan$")))
    expect(dan.locator(".bar-label")).to_have_text(re.compile(r"^Out over 150 · 138 left$"))  # 150 exactly stays in


# -- the leftovers -----------------------------------------------------------------------------------------

def test_a_hands_note_is_gone_once_the_match_has_ended(server, phone: Page):
    seed = Seed(server, "gin", ("Ann", "Ben"), game_target=10)
    seed.add({"kind": "hand", "end": "knock", "by": "Ann",
              "held": {"Ann": {"cards": "3H 4H 5H 8S 8D 8C JC QC KC AD"},
                       "Ben": {"cards": "9D 9H 9S 5C 6C 7C 6H 10C KD 4S"}}})
    phone.goto(seed.url)
    in_view(phone, phone.locator("#result"))
    expect(phone.locator("#result")).to_contain_text("Ann wins")
    expect(phone.locator("#scoreboard")).not_to_contain_text("melds taken as")


def test_free_scorings_boxes_bring_up_the_number_pad_with_a_minus_beside(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    phone.goto(seed.url)
    box = points_box(phone, "Ben")
    expect(box).to_have_attribute("inputmode", "numeric")
    row = form(phone).locator(".held-row", has=phone.get_by_label("Ben", exact=True))
    sign = row.get_by_role("button", name="Change the sign of Ben’s points")
    box.fill("12")
    tap(phone, sign)
    expect(box).to_have_value("−12")
    in_view(phone, box)
    in_view(phone, sign)
    area = sign.bounding_box()
    assert area["width"] >= 44 and area["height"] >= 44, area
    tap(phone, sign)
    expect(box).to_have_value("12")
    tap(phone, sign)
    points_box(phone, "Ann").fill("4")
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    expect(phone.locator("#standings")).to_contain_text("Saved: hand 1.")
    assert seed.live() == 1


def test_in_italian_free_scoring_is_named_in_italian_and_the_link_row_holds(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    phone.context.set_extra_http_headers({"Accept-Language": "it"})
    phone.goto(seed.url)
    head = phone.locator(".match-head h1")
    expect(head).to_have_text("Punteggio libero")
    in_view(phone, head)
    phone.goto(f"{seed.base}/t/{seed.token}")
    links = phone.locator("nav.table-links")
    in_view(phone, links)
    expect(links).not_to_contain_text("·")
    tops = {round(box["y"]) for box in (a.bounding_box() for a in links.get_by_role("link").all())}
    assert len(tops) == 1, f"the links wrap onto {len(tops)} rows: {[a.bounding_box() for a in links.get_by_role('link').all()]} in {links.bounding_box()}"


def test_after_a_refused_duplicate_import_the_file_is_still_chosen(server, phone: Page, tmp_path):
    seed = Seed(server, "free", ("Ann", "Ben"))
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 5}, "Ben": {"points": 3}}})
    exported = phone.request.get(f"{seed.url}/export.json")
    path = tmp_path / "match.json"
    path.write_bytes(exported.body())
    phone.goto(f"{seed.base}/t/{seed.token}/import")
    phone.wait_for_load_state("load")
    phone.get_by_label("Match or table document (JSON)").set_input_files(str(path))
    tap(phone, phone.get_by_role("button", name="Import", exact=True))
    error = phone.locator("#import-error")
    expect(error).to_contain_text("This match is already on this table")
    in_view(phone, error)
    again = phone.get_by_label("Import again: a match already on this table gets a second copy")
    in_view(phone, again)
    tap(phone, again)
    # the file is still chosen: no second pick, the second copy goes in
    tap(phone, phone.get_by_role("button", name="Import", exact=True))
    expect(phone).to_have_url(re.compile(r"/history/|/m/\d+"))
    expect(phone.locator("h1")).to_contain_text("Free scoring")


# -- the finished screen -----------------------------------------------------------------------------------

def test_the_finished_screens_buttons_say_different_things_and_the_next_match_starts_from_the_last(
        server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"), target=20)
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 25}, "Ben": {"points": 3}}})
    phone.goto(seed.url)
    result = phone.locator("#result")
    in_view(phone, result)
    rematch = result.get_by_role("button", name="Rematch now, same rules")
    in_view(phone, rematch)
    other = phone.get_by_role("link", name="Change rules or game first")
    expect(other).to_be_visible()
    tap(phone, other)
    summary = phone.locator(".house-rules summary")
    expect(summary).to_contain_text("(as the last match: change any)")
    expect(phone.locator("#rule_target")).to_have_value("20")
    # the next match of the game, chosen afresh: the table's last choice, not the standard rules
    phone.goto(f"{seed.base}/t/{seed.token}/matches/new?variant=free")
    expect(phone.locator(".house-rules summary")).to_contain_text("(as the last match: change any)")
    expect(phone.locator("#rule_target")).to_have_value("20")


def test_a_saved_preset_loaded_is_named_in_the_house_rules_summary(server, phone: Page):
    from scorekeeper import service
    from scorekeeper.service import presets

    from .conftest import in_thread

    seed = Seed(server, "free", ("Ann", "Ben"))

    def save():
        return presets.save(service.find_table(seed.token), "free", "Short", {"target": 50}).id

    preset = in_thread(seed.app, save)
    phone.goto(f"{seed.base}/t/{seed.token}/matches/new?variant=free&preset={preset}")
    summary = phone.locator(".house-rules summary")
    expect(summary).to_contain_text("(“Short” filled in)")
    expect(summary).not_to_contain_text("standard")
    tap(phone, summary)
    in_view(phone, phone.locator("#rule_target"))
    expect(phone.locator("#rule_target")).to_have_value("50")


# -- free scoring with no target names a winner -------------------------------------------------------------

def test_free_scoring_with_no_target_is_finished_and_the_winner_is_in_view(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben", "Cat"))
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 12}, "Ben": {"points": -5},
                                                         "Cat": {"points": 0}}})
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 3}, "Ben": {"points": 20},
                                                         "Cat": {"points": 7}}})
    phone.goto(seed.url)
    ask = phone.locator("summary", has_text="Finish: the best total wins")
    tap(phone, ask)
    expect(phone.get_by_text("Finish the match now? The best total wins")).to_be_visible()
    yes = phone.get_by_role("button", name="Yes, end it here")
    in_view(phone, yes)
    tap(phone, yes)
    result = phone.locator("#result")
    expect(result).to_contain_text("Cat wins")
    in_view(phone, result.locator("h2"))
    in_view(phone, result.get_by_role("button", name="Rematch now, same rules"))
    expect(phone.locator("#sheet th[scope=row]", has_text="finish")).to_have_count(1)  # the grid's row
    assert seed.live() == 3


# -- an edit leaves a sign ------------------------------------------------------------------------------------

def test_an_edit_says_which_hand_changed_and_shows_what_it_moved(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    first = seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 10}, "Ben": {"points": 2}}})
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 1}, "Ben": {"points": 3}}})
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 5}, "Ben": {"points": 7}}})
    phone.goto(f"{seed.url}/hands/{first}/edit")
    points_box(phone, "Ann").fill("4")
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    note = phone.locator("#standings .action-note")
    expect(note).to_contain_text("Hand 1 changed")
    in_view(phone, note)
    standings = phone.locator("#standings")
    ann = standings.locator("li.standing", has=phone.locator(".name", has_text=re.compile("^Ann$")))
    ben = standings.locator("li.standing", has=phone.locator(".name", has_text=re.compile("^Ben$")))
    expect(ann.locator(".total")).to_have_text("10")
    expect(ann.locator(".delta")).to_have_text("−6")
    expect(ben.locator(".delta")).to_have_text("±0")
    in_view(phone, ann.locator(".delta"))


# -- a result people send --------------------------------------------------------------------------------------

def _finished_free(server):
    seed = Seed(server, "free", ("Ann", "Ben"), target=20)
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 25}, "Ben": {"points": 3}}})
    return seed


def _view_link(phone: Page, seed) -> str:
    phone.goto(seed.url)
    return phone.locator("#result").get_by_role("link", name="Share the result").get_attribute("href")


def test_the_summary_shows_the_picture_once_and_shares_it_as_a_png(server, phone: Page):
    seed = _finished_free(server)
    summary = _view_link(phone, seed)
    phone.add_init_script("""
        navigator.canShare = (data) => !!(data && data.files);
        navigator.share = (data) => { window.sharedFile = data.files[0].type + " " + data.files[0].size; return Promise.resolve(); };
    """)
    phone.goto(seed.base + summary)
    picture = phone.locator("img.summary-image")
    in_view(phone, picture)
    expect(picture).to_have_attribute("src", re.compile(r"summary\.png$"))
    assert phone.evaluate("document.querySelector('img.summary-image').naturalWidth") == 1200
    # the ranking is the picture's; the page does not list it a second time
    expect(phone.locator("ol.summary-standings")).to_have_count(0)
    share = phone.get_by_role("link", name="Share the picture")
    tap(phone, share)
    expect(phone.locator(".share-done")).to_have_text("Shared.")
    in_view(phone, phone.locator(".share-done"))
    assert phone.evaluate("window.sharedFile").startswith("image/png ")


def test_without_the_web_share_api_the_picture_downloads(server, phone: Page):
    seed = _finished_free(server)
    summary = _view_link(phone, seed)
    phone.goto(seed.base + summary)
    assert phone.evaluate("typeof navigator.canShare") in ("undefined", "function")
    phone.evaluate("delete Navigator.prototype.canShare; delete Navigator.prototype.share")
    # the text shared first ("Copied…", or "Select the text…" where the clipboard is refused): that line
    # is about the text, and goes when the picture is asked for
    tap(phone, phone.get_by_role("button", name="Share", exact=True))
    expect(phone.locator(".share-done")).not_to_have_text("")
    with phone.expect_download() as got:
        tap(phone, phone.get_by_role("link", name="Share the picture"))
    assert got.value.suggested_filename.endswith(".png")
    expect(phone.locator(".share-done")).to_have_text("")


# -- a table wider than the screen (found by a walk at the table) --------------------------------------------

def test_a_table_wider_than_the_screen_is_shaded_at_the_edge_it_scrolls_toward(server, phone: Page):
    """The stats' players table at 390 px is cut at the right edge (it scrolls sideways in its box): the
    edge it scrolls toward is shaded, so the cut column reads as more to see, and once scrolled to the
    end the shade is on the other side."""
    seed = Seed(server, "kalooki", ("Ann", "Ben", "Cara", "Dan"))
    seed.add({"kind": "hand", "end": "out", "by": "Cara",
              "held": {"Ann": {"points": 10}, "Ben": {"points": 150}, "Dan": {"points": 12}}})
    phone.goto(f"{seed.base}/t/{seed.token}/stats")
    box = phone.locator(".stats-scroll").first
    in_view(phone, box)
    assert box.evaluate("e => e.scrollWidth > e.clientWidth")

    def edge_shade(side: str) -> float:
        """How much darker than the card the box's outermost pixel column is around its middle, from a
        screenshot of the box: the least over 31 rows, so that a letter of a cut column read there
        does not count as shade."""
        shot = box.screenshot()
        return phone.evaluate("""([png, side]) => new Promise(done => {
            const img = new Image();
            img.onload = () => {
              const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
              const g = c.getContext('2d'); g.drawImage(img, 0, 0);
              const x = side === 'right' ? img.width - 1 : 0, middle = Math.round(img.height / 2);
              const [r0, g0, b0] = g.getImageData(Math.round(img.width / 2), 2, 1, 1).data;
              let least = Infinity;
              for (let y = middle - 15; y <= middle + 15; y++) {
                const [r, gr, b] = g.getImageData(x, y, 1, 1).data;
                least = Math.min(least, (r0 + g0 + b0 - r - gr - b) / 3);
              }
              done(least);
            };
            img.src = 'data:image/png;base64,' + png;
        })""", [base64.b64encode(shot).decode(), side])

    assert edge_shade("right") > 8
    assert edge_shade("left") < 3
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    assert edge_shade("left") > 8
    assert edge_shade("right") < 3
