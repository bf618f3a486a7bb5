"""Data is never lost or doubled: phones writing to one match at once, against a real server process
(several gunicorn workers, or Werkzeug's threads), on SQLite or on PostgreSQL.

Each writer is one phone. It records its hands through the real form; on a stale sheet (409) it
re-reads the match's version and sends the same hand again with the SAME idempotency key, as the
page does; now and then it sends a hand twice (a double tap), or two of its requests race with one
key. At the end the match holds exactly the intended hands, each once.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections import Counter

from .conftest import FORM_VERSION_RE, Phone

WRITERS = 3
HANDS_PER_WRITER = 70
MAX_ATTEMPTS = 200


def _hand_form(game, writer: int, i: int, version: int) -> dict[str, str]:
    # the points say who meant the hand: Ann's is the writer, Ben's the hand's number
    return {"version": str(version), "key": f"w{writer}-h{i}",
            f"points_{game.ids['Ann']}": str(writer), f"points_{game.ids['Ben']}": str(i)}


def _writer(port, game, writer: int, results: dict, errors: list, start: threading.Barrier) -> None:
    phone = Phone(port)
    rng = random.Random(writer)
    stats = Counter()
    try:
        version = phone.version(game)
        start.wait(timeout=30)
        for i in range(HANDS_PER_WRITER):
            attempts = 0
            while True:
                attempts += 1
                if attempts > MAX_ATTEMPTS:
                    raise AssertionError(f"writer {writer} hand {i}: no success after {MAX_ATTEMPTS} tries")
                form = _hand_form(game, writer, i, version)
                if rng.random() < 0.1:
                    # two requests with one key at the same moment (a double tap on two connections)
                    replies: list = [None, None]

                    def send(slot: int, form=form) -> None:
                        # a second connection of the same browser: same session, same CSRF token
                        twin = Phone(port)
                        twin.cookies, twin.token = dict(phone.cookies), phone.csrf()
                        replies[slot] = twin.post(game.base + "/hands/new", form)

                    twins = [threading.Thread(target=send, args=(s,)) for s in (0, 1)]
                    for t in twins:
                        t.start()
                    for t in twins:
                        t.join()
                    stats["raced"] += 1
                    statuses = [r.status for r in replies]
                    if any(s not in (302, 409) for s in statuses):
                        raise AssertionError(f"writer {writer} hand {i}: raced replies {statuses}")
                    if 302 in statuses:
                        break
                    version = phone.version(game)
                    stats["409"] += 1
                    continue
                reply = phone.post(game.base + "/hands/new", form)
                if reply.status == 302:
                    if rng.random() < 0.15:
                        # a double tap: the same form again, after the first was saved
                        again = phone.post(game.base + "/hands/new", form)
                        assert again.status == 302, f"double tap answered {again.status}"
                        assert again.location == reply.location, (again.location, reply.location)
                        stats["doubled"] += 1
                    version += 1  # our own save bumped it (if others saved too, the next try says so)
                    break
                if reply.status == 409:
                    stats["409"] += 1
                    version = phone.version(game)
                    continue
                raise AssertionError(f"writer {writer} hand {i}: HTTP {reply.status}\n{reply.body[:2000]}")
        results[writer] = stats
    except BaseException as exc:  # noqa: BLE001 - reported by the test
        errors.append(f"writer {writer}: {exc!r}")
        start.abort()


def test_writers_record_each_hand_exactly_once(server, store):
    game = store.make_match(["Ann", "Ben"])
    results: dict = {}
    errors: list = []
    start = threading.Barrier(WRITERS)
    threads = [threading.Thread(target=_writer, args=(server.port, game, w, results, errors, start))
               for w in range(WRITERS)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    elapsed = time.monotonic() - began
    assert not errors, "\n".join(errors) + "\n" + server.tracebacks()
    assert not server.tracebacks(), server.tracebacks()

    entries = store.entries(game.match_id, live_only=False)
    keys = [e.idempotency_key for e in entries]
    intended = {f"w{w}-h{i}" for w in range(WRITERS) for i in range(HANDS_PER_WRITER)}
    assert len(keys) == len(set(keys)), f"doubled: {[k for k, n in Counter(keys).items() if n > 1]}"
    assert set(keys) == intended, f"lost {sorted(intended - set(keys))[:10]}, extra {sorted(set(keys) - intended)[:10]}"
    for e in entries:
        w, i = re.fullmatch(r"w(\d+)-h(\d+)", e.idempotency_key).groups()
        assert e.deleted_at is None and e.kind == "hand"
        assert e.payload["held"] == {str(game.ids["Ann"]): {"points": int(w)}, str(game.ids["Ben"]): {"points": int(i)}}
    # each writer's hands are in the order it sent them, and positions are distinct
    positions = [e.position for e in entries]
    assert len(set(positions)) == len(positions)
    for w in range(WRITERS):
        mine = [int(e.idempotency_key.split("-h")[1]) for e in entries if e.idempotency_key.startswith(f"w{w}-")]
        assert mine == sorted(mine)
    # one version bump per saved hand, never more, never fewer
    assert store.version(game.match_id) == 1 + len(intended)
    totals = Counter()
    for stats in results.values():
        totals.update(stats)
    print(f"\n{len(intended)} hands by {WRITERS} writers in {elapsed:.1f}s on {server.kind}: {dict(totals)}")
    # the race was real: writers did overtake each other
    assert totals["409"] > 0


def _edit_form(game, version: int, ann: int, ben: int) -> dict[str, str]:
    return {"version": str(version), f"points_{game.ids['Ann']}": str(ann), f"points_{game.ids['Ben']}": str(ben)}


def test_concurrent_edits_one_wins_and_nothing_else_changes(server, store):
    game = store.make_match(["Ann", "Ben"])
    setup = Phone(server.port)
    for i in range(6):
        reply = setup.post(game.base + "/hands/new", {**_hand_form(game, 9, i, store.version(game.match_id))})
        assert reply.status == 302
    ids = [e.id for e in store.entries(game.match_id)]
    phones = [Phone(server.port), Phone(server.port)]
    rng = random.Random(7)
    for round_ in range(15):
        before = {e.id: (e.payload, len(e.history or []), e.deleted_at) for e in store.entries(game.match_id, False)}
        version = store.version(game.match_id)
        # the two phones change the same hand, or two different ones, or one deletes what the other edits
        targets = [rng.choice(ids), rng.choice(ids)]
        deleting = round_ % 5 == 4
        replies: list = [None, None]
        gate = threading.Barrier(2)

        def act(n: int) -> None:
            gate.wait()
            if n == 1 and deleting:
                replies[n] = phones[n].post(f"{game.base}/hands/{targets[n]}/delete", {"version": str(version)})
            else:
                replies[n] = phones[n].post(f"{game.base}/hands/{targets[n]}/edit",
                                            _edit_form(game, version, 100 + round_, 200 + n))

        workers = [threading.Thread(target=act, args=(n,)) for n in (0, 1)]
        for t in workers:
            t.start()
        for t in workers:
            t.join(timeout=60)
        statuses = sorted(r.status for r in replies)
        assert statuses == [302, 409], (round_, statuses, server.tracebacks())
        loser = next(r for r in replies if r.status == 409)
        assert "changed on another phone" in loser.body
        winner = 0 if replies[0].status == 302 else 1
        after = {e.id: (e.payload, len(e.history or []), e.deleted_at) for e in store.entries(game.match_id, False)}
        changed = {i for i in before if before[i] != after[i]}
        assert changed == {targets[winner]}, (round_, changed, targets, winner)
        payload, trail, deleted = after[targets[winner]]
        assert trail == before[targets[winner]][1] + 1
        if winner == 1 and deleting:
            assert deleted is not None
            ids.remove(targets[winner])
            assert payload == before[targets[winner]][0]
        else:
            assert payload["held"][str(game.ids["Ben"])] == {"points": 200 + winner}
        assert store.version(game.match_id) == version + 1
    assert not server.tracebacks(), server.tracebacks()


def test_a_stale_edit_with_an_old_version_is_refused(server, store):
    """Sequential, not raced: an edit drawn before another save is refused, and nothing moves."""
    game = store.make_match(["Ann", "Ben"])
    phone = Phone(server.port)
    for i in range(3):
        assert phone.post(game.base + "/hands/new", _hand_form(game, 1, i, store.version(game.match_id))).status == 302
    first = store.entries(game.match_id)[0]
    page = phone.get(f"{game.base}/hands/{first.id}/edit")
    drawn = int(FORM_VERSION_RE.search(page.body).group(1))
    other = Phone(server.port)
    assert other.post(game.base + "/hands/new", _hand_form(game, 2, 0, store.version(game.match_id))).status == 302
    before = store.snapshot()
    reply = phone.post(f"{game.base}/hands/{first.id}/edit", _edit_form(game, drawn, 55, 66))
    assert reply.status == 409
    assert "changed on another phone" in reply.body
    assert store.snapshot() == before


def test_saving_again_from_the_stale_sheet_page_needs_the_choice(server, store):
    """A stale sheet offers "Keep theirs" or "Add mine as the next hand". Saving the form exactly as
    the 409 page draws it (a plain second tap on Save) is refused again, so that two phones recording
    the same hand cannot record it twice; the "Add mine" button (it carries the new version) saves."""
    game = store.make_match(["Ann", "Ben"])
    ann, ben = Phone(server.port), Phone(server.port)
    assert ann.post(game.base + "/hands/new", _hand_form(game, 1, 0, 1)).status == 302
    stale = ben.post(game.base + "/hands/new", _hand_form(game, 2, 0, 1))
    assert stale.status == 409
    resent = {name: html_value for name, html_value in re.findall(
        r'<input id="(version|key)" name="\1" type="hidden" value="([^"]*)"', stale.body)}
    again = ben.post(game.base + "/hands/new", {**_hand_form(game, 2, 0, 0), **resent})
    assert again.status == 409, (resent, again.status)
    accept = re.search(r'name="accept_version" value="(\d+)"', again.body).group(1)
    added = ben.post(game.base + "/hands/new", {**_hand_form(game, 2, 0, 0), **resent, "accept_version": accept})
    assert added.status == 302, (accept, added.status)
    assert len(store.entries(game.match_id)) == 2
