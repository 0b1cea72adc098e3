"""Where the project's files are: the one place that knows the layout on disk.

Pure Python (no Django), so the domain packages may import it."""

from __future__ import annotations

from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
FIXTURES_DIR = BASE_DIR / "fixtures"
STATIC_DIR = BASE_DIR / "static"


def fixture(*parts: str) -> Path:
    """A path under fixtures/, e.g. fixture("flows") or fixture("rulings", "glossary.yaml")."""
    return FIXTURES_DIR.joinpath(*parts)
