"""The server a benchmark measures: the README's (``MALLOC_ARENA_MAX=2 gunicorn -w 4 -k gthread --threads 128
--preload 'scorekeeper:create_app()'``) in its own processes, on a free port of 127.0.0.1, over a fresh
SQLite file in a folder of the benchmark's own, with the log beside it; started, waited for until
``/health`` answers, and stopped with all its workers.

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp), threads=1)
        server.migrate()
        fill(server.env)                       # a benchmark's own tables and matches, on the same database
        with server:                           # started and answering; stopped on the way out
            ...server.url + "/health"...

Rate limits are off unless a benchmark says otherwise: one address sends every request, and no shared
store (redis) is started to count them across workers. What a benchmark changes on purpose (its
workers, threads, ``--preload``, the app's settings, gunicorn's other arguments, the environment) it
passes as arguments, so that each prints what it ran (``Server.described``).
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
#: the benchmark's own environment's commands first (.venv/bin), as the README runs them
BIN = str(Path(sys.executable).parent)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def command(name: str) -> str:
    found = shutil.which(name, path=BIN) or shutil.which(name)
    if not found:
        raise SystemExit(f"{name} is not installed: .venv/bin/pip install -e '.[server]'")
    return found


def probe(port: int, path: str) -> int:
    """The status of a plain GET of ``path``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


class Server:
    """gunicorn serving the app from ``folder``: the database ``scorekeeper.sqlite3`` (or ``database_url``)
    and ``gunicorn.log``. ``threads=1`` gives sync workers; ``arenas=None`` leaves glibc its own number of
    malloc arenas. ``settings`` go to ``create_app``; ``args`` are more of gunicorn's; ``env`` is added to
    the server's environment (``Server.env``, which a benchmark's own setup scripts use too). Entered, it
migrates the database if nobody has yet, starts the server and waits for it; left, it stops it."""

    def __init__(self, folder: Path, *, workers: int = 4, threads: int = 128, preload: bool = True,
                 arenas: str | None = "2", settings: Mapping[str, Any] | None = None, args: Sequence[str] = (),
                 env: Mapping[str, str] | None = None, database_url: str | None = None, wait: float = 180) -> None:
        self.folder, self.port, self.wait_seconds, self.migrated = folder, free_port(), wait, False
        self.database_url = database_url or f"sqlite:///{folder / 'scorekeeper.sqlite3'}"
        self.log = folder / "gunicorn.log"
        self.env = {**os.environ, "DATABASE_URL": self.database_url, "SECRET_KEY": "benchmark secret", **(env or {})}
        if arenas:
            self.env["MALLOC_ARENA_MAX"] = arenas
        self.settings = {"RATELIMIT_ENABLED": False, **(settings or {})}
        kind = ["-k", "gthread", "--threads", str(threads)] if threads > 1 else ["-k", "sync"]
        self.gunicorn_args = ["-w", str(workers), *kind, *(["--preload"] if preload else []), *args]
        self.described = " ".join([*([f"MALLOC_ARENA_MAX={arenas}"] if arenas else []), "gunicorn",
                                   *self.gunicorn_args, f"'scorekeeper:create_app({self.settings!r})'"])
        self.process: subprocess.Popen | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None, "not started"
        return self.process.pid

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def migrate(self) -> None:
        """The README's ``flask --app scorekeeper db upgrade`` on the server's database."""
        subprocess.run([command("flask"), "--app", "scorekeeper", "db", "upgrade"], cwd=REPO, env=self.env,
                       check=True, capture_output=True)
        self.migrated = True

    def start(self) -> Server:
        """Start gunicorn (in a session of its own, so that stopping it stops every worker); not waited for."""
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [command("gunicorn"), *self.gunicorn_args, "-b", f"127.0.0.1:{self.port}",
                 f"scorekeeper:create_app({self.settings!r})"],
                cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def wait(self, seconds: float | None = None) -> Server:
        """Wait until ``/health`` answers 200 (building the solver's tables as workers start takes a while)."""
        deadline = time.monotonic() + (self.wait_seconds if seconds is None else seconds)
        while time.monotonic() < deadline:
            if self.process is None or self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited early:\n{self.log_text()[-3000:]}")
            try:
                if probe(self.port, "/health") == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise SystemExit(f"gunicorn did not answer:\n{self.log_text()[-3000:]}")

    def stop(self) -> None:
        """Stop the master and its workers: politely, then for good after 15 s."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def __enter__(self) -> Server:
        if not self.migrated:
            self.migrate()
        return self.start().wait()

    def __exit__(self, *exc: object) -> None:
        self.stop()
