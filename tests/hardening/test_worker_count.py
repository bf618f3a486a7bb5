"""The refusal to count rate limits apart in several workers cannot be slipped (issue 20, finding 12):
spaces around ``memory://`` do not hide it, and a worker added to a running server (``-w 1`` and
SIGTTIN) is checked as it starts, with and without ``--preload``: the server stops, saying why, instead
of running several workers that each allow the whole limit."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from scorekeeper.web.server import read_storage_uri, refuse_unshared_limits

from .conftest import REPO, Phone, database_url, free_port, gunicorn_path

REFUSAL = "counted separately by each of the"


@pytest.mark.parametrize("uri", [" memory://", "memory:// ", "\tMEMORY://\n", ""])
def test_memory_is_memory_whatever_the_spaces(uri):
    config = {"RATELIMIT_STORAGE_URI": uri}
    read_storage_uri(config)
    with pytest.raises(RuntimeError, match=REFUSAL):
        refuse_unshared_limits(config, 4)


def test_a_shared_store_keeps_its_uri_trimmed():
    config = {"RATELIMIT_STORAGE_URI": "  redis://127.0.0.1:6379/0 "}
    read_storage_uri(config)
    assert config["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6379/0"
    refuse_unshared_limits(config, 4)  # shared: several workers are fine


needs_gunicorn = pytest.mark.skipif(gunicorn_path() is None, reason="gunicorn is not installed")


def _gunicorn(tmp_path, workers: int, uri: str, *extra: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url(tmp_path, "workers.sqlite3"), "SECRET_KEY": "workers",
           "RATELIMIT_STORAGE_URI": uri}
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 - closed below
    try:
        proc = subprocess.Popen([gunicorn_path(), "-w", str(workers), "-b", f"127.0.0.1:{port}", "--timeout", "60",
                                 *extra, "scorekeeper:create_app({'WARM_SOLVERS': False})"],
                                cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    finally:
        log.close()
    return proc, port


def _end(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)


@needs_gunicorn
def test_spaces_around_memory_do_not_slip_past(tmp_path):
    proc, _ = _gunicorn(tmp_path, 2, " memory://")
    try:
        code = proc.wait(timeout=90)
    finally:
        _end(proc)
    log = (tmp_path / "gunicorn.log").read_text()
    assert code != 0, log
    assert f"{REFUSAL} 2 worker processes" in log


@needs_gunicorn
@pytest.mark.parametrize("preload", [False, True], ids=["each-worker-loads", "preload"])
def test_a_worker_added_to_a_running_server_is_refused(tmp_path, preload):
    proc, port = _gunicorn(tmp_path, 1, "memory://", *(["--preload"] if preload else []))
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (tmp_path / "gunicorn.log").read_text()
            try:
                if Phone(port, timeout=2).get("/health").status == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "gunicorn did not answer"
            time.sleep(0.2)
        # one worker serves; now ask the master for three more, as an operator would
        for _ in range(3):
            os.kill(proc.pid, signal.SIGTTIN)
            time.sleep(0.3)
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            code = None
    finally:
        _end(proc)
    log = (tmp_path / "gunicorn.log").read_text()
    assert code is not None, f"the server ran on with several workers counting apart:\n{log[-3000:]}"
    assert code != 0
    assert f"{REFUSAL} 2 worker processes" in log, log[-3000:]
