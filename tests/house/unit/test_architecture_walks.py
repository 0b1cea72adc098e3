"""ARCHITECTURE.md's walks stay true (issue 30): every module a walk lists exists, none is listed twice, and the
counts written beside each walk are the files listed. A module moved or joined without its walk fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
WALKS = ("A result", "A pairing", "A ruling")
HEADING = re.compile(r"\*\*(A \w+)\*\* \([^)]*\): path (\d+), helpers (\d+),\s+\*\*(\d+) in all\*\*")
ITEM = re.compile(r"^- (Path|Helpers|Not counted): (.*?)(?=^- |^\s*$|\Z)", re.MULTILINE | re.DOTALL)
MODULE = re.compile(r"`([\w/]+\.py)`")


def walks() -> dict[str, dict]:
    """Each walk's stated counts and the modules of its "Path", "Helpers" and "Not counted" items."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text[text.index("### The files each walk touches"):]
    headings = list(HEADING.finditer(section))
    found: dict[str, dict] = {}
    for heading, following in zip(headings, [*headings[1:], None], strict=True):
        walk, path, helpers, total = heading.groups()
        body = section[heading.end():following.start() if following else len(section)]
        found[walk] = {"path": int(path), "helpers": int(helpers), "total": int(total),
                       **{name: MODULE.findall(items) for name, items in ITEM.findall(body)}}
    return found


def test_each_walk_is_listed():
    assert set(walks()) == set(WALKS)


@pytest.mark.parametrize("walk", WALKS)
def test_a_walks_counts_are_the_modules_it_lists(walk):
    listed = walks()[walk]
    path, helpers = listed["Path"], listed["Helpers"]
    assert len(path) == len(set(path)) and len(helpers) == len(set(helpers)), "a module listed twice"
    assert not set(path) & set(helpers), "a module both on the path and a helper"
    assert (len(path), len(helpers), len(path) + len(helpers)) == (listed["path"], listed["helpers"], listed["total"])


@pytest.mark.parametrize("walk", WALKS)
def test_every_module_a_walk_names_exists(walk):
    listed = walks()[walk]
    named = listed["Path"] + listed["Helpers"] + listed.get("Not counted", [])
    assert named
    assert [name for name in named if not (ROOT / name).is_file()] == []
