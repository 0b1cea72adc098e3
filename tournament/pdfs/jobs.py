"""Print jobs run in a background thread, with progress kept in files so any server process can
report it. The data are read from the database before the thread starts; the thread only lays out."""

from __future__ import annotations

import json
import secrets
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(tempfile.gettempdir()) / "dba-print-jobs"
KEEP_SECONDS = 6 * 3600


def _paths(job: str) -> tuple[Path, Path]:
    if not job.isalnum():
        raise FileNotFoundError(job)
    return ROOT / f"{job}.json", ROOT / f"{job}.pdf"


def _write(path: Path, data: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(path)


def start(build, *, owner: int, filename: str) -> str:
    """Run `build(progress)` (returns PDF bytes) in a thread; `progress(done, total)` updates the status."""
    ROOT.mkdir(parents=True, exist_ok=True)
    _cleanup()
    job = secrets.token_hex(12)
    status_path, pdf_path = _paths(job)
    status = {"owner": owner, "filename": filename, "done": 0, "total": 0, "ready": False, "error": ""}
    _write(status_path, status)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        if time.monotonic() - last[0] > 0.2 or done == total:
            last[0] = time.monotonic()
            _write(status_path, {**status, "done": done, "total": total})

    def run() -> None:
        try:
            pdf_path.write_bytes(build(progress))
            _write(status_path, {**status, "done": 1, "total": 1, "ready": True})
        except Exception as exc:  # noqa: BLE001 - reported to the person waiting
            _write(status_path, {**status, "error": str(exc) or type(exc).__name__})

    threading.Thread(target=run, daemon=True).start()
    return job


def status(job: str) -> dict | None:
    try:
        status_path, _ = _paths(job)
        return json.loads(status_path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None


def result(job: str) -> bytes | None:
    try:
        return _paths(job)[1].read_bytes()
    except FileNotFoundError:
        return None


def _cleanup() -> None:
    cutoff = time.time() - KEEP_SECONDS
    for path in ROOT.glob("*"):
        if path.stat().st_mtime < cutoff:
            path.unlink(missing_ok=True)
