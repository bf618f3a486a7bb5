"""The live sheet's stream: each follower of a match holds one connection (server-sent events) on which
the worker says the match's version as it opens and again each time it changes; the follower's page
then asks for the sheet once (``/v/<view_token>/sheet``, a 200 drawn once per worker and version).

Why a stream of versions and not polling: a follower must see a new hand within a second, and a poll
often enough for that costs a request (a connection, gunicorn's parsing, Flask's request) every
second per follower, all day, mostly to hear that nothing changed. Here nothing is sent between
hands, and a hand costs each follower one request.

How a worker learns of a change made by any worker, any host: one watcher thread per worker reads
the versions of the matches its streams follow, in one query every ``TICK_SECONDS``, whatever the
number of followers (the streams wait on a condition, holding no database connection). A save in this
worker wakes the watcher at once (``poke``), so its own followers do not wait for the tick.

Bounds: a worker holds at most ``LIVE_STREAMS`` streams (a share of its threads, the rest kept for
pages), one address at most a sixth of them (``per_address_slots``); a stream lasts ``STREAM_SECONDS``
and then ends (the browser opens the next one by itself), and a word it writes that the other end does
not take (acknowledge) within ``STALL_SECONDS`` closes it (``Stream``: a phone gone, a client that
reads nothing once its window is full), so that neither its slot nor the thread that writes it waits
on a socket that does not drain; a worker that is told to stop ends its streams at once, so that a
restart does not wait for them. Where no stream can be held (a server of one thread per worker, such as
gunicorn's sync workers, or every slot taken) the answer is 204, which tells the browser not to try
again, and the page polls instead.
"""

from __future__ import annotations

import logging
import select
import signal
import socket
import struct
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

from flask import Flask, current_app

log = logging.getLogger(__name__)

#: seconds between two readings of the followed matches' versions (one query per worker): the delay a
#: follower sees, at most, for a hand saved by another worker or host
TICK_SECONDS = 0.25
#: seconds a stream is held before it ends and the browser opens the next: a connection whose phone
#: vanished without a word (no network) holds its slot this long at most; a worker told to stop (a
#: restart) ends its streams at the watch's next reading instead (``_worker_stopping``)
STREAM_SECONDS = 120.0
#: seconds of silence after which a stream sends a comment: a proxy that drops idle connections keeps it
KEEPALIVE_SECONDS = 10.0
#: seconds a stream's words may wait to be taken by the other end (acknowledged; elsewhere than Linux:
#: room in the socket to send them) before the stream is closed and its slot given back. A phone on a
#: slow network acknowledges within a second or two; one that vanished, or a client that opened the
#: stream and reads nothing once its window is full, never does. Its app setting: ``LIVE_STALL_SECONDS``
STALL_SECONDS = 5.0
#: seconds between two looks at a socket's unacknowledged bytes while a stream waits for them to drain
DRAIN_LOOK_SECONDS = 0.05
#: milliseconds the browser waits before it opens the next stream
RETRY_MS = 500
#: streams a multi-threaded server with no known thread count (the development server) may hold
DEFAULT_SLOTS = 32
#: threads of a gunicorn worker kept for pages, never given to streams: a quarter, four at least
RESERVED_SHARE = 4
RESERVED_MIN = 4
#: one address holds at most this share of a worker's streams (``per_address_slots``), and this many at least
PER_ADDRESS_SHARE = 6
PER_ADDRESS_MIN = 4


def _worker_stopping() -> bool:
    """True once the gunicorn worker this runs in was told to stop (SIGTERM: a restart, a scale-down):
    its handler of that signal is the worker's own method, and the worker marks itself not alive.
    False under any other server."""
    handler = signal.getsignal(signal.SIGTERM)
    worker = getattr(handler, "__self__", None)
    return worker is not None and type(worker).__module__.startswith("gunicorn.") \
        and getattr(worker, "alive", True) is False


