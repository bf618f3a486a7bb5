"""At the table, round 4, where a page's words are enough to judge: numbers on the stats page written as
every other page writes them, the chart's axis and its table by side in a game scored by sides."""

from __future__ import annotations

import re

import pytest

from .test_sides import K1_EW_COUNTED, K1_NS, side_hand


@pytest.fixture
def four(sheet):
    sheet.create_table()
    sheet.add_players("Ann", "Ben", "Cat", "Dan")
    return sheet


def test_stats_write_numbers_the_locales_way(sheet, client):
    sheet.create_table()
    sheet.add_players("Ann", "Ben")
    match_id = sheet.start_match("free", ["Ann", "Ben"])
    assert sheet.record_points(match_id, {"Ann": -1045, "Ben": 2030}).status_code in (302, 303)
    page = client.get(f"/t/{sheet.token}/stats").get_data(as_text=True)
    assert "−1,045" in page and "2,030" in page
    assert "-1045" not in page and "2030.0" not in page and "1045" not in page.replace("1,045", "")
    client.get("/lang/it?next=/")
    page = client.get(f"/t/{sheet.token}/stats").get_data(as_text=True)
    assert "−1.045" in page and "2.030" in page


def test_the_chart_of_sides_has_one_column_a_side(four, client):
    match_id = four.start_match("canasta", ["Ann", "Ben", "Cat", "Dan"])
    four.post(f"/t/{four.token}/m/{match_id}/hands/new", side_hand(four, match_id, [K1_NS, K1_EW_COUNTED], by="Ann"))
    page = client.get(f"/t/{four.token}/m/{match_id}/chart").get_data(as_text=True)
    heads = re.findall(r'<th scope="col">(.*?)</th>', page)
    assert [re.sub("<[^>]+>", "", h).replace("&amp;", "&") for h in heads[1:]] == ["Ann & Cat", "Ben & Dan"]
    assert page.count(">1,115<") == 1 and page.count(">785<") == 1


def test_the_charts_numbers_have_room_at_its_left(sheet, client):
    sheet.create_table()
    sheet.add_players("Ann", "Ben")
    match_id = sheet.start_match("free", ["Ann", "Ben"])
    sheet.record_points(match_id, {"Ann": 10000, "Ben": -1500})
    svg = client.get(f"/t/{sheet.token}/m/{match_id}/chart.svg").get_data(as_text=True)
    axis = svg.split('text-anchor="end">', 1)[1].split("</g>", 1)[0]
    labels = re.findall(r'<text x="([\d.]+)"[^>]*>([^<]+)</text>', axis)
    assert "10,000" in [t for _, t in labels]
    # right-aligned at x: each label's start, at 6.5 px a character of the 11 px font, is inside the chart
    assert all(float(x) - 6.5 * len(text) >= 0 for x, text in labels), labels
