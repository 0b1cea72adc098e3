"""The calculators' data: fixtures/calculators/*.yaml, each value with its source line and doubts."""

from __future__ import annotations

from functools import cache

import yaml

from config.paths import FIXTURES_DIR

FIXTURES = FIXTURES_DIR


@cache
def load(name: str) -> dict:
    """fixtures/calculators/<name>.yaml, parsed once."""
    return yaml.safe_load((FIXTURES / "calculators" / f"{name}.yaml").read_text(encoding="utf-8"))


def doubt(text: str) -> str:
    """How a doubtful source value is named in a breakdown."""
    return f"doubtful: {text}"
