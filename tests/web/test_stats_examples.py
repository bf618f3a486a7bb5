"""Worked examples of the stats and the chart's limit line (they name games, so they live here rather
than in the web's modules, which name none)."""

from __future__ import annotations

from scorekeeper.web.charts import ChartLine, limit_lines
from scorekeeper.engine.match import replay
from scorekeeper.service.stats import Played, head_to_head, high_is_good, match_summary, player_stats, streaks


def _free(points: list[tuple[int, int]], rules: dict | None = None) -> tuple[dict, Played]:
    doc = {"variant": "free", "players": ["Ann", "Ben"], "entries": [
        {"kind": "hand", "end": "scores", "held": {"Ann": {"points": a}, "Ben": {"points": b}}} for a, b in points]}
    if rules is not None:
        doc["rules"] = rules
    return doc, Played("free", rules or {}, ["Ann", "Ben"], "finished", None, replay(doc))


def test_player_stats():
    _, played = _free([(12, 3), (0, 20)])
    ann = player_stats([played])["Ann"]
    assert (ann.played, ann.hands, ann.average, ann.best, ann.worst) == (1, 2, 6.0, 0, 12)


def test_high_is_good():
    assert (high_is_good("gin"), high_is_good("rumino"), high_is_good("free", {"winner": "highest"})) == (True, False, True)


def test_match_summary():
    doc, _ = _free([(12, 3)])
    s = match_summary(replay(doc), ["Ann", "Ben"])
    assert (s["hands"], s["sum"], s["pairs"], s["places"]) == ([1, 1], [12, 3], {"0 1": [0, 1]}, [2, 1])


def test_head_to_head():
    _, played = _free([(1, 3)], {"target": 3})
    h = head_to_head([played], "Ann", "Ben")
    assert (h.together, h.a_won, h.a_ahead, h.a_better_hands) == (1, 1, 1, 1)


def test_streaks():
    def match(points):
        return _free([points], {"target": 1})[1]
    assert streaks([match((0, 2)), match((2, 0)), match((0, 3)), match((1, 5))]) == {"Ann": 2, "Ben": 0}


def test_limit_lines():
    assert limit_lines("rumino", {}, 3) == [ChartLine(value=100, label="Out at 100", kind="limit")]
    assert limit_lines("ramino", {}, 3) == [ChartLine(value=1000, label="Ends at 1,000", kind="limit")]
    assert limit_lines("free", {}, 3) == []
