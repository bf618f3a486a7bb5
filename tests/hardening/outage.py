"""Phones that keep saving hands while a part of the app is stopped and started under them, and the
account of every answer they got: the fault tests (a rate-limit store, a database) share it.

Each phone saves hands through the real form, one after another, until told to stop, each hand with
its own idempotency key. A saved hand (302) is acknowledged. A stale sheet (409) re-reads the version
and sends the same hand again with the same key, as the page does; a "try again" page (503) waits a
moment and sends it again, as a phone's kept hand is sent again. Anything else (a 500, another
status, a request that got no answer) is counted as a failure: the phone was not told.
"""

from __future__ import annotations

import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

from .conftest import FORM_VERSION_RE, Phone

#: the words a 503 page must carry (the phone is told to try again)
TRY_AGAIN = re.compile(r"try again", re.IGNORECASE)
#: a phone's pause before it sends a hand again after a 503 (the page says "in a moment")
RETRY_PAUSE = 0.2


@dataclass
class Account:
    """Every answer the phones got, and the keys of the hands the server acknowledged."""
    statuses: Counter = field(default_factory=Counter)
    acknowledged: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    told_503_without_try_again: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def saw(self, status: int | str) -> None:
        with self.lock:
            self.statuses[status] += 1

    def failed(self, what: str) -> None:
        with self.lock:
            self.failures.append(what)

    def ack(self, key: str) -> None:
        with self.lock:
            self.acknowledged.append(key)

    @property
    def saved(self) -> int:
        with self.lock:
            return len(self.acknowledged)


def _hand(game, phone: int, i: int, version: int) -> dict[str, str]:
    # the points say whose hand it is: Ann's is the phone, Ben's the hand's number
    return {"version": str(version), "key": f"p{phone}-h{i}",
            f"points_{game.ids['Ann']}": str(phone), f"points_{game.ids['Ben']}": str(i)}


def _ask(phone: Phone, account: Account, method: str, path: str, form: dict | None = None):
    """One request; None when it got no answer (counted as a failure: the phone was not told)."""
    try:
        reply = phone.request(method, path, form=form) if method == "GET" else phone.post(path, form)
    except OSError as error:
        account.saw("no answer")
        account.failed(f"{method} {path}: no answer ({error!r})")
        return None
    account.saw(reply.status)
    if reply.status == 503 and not TRY_AGAIN.search(reply.body):
        with account.lock:
            account.told_503_without_try_again += 1
    return reply


def _version(phone: Phone, account: Account, game, deadline: float) -> int | None:
    while time.monotonic() < deadline:
        reply = _ask(phone, account, "GET", game.base)
        if reply is None:
            time.sleep(RETRY_PAUSE)
            continue
        if reply.status == 200:
            return int(FORM_VERSION_RE.search(reply.body).group(1))
        if reply.status == 503:
            time.sleep(RETRY_PAUSE)
            continue
        account.failed(f"GET {game.base}: HTTP {reply.status}\n{reply.body[:800]}")
        return None
    account.failed("no version before the deadline")
    return None


def phone_saves(port: int, game, number: int, account: Account, stop: threading.Event,
                deadline: float) -> None:
    """One phone: hands until ``stop`` is set (the hand being saved then is seen through)."""
    phone = Phone(port, timeout=20)
    try:
        phone.csrf()
    except (OSError, AssertionError) as error:
        account.failed(f"phone {number}: no form ({error!r})")
        return
    version = _version(phone, account, game, deadline)
    i = 0
    while version is not None and not stop.is_set():
        form = _hand(game, number, i, version)
        while True:
            if time.monotonic() > deadline:
                account.failed(f"phone {number} hand {i}: not saved before the deadline")
                return
            reply = _ask(phone, account, "POST", game.base + "/hands/new", form)
            if reply is None:
                time.sleep(RETRY_PAUSE)
                continue
            if reply.status == 302:
                account.ack(form["key"])
                version += 1  # our own save; another phone's shows up as a 409 next time
                break
            if reply.status == 409:
                version = _version(phone, account, game, deadline)
                if version is None:
                    return
                form["version"] = str(version)
                continue
            if reply.status == 503:
                time.sleep(RETRY_PAUSE)
                continue
            account.failed(f"phone {number} hand {i}: HTTP {reply.status}\n{reply.body[:800]}")
            return
        i += 1


def run_phones(port: int, game, phones: int, seconds: float) -> tuple[Account, threading.Event, list]:
    """Start ``phones`` phones; the caller sets the event to stop them and joins the threads."""
    account = Account()
    stop = threading.Event()
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=phone_saves, args=(port, game, n, account, stop, deadline), daemon=True)
               for n in range(phones)]
    for t in threads:
        t.start()
    return account, stop, threads


def wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def check_every_hand_once(store, game, account: Account) -> None:
    """Every acknowledged hand is in the match exactly once, nothing else is, and the match's version
    moved once per hand."""
    entries = store.entries(game.match_id, live_only=False)
    keys = [e.idempotency_key for e in entries]
    doubled = [k for k, n in Counter(keys).items() if n > 1]
    assert not doubled, f"doubled: {doubled[:10]}"
    acknowledged = set(account.acknowledged)
    assert len(acknowledged) == len(account.acknowledged), "a hand was acknowledged twice"
    assert acknowledged <= set(keys), f"lost: {sorted(acknowledged - set(keys))[:10]}"
    # a phone sends its hand again until it is acknowledged, so nothing is stored that was not
    assert set(keys) == acknowledged, f"stored, never acknowledged: {sorted(set(keys) - acknowledged)[:10]}"
    for e in entries:
        phone, hand = re.fullmatch(r"p(\d+)-h(\d+)", e.idempotency_key).groups()
        assert e.payload["held"] == {str(game.ids["Ann"]): {"points": int(phone)},
                                     str(game.ids["Ben"]): {"points": int(hand)}}
    assert store.version(game.match_id) == 1 + len(keys)
