"""The live sheet's stream (``/v/<view_token>/stream``, scorekeeper/web/spectate/live.py): the match's
version as the stream opens and each new one, whether the change was made through this worker or
another; a bounded number of streams per worker; 204 where a server cannot hold one; every slot given
back however a stream ends; a database that is down does not end the watch."""

from __future__ import annotations

import queue
import signal
import socket
import threading
import time
from contextlib import contextmanager

import pytest
import sqlalchemy as sa
from werkzeug.serving import make_server

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match
from scorekeeper.web.spectate import live

THREADED = {"wsgi.multithread": True}  # what a threaded server (gunicorn's gthread workers) says


@pytest.fixture
def game(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    yield scorer, match_id, view_token
    live.close(app)  # no stream outlives its test


def open_stream(client, view_token: str):
    response = client.get(f"/v/{view_token}/stream", environ_overrides=THREADED, buffered=False)
    assert response.status_code == 200
    return response, iter(response.response)


def next_event(events, seconds: float = 5.0) -> str:
    """The stream's next event, or a failure after ``seconds`` (never a test that hangs)."""
    got: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: got.put(next(events, b"(ended)")), daemon=True).start()
    try:
        return got.get(timeout=seconds).decode()
    except queue.Empty:
        raise AssertionError(f"no event within {seconds} s") from None


def bump_elsewhere(app, match_id: int) -> int:
    """A change made by another worker or host: the version moves in the database, nothing is poked."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        match.version += 1
        db.session.commit()
        return match.version


def test_a_server_of_one_thread_per_worker_gets_no_stream(game, client):
    _, _, view_token = game
    response = client.get(f"/v/{view_token}/stream")  # the test client, like gunicorn's sync workers
    assert response.status_code == 204 and response.get_data() == b""


def test_an_unknown_link_is_a_404(game, client):
    assert client.get("/v/not-a-real-view-token-at-all/stream", environ_overrides=THREADED).status_code == 404


def test_the_stream_says_the_version_then_each_hand_saved(game, client, app):
    scorer, match_id, view_token = game
    response, events = open_stream(client, view_token)
    assert response.headers["Content-Type"].startswith("text/event-stream")
    assert "no-transform" in response.headers["Cache-Control"]
    assert "Content-Encoding" not in response.headers
    with app.app_context():
        version = db.session.get(Match, match_id).version
    first = next_event(events)
    assert "retry: " in first and f"event: version\ndata: {version}\n" in first
    # a hand saved through this worker
    assert scorer.record_points(match_id, {"Ann": 4, "Ben": 9}).status_code == 302
    assert f"data: {version + 1}\n" in next_event(events)
    # a change made elsewhere: read by the worker's watch
    elsewhere = bump_elsewhere(app, match_id)
    assert f"data: {elsewhere}\n" in next_event(events)
    response.close()
    assert live.watch(app).open == 0


def test_streams_per_worker_are_bounded_and_given_back(game, client, app):
    _, _, view_token = game
    app.config["LIVE_STREAMS"] = 2
    first, _ = open_stream(client, view_token)
    second, events = open_stream(client, view_token)
    next_event(events)
    # every slot taken: no stream (the page polls instead)
    assert client.get(f"/v/{view_token}/stream", environ_overrides=THREADED).status_code == 204
    # a stream never read at all still gives its slot back when the server closes it
    first.close()
    third, _ = open_stream(client, view_token)
    second.close()
    third.close()
    watch = live.watch(app)
    assert watch.open == 0 and watch.followed == {} and watch.versions == {}


def test_a_stream_ends_by_itself_and_when_the_server_stops(game, app):
    _, match_id, view_token = game
    watch = live.watch(app)
    assert watch.take(view_token, 1)
    short = live.Stream(watch, view_token, 1, seconds=0.2)
    assert b"data: 1" in next(short)
    assert list(short) == []  # its time is up: it ends, and the browser opens the next one
    short.close()
    assert watch.take(view_token, 1)
    held = live.Stream(watch, view_token, 1)
    next(held)
    live.close(app)
    assert next_event(held) == "(ended)"
    held.close()
    assert watch.open == 0
    assert not watch.take(view_token, 1)  # a server that stops opens no more


def test_a_database_that_is_down_does_not_end_the_watch(game, client, app, monkeypatch):
    _, match_id, view_token = game
    response, events = open_stream(client, view_token)
    next_event(events)
    calls = {"n": 0}
    real = sa.orm.Session.execute

    def down(self, *args, **kwargs):
        if threading.current_thread().name == "live-sheet-watch":
            calls["n"] += 1
            if calls["n"] <= 3:
                raise sa.exc.OperationalError("SELECT", {}, Exception("the database is restarting"))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(sa.orm.Session, "execute", down)
    elsewhere = bump_elsewhere(app, match_id)
    assert f"data: {elsewhere}\n" in next_event(events)
    assert calls["n"] > 3
    response.close()


@pytest.mark.parametrize(("threads", "slots"), [(1, 0), (2, 0), (8, 4), (16, 12), (64, 48), (None, live.DEFAULT_SLOTS)])
def test_a_worker_keeps_threads_for_pages(threads, slots):
    assert live.slots_for_threads(threads) == slots


class FakeGunicornWorker:
    """What ``live`` looks at in a gunicorn worker: its SIGTERM handler is the worker's own method."""

    alive = True

    def handle_exit(self, sig, frame):  # pragma: no cover - never signalled here
        self.alive = False


