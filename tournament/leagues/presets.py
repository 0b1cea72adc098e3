"""League scoring presets from fixtures/league_presets.yaml (pure: no Django)."""

from __future__ import annotations

from functools import cache

import yaml

from config.paths import fixture
from tournament.leagues.scoring import Rule, rule_from_preset


@cache
def league_presets() -> dict[str, dict]:
    with fixture("league_presets.yaml").open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def preset_choices() -> list[tuple[str, str]]:
    return [(key, value["name"]) for key, value in league_presets().items()]


def league_rule(preset: str, best_n: int | None = None, min_games: int | None = None,
                custom_points=None) -> Rule:
    return rule_from_preset(league_presets()[preset], best_n=best_n, min_games=min_games, custom_points=custom_points)
