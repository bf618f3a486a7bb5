"""Rate limits across worker processes: gunicorn with several workers and limits counted in each
process's memory (each would allow the whole limit, and a restart forgets them) refuses to start, and
says what to set; with one worker it serves."""

from __future__ import annotations

import os
import subprocess

import pytest

from .conftest import REPO, Phone, database_url, free_port, gunicorn_path

pytestmark = pytest.mark.skipif(gunicorn_path() is None, reason="gunicorn is not installed")


def _gunicorn(tmp_path, workers: int) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url(tmp_path, "limits.sqlite3"), "SECRET_KEY": "limits",
           "RATELIMIT_STORAGE_URI": "memory://"}
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 - closed below
    try:
        proc = subprocess.Popen([gunicorn_path(), "-w", str(workers), "-b", f"127.0.0.1:{port}",
                                 "--timeout", "60", "scorekeeper:create_app()"],
                                cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    finally:
        log.close()
    return proc, port


def test_several_workers_counting_in_memory_refuse_to_start(tmp_path):
    proc, _ = _gunicorn(tmp_path, 2)
    try:
        code = proc.wait(timeout=90)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
            proc.wait()
    log = (tmp_path / "gunicorn.log").read_text()
    assert code != 0
    assert "counted separately by each of the 2 worker processes" in log
    assert "RATELIMIT_STORAGE_URI" in log


def test_one_worker_serves(tmp_path):
    import time

    proc, port = _gunicorn(tmp_path, 1)
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
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