FakeGunicornWorker.__module__ = "gunicorn.workers.gthread"


def test_a_worker_told_to_stop_ends_its_streams(game, app):
    _, _, view_token = game
    worker = FakeGunicornWorker()
    before = signal.signal(signal.SIGTERM, worker.handle_exit)
    try:
        watch = live.watch(app)
        assert watch.take(view_token, 1)
        held = live.Stream(watch, view_token, 1)
        next(held)
        assert not live._worker_stopping()
        worker.alive = False  # what gunicorn's SIGTERM handler does: the restart waits for requests
        assert live._worker_stopping()
        assert next_event(held) == "(ended)"  # ended by the watch's next reading, not after its 120 s
        held.close()
        assert not watch.take(view_token, 1)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert not live._worker_stopping()


def test_a_threaded_worker_works_on_one_request_at_a_time_and_a_stream_waits_outside():
    """``RequestsAtOnce`` (a worker of many threads, run for the streams): requests take turns, and a
    streamed body (the live sheet's) is sent after its turn is given back, so it never keeps one."""
    from scorekeeper.web.server import RequestsAtOnce

    at_work, most, lock = [0], [0], threading.Lock()

    def inner(environ, start_response):
        with lock:
            at_work[0] += 1
            most[0] = max(most[0], at_work[0])
        threading.Event().wait(0.02)
        with lock:
            at_work[0] -= 1
        start_response("200 OK", [])
        if environ.get("stream"):
            def body():
                yield b"first"
                threading.Event().wait(0.5)  # a held stream: others are answered meanwhile
                yield b"later"
            return body()
        return [b"page"]

    app = RequestsAtOnce(inner, 1)
    started = threading.Barrier(6)
    answers: list = []

    def request(stream: bool):
        started.wait()
        answers.append(b"".join(app({"stream": stream}, lambda *a: None)))

    threads = [threading.Thread(target=request, args=(n == 0,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert most[0] == 1 and sorted(answers) == [b"firstlater"] + [b"page"] * 5
    assert answers[-1] == b"firstlater"  # the pages were answered while the stream was held


def test_the_app_takes_turns_when_told(scorer):
    from scorekeeper import create_app
    from scorekeeper.web.server import RequestsAtOnce

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://", "REQUESTS_AT_ONCE": 1})
    assert isinstance(app.wsgi_app, RequestsAtOnce)
    plain = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://"})
    assert not isinstance(plain.wsgi_app, RequestsAtOnce)  # not under gunicorn's threads: no turns


def test_one_address_holds_at_most_its_share_of_the_streams(game, client, app):
    """520 streams from one address took all 384 slots (96 a worker), and every other follower polled.
    Now one address holds at most ``per_address_slots`` of a worker's; the others are left to the rest."""
    _, _, view_token = game
    app.config["LIVE_STREAMS"] = 30
    share = live.per_address_slots(30)
    assert share == 5 and live.per_address_slots(96) == 16
    held = [open_stream(client, view_token)[0] for _ in range(share)]
    assert client.get(f"/v/{view_token}/stream", environ_overrides=THREADED).status_code == 204
    other = dict(THREADED, REMOTE_ADDR="10.0.0.2")
    theirs = client.get(f"/v/{view_token}/stream", environ_overrides=other, buffered=False)
    assert theirs.status_code == 200
    # a stream given back frees the address's share again
    held.pop().close()
    held.append(open_stream(client, view_token)[0])
    for response in held + [theirs]:
        response.close()
    watch = live.watch(app)
    assert watch.open == 0 and watch.by_address == {}


@contextmanager
def served(app):
    """The app on a real threaded server (Werkzeug's) on a free loopback port: a stream written to a socket."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        live.close(app)
        server.shutdown()
        server.server_close()


def raw_stream(port: int, view_token: str, *, receive_buffer: int | None = None) -> socket.socket:
    """A connection that asks for the stream; what it reads, if anything, is up to the caller. A small
    ``receive_buffer`` makes the connection's window close after a few events left unread."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)  # before connect: the window
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET /v/{view_token}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return sock


def held_until(watch, done, seconds: float) -> int:
    """The streams ``watch`` holds once ``done(held)`` is true, or after ``seconds`` (a bound to fail by,
    never a duration measured)."""
    deadline = time.monotonic() + seconds
    while not done(watch.open) and time.monotonic() < deadline:
        time.sleep(0.05)
    return watch.open


def test_a_stream_that_is_not_read_is_closed_and_its_slot_given_back(game, app, monkeypatch):
    """A socket opened and never read held its slot for the whole stream, and once its buffers were full
    the worker's write blocked, and the slot and thread with it, for good. Now a stream whose words
    have not been taken for ``LIVE_STALL_SECONDS`` is closed and its slot given back; a follower
    that reads keeps its stream."""
    _, _, view_token = game
    app.config["LIVE_STALL_SECONDS"] = 0.5
    monkeypatch.setattr(live, "KEEPALIVE_SECONDS", 0.002)  # the server writes keepalives back to back
    watch = live.watch(app)
    heard, reading = [b""], threading.Event()

    def read(sock: socket.socket) -> None:
        while reading.is_set():
            try:
                chunk = sock.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            heard[0] = heard[0][-4096:] + chunk

    with served(app) as port:
        reader = raw_stream(port, view_token)
        assert held_until(watch, lambda held: held == 1, 10.0) == 1
        reading.set()
        threading.Thread(target=read, args=(reader,), daemon=True).start()
        stalled = raw_stream(port, view_token, receive_buffer=1024)  # opened, and never read
        try:
            assert held_until(watch, lambda held: held == 2, 10.0) == 2
            assert held_until(watch, lambda held: held < 2, 20.0) == 1  # the stalled stream's slot is back
            assert watch.by_address == {"127.0.0.1": 1}  # and the reader's is held: it is still being sent
            before = heard[0]
            assert held_until(watch, lambda held: heard[0] != before, 10.0) == 1
            assert b": still here" in heard[0]
        finally:
            reading.clear()
            stalled.close()
            reader.close()
    assert held_until(watch, lambda held: held == 0, 10.0) == 0
