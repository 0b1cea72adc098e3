"""The paths of an event day (plain data, no Locust): bench/locustfile.py asks for them, and
tests/house/test_bench_capacity.py checks each names a real page of the app."""

from __future__ import annotations


def reader_paths(slug: str) -> dict[str, str]:
    """What a player's phone refreshes: the event home, the pairings, the standings."""
    return {"event home": f"/e/{slug}/", "pairings": f"/e/{slug}/pairings/", "standings": f"/e/{slug}/standings/"}


def report_path(token: str) -> str:
    return f"/report/{token}/"


def organizer_paths(slug: str, number: int) -> dict[str, str]:
    """The organizer's pages: login, rounds, pairing the next round, publishing it, its print pack."""
    return {"login": "/accounts/login/", "rounds": f"/e/{slug}/rounds/", "pair": f"/e/{slug}/rounds/pair/",
            "publish": f"/e/{slug}/rounds/{number}/publish/", "pack": f"/e/{slug}/rounds/{number}/pack.pdf"}
