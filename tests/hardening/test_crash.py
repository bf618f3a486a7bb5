"""Crash consistency: the server is killed (SIGKILL, master and workers at once) in the middle of a
burst of writes, restarted on the same database, and the database is consistent: SQLite's integrity
check says ok, every hand whose save was acknowledged (302) is there exactly once, every other hand is
there at most once, and the match still replays and takes new hands."""

from __future__ import annotations

import http.client
import sqlite3
import threading
import time
from collections import Counter

from .conftest import Phone, Server, is_sqlite, sqlite_path

WRITERS = 3
KILL_AFTER_ACKS = 40


def _burst(port, game, writer: int, acked: list, sent: list, errors: list, stop: threading.Event) -> None:
    phone = Phone(port, timeout=10)
    try:
        version = phone.version(game)
    except OSError:
        return
    i = 0
    while not stop.is_set():
        key = f"w{writer}-h{i}"
        form = {"version": str(version), "key": key,
                f"points_{game.ids['Ann']}": str(writer), f"points_{game.ids['Ben']}": str(i)}
        try:
            sent.append(key)
            reply = phone.post(game.base + "/hands/new", form)
            if reply.status == 302:
                acked.append(key)
                i += 1
                version += 1
            elif reply.status == 409:
                version = phone.version(game)
            else:
                errors.append(f"writer {writer}: HTTP {reply.status}")
                return
        except (OSError, http.client.HTTPException):
            return  # the server is gone: whatever was not acknowledged may or may not be saved


def test_sigkill_mid_burst_loses_no_acknowledged_hand(store, tmp_path):
    game = store.make_match(["Ann", "Ben"])
    server = Server(store.url, tmp_path / "server.log", workers=2).start()
    acked: list[str] = []
    sent: list[str] = []
    errors: list[str] = []
    stop = threading.Event()
    try:
        threads = [threading.Thread(target=_burst, args=(server.port, game, w, acked, sent, errors, stop))
                   for w in range(WRITERS)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 60
        while len(acked) < KILL_AFTER_ACKS and time.monotonic() < deadline and any(t.is_alive() for t in threads):
            time.sleep(0.005)
        assert len(acked) >= KILL_AFTER_ACKS, f"only {len(acked)} hands saved before the kill\n{server.log()}"
        server.kill()  # mid-burst: writers have requests in flight
        stop.set()
        for t in threads:
            t.join(timeout=30)
        assert not any(t.is_alive() for t in threads)
        assert not errors, errors
    finally:
        stop.set()
        server.stop()

    if is_sqlite(store.url):
        with sqlite3.connect(sqlite_path(store.url)) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        conn.close()

    restarted = Server(store.url, tmp_path / "server2.log", workers=2).start()
    try:
        entries = store.entries(game.match_id, live_only=False)
        keys = Counter(e.idempotency_key for e in entries)
        assert all(n == 1 for n in keys.values()), [k for k, n in keys.items() if n > 1]
        missing = set(acked) - set(keys)
        assert not missing, f"acknowledged but lost: {sorted(missing)}"
        assert set(keys) <= set(sent), set(keys) - set(sent)
        assert store.version(game.match_id) == 1 + len(entries)
        # the restarted server replays the match and takes the next hand
        phone = Phone(restarted.port)
        page = phone.get(game.base)
        assert page.status == 200 and "no longer add up" not in page.body
        reply = phone.post(game.base + "/hands/new", {
            "version": str(phone.version(game)), "key": "after-restart",
            f"points_{game.ids['Ann']}": "1", f"points_{game.ids['Ben']}": "2"})
        assert reply.status == 302, reply.body[:2000]
        assert len(store.entries(game.match_id)) == len(entries) + 1
        print(f"\nkilled after {len(acked)} acknowledged hands ({len(sent)} sent); {len(entries)} stored")
    finally:
        restarted.stop()
    assert "Traceback" not in restarted.log(200_000), restarted.log()