def slots_for_threads(threads: int | None) -> int:
    """The streams a worker may hold when it runs ``threads`` threads (None: unknown, unbounded)."""
    if threads is None:
        return DEFAULT_SLOTS
    return max(0, threads - max(RESERVED_MIN, threads // RESERVED_SHARE))


def per_address_slots(slots: int) -> int:
    """The streams one address may hold in a worker of ``slots``: a sixth of them (16 of the README's
    96), and at least 4. A pub's phones share one address behind its router: a table and its followers
    are a dozen phones spread over the workers, well inside it."""
    return max(PER_ADDRESS_MIN, slots // PER_ADDRESS_SHARE)


def can_stream(environ: dict) -> bool:
    """Whether the server answering this request can hold a stream at all: one thread per worker
    (gunicorn's sync workers) never can, and a page it draws asks for none (it polls)."""
    return bool(environ.get("wsgi.multithread")) and int(current_app.config["LIVE_STREAMS"]) > 0


class Watch:
    """This worker's streams and the versions of the matches they follow. One lock guards it all; the
    streams of a match wait on that match's own condition, so a hand wakes its followers only, and the
    watcher waits on its own."""

    def __init__(self, app: Flask, slots: int) -> None:
        self.app = app
        self.slots = slots
        self.lock = threading.Lock()
        self.wake_watcher = threading.Condition(self.lock)
        self.waits: dict[str, threading.Condition] = {}  # view token -> its streams' condition
        self.followed: dict[str, int] = {}   # view token -> streams following it
        self.versions: dict[str, int] = {}   # view token -> the version last read
        self.open = 0
        #: streams one address may hold in this worker: a share of the slots, so that one address (a
        #: script opening hundreds) cannot take them all and leave every other follower polling
        self.per_address = per_address_slots(slots)
        self.by_address: dict[str, int] = {}  # the client's address -> streams it holds here
        self.closing = False
        self.poked = False
        self.thread: threading.Thread | None = None

    # -- a stream's side ------------------------------------------------------------------------------

    def take(self, token: str, version: int, address: str = "") -> bool:
        """A slot for a stream of ``token`` (whose version is ``version`` now), or False if none is free
        or ``address`` already holds its share (``per_address``)."""
        with self.lock:
            if self.closing or self.open >= self.slots or self.by_address.get(address, 0) >= self.per_address:
                return False
            self.open += 1
            self.by_address[address] = self.by_address.get(address, 0) + 1
            self.followed[token] = self.followed.get(token, 0) + 1
            self.waits.setdefault(token, threading.Condition(self.lock))
            self.versions[token] = max(version, self.versions.get(token, version))  # versions only grow
            if self.thread is None or not self.thread.is_alive():
                # started in the worker itself (a thread does not survive gunicorn's fork)
                self.thread = threading.Thread(target=self._watch, name="live-sheet-watch", daemon=True)
                self.thread.start()
            return True

    def give_back(self, token: str, address: str = "") -> None:
        with self.lock:
            self.open -= 1
            held = self.by_address.get(address, 1) - 1
            if held:
                self.by_address[address] = held
            else:
                self.by_address.pop(address, None)
            left = self.followed.get(token, 1) - 1
            if left:
                self.followed[token] = left
            else:
                for held in (self.followed, self.versions, self.waits):
                    held.pop(token, None)

    def events(self, token: str, version: int, *, seconds: float = STREAM_SECONDS) -> Iterator[str]:
        """The events of one stream: the version as it opens, then each new one, until it is time to end
        (a comment now and then keeps a quiet connection open)."""
        yield f"retry: {RETRY_MS}\nevent: version\ndata: {version}\n\n"
        sent, quiet_since = version, time.monotonic()
        end = quiet_since + seconds
        while True:
            with self.lock:
                now = time.monotonic()
                if self.closing or now >= end:
                    return
                if self.versions.get(token, sent) == sent:
                    self.waits[token].wait(min(end, quiet_since + KEEPALIVE_SECONDS) - now)
                current, closing = self.versions.get(token, sent), self.closing
            if closing:
                return
            if current != sent:
                sent, quiet_since = current, time.monotonic()
                yield f"event: version\ndata: {current}\n\n"
            elif time.monotonic() - quiet_since >= KEEPALIVE_SECONDS:
                quiet_since = time.monotonic()
                yield ": still here\n\n"

    # -- the watcher's side ---------------------------------------------------------------------------

    def poke(self) -> None:
        """A match changed in this worker: read the versions now rather than at the next tick."""
        with self.lock:
            self.poked = True
            self.wake_watcher.notify()

    def close(self) -> None:
        """End every stream (the server is stopping): each returns at once."""
        with self.lock:
            self.closing = True
            self.wake_watcher.notify()
            for wait in self.waits.values():
                wait.notify_all()

    def _watch(self) -> None:
        from ..extensions import db
        from ... import service

        while True:
            if _worker_stopping():
                self.close()
            with self.lock:
                if not self.poked and not self.closing:
                    self.wake_watcher.wait(TICK_SECONDS)
                self.poked = False
                if self.closing or not self.followed:
                    self.thread = None  # started again by the next stream
                    return
                tokens = list(self.followed)
            try:
                with self.app.app_context():
                    rows = service.viewed_versions(tokens)
                    db.session.close()
            except Exception:  # noqa: BLE001 - a database that is down must not end the watch
                log.warning("the live sheet could not read the followed matches' versions", exc_info=True)
                time.sleep(TICK_SECONDS)
                continue
            with self.lock:
                for token, version in rows:
                    if token in self.followed and self.versions.get(token) != version:
                        self.versions[token] = version
                        self.waits[token].notify_all()


def socket_of(environ: dict) -> socket.socket | None:
    """The connection's socket, where the server says it (gunicorn, Werkzeug's server); None elsewhere."""
    found = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")
    return found if isinstance(found, socket.socket) else None


def unacknowledged(sock: socket.socket) -> int | None:
    """The bytes written to ``sock`` that the other end has not acknowledged yet (sent or still waiting
    to be: Linux's SIOCOUTQ); None where that cannot be read."""
    if not sys.platform.startswith("linux"):
        return None
    import fcntl
    import termios

    return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0"))[0]


class Stream:
    """A stream's body, which gives its slot back when the server closes it: always, by WSGI's rule,
    whether it ran to its end, the browser went away, or it was never read at all (a generator that
    never started would never run its own ``finally``).

    Each word the server writes must be taken by the other end (acknowledged) within ``stall`` seconds
    of being written, before the next is handed over: else the stream is cut (``_cut``) and ends. A
    server writes a stream's words with a blocking send, and a socket whose buffers are full (a client
    that reads nothing, a phone gone) would hold that thread, and the slot, for as long as the other
    end keeps the connection open: past ``STREAM_SECONDS``, which is only looked at between two
    writes. A phone gone without a word is found at the next comment (``KEEPALIVE_SECONDS``) plus
    ``stall``. A client that reads nothing but whose kernel still acknowledges (its receive window has
    room) cannot be told from one that reads: it is found once that window is full, or when the
    stream ends."""

    def __init__(self, watch: Watch, token: str, version: int, *, seconds: float = STREAM_SECONDS,
                 address: str = "", sock: socket.socket | None = None, stall: float = STALL_SECONDS) -> None:
        self.watch, self.token, self.address = watch, token, address
        self.events = watch.events(token, version, seconds=seconds)
        self.given_back = False
        self.sock, self.stall = sock, stall
        self.written = False

    def __iter__(self) -> Stream:
        return self

    def __next__(self) -> bytes:
        # called once the server has written the word before: it must be taken before anything else
        if self.written and not self._taken():
            self._cut()
            raise StopIteration
        event = next(self.events)
        self.written = True
        return event.encode()

    def _taken(self) -> bool:
        """Whether what was written to the socket has been taken by the other end, waiting ``stall``
        seconds at most (True where the socket is not known: the test client, another server)."""
        if self.sock is None:
            return True
        deadline = time.monotonic() + self.stall
        try:
            while True:
                if self.sock.fileno() < 0:
                    return False
                left = unacknowledged(self.sock)
                if left is None:  # room to write, at least
                    waiting = select.poll()
                    waiting.register(self.sock, select.POLLOUT)
                    return bool(waiting.poll(max(0.0, deadline - time.monotonic()) * 1000))
                if left == 0:
                    return True
                if self.watch.closing or time.monotonic() >= deadline:
                    return False
                time.sleep(DRAIN_LOOK_SECONDS)
        except OSError:
            return False

    def _cut(self) -> None:
        """End the connection whose words are not taken: what is left unsent is dropped (a reset when
        the server closes the socket), and the server's next write fails at once instead of waiting."""
        log.info("a live sheet stream was closed: what it sent was not taken within %.1f s", self.stall)
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.sock.shutdown(socket.SHUT_RDWR)
        except (OSError, AttributeError):
            pass

    def close(self) -> None:
        if not self.given_back:
            self.given_back = True
            self.events.close()
            self.watch.give_back(self.token, self.address)


def watch(app: Flask | None = None) -> Watch:
    """The app's watch (made on first use, with the app's ``LIVE_STREAMS`` slots)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("scorekeeper.live")
    if found is None:
        found = app.extensions.setdefault("scorekeeper.live", Watch(app, int(app.config["LIVE_STREAMS"])))
    return found


def poke(app: Any = None) -> None:
    """Say that a match changed in this worker, if any of its followers is streaming here."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("scorekeeper.live")
    if found is not None and found.open:
        found.poke()


def close(app: Flask) -> None:
    """End the app's streams (a server that stops waits for every request it is answering)."""
    found = app.extensions.get("scorekeeper.live")
    if found is not None:
        found.close()


__all__ = ["PER_ADDRESS_SHARE", "STALL_SECONDS", "STREAM_SECONDS", "TICK_SECONDS", "Stream", "Watch", "can_stream",
           "close", "per_address_slots", "poke", "slots_for_threads", "socket_of", "unacknowledged", "watch"]
