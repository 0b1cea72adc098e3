"""Reading calculator parameters from a query string, with errors that name the parameter.

A ParamError carries a stable `code` (a key of MESSAGES) and the `params` its message needs, so that a view can
say it in the reader's language (rulings/views/calculators.py keeps the translatable msgids of the same
templates); its `message` and str() stay English, for logs, the JSON API and the tests. Nothing here imports
Django."""

from __future__ import annotations

from collections.abc import Mapping

TRUE = {"1", "true", "yes", "on", "si", "sí", "y"}
FALSE = {"0", "false", "no", "off", "n", ""}


# What can be wrong with a parameter: code -> English template (%-style placeholders, as gettext msgids have).
MESSAGES = {
    "required": "is required",
    "not_whole_number": "must be a whole number, not '%(value)s'",
    "not_number": "must be a number, not '%(value)s'",
    "out_of_range": "must be between %(low)s and %(high)s",
    "not_yes_no": "must be true or false, not '%(value)s'",
    "not_a_choice": "must be one of %(options)s",
    "unknown_element": "'%(code)s' is not a DBA %(edition)s element",
    "unknown_element_code": "'%(code)s' is not a DBA %(edition)s element code",
    "no_combat_factors": "'%(code)s' is not a DBA %(edition)s element with combat factors",
    "does_not_shoot": "%(code)s does not shoot: only Bows, War Wagons and Artillery shoot (guia22 L1188; "
                      "Litter does not, nasamw22 L377)",
    "cannot_shoot_back": "%(code)s cannot shoot back: only Bows, War Wagons and Artillery shoot (guia22 L1188)",
    "too_many_supporting_shot": "at most %(most)s elements support a shot: up to 3 shoot at one element "
                                "(guia22 L1205, nasamw22 L423)",
    "no_support_unshot": "nothing shoots at it, so no enemy supports a shot at it",
    "not_shot_at": "nothing shoots at it",
    "beyond_range": "%(code)s shoots at most %(most)s paces (guia22 L1197-1199)",
    "rear_only_shooting": "only a shot can be on the rear: set mode=shooting",
    "both_dice_or_neither": "give both dice or neither",
    "single_move_one_element": "a single move has exactly one element",
    "general_single_move": "the general's own move exemption is for a single-element move",
    "spent_more_than_m": "the distances spent add up to %(spent)s cm, more than M %(m)s",
}


class ParamError(ValueError):
    """A bad or missing parameter `param`: what is wrong is `code` (a key of MESSAGES), filled with `params`."""

    def __init__(self, param: str, code: str, params: dict | None = None):
        self.param = param
        self.code = code
        self.params = dict(params or {})
        self.message = MESSAGES[code] % self.params
        super().__init__(f"{param}: {self.message}")


class Params:
    def __init__(self, values: Mapping[str, str]):
        self.values = values

    def raw(self, name: str) -> str | None:
        value = self.values.get(name)
        return None if value is None else str(value).strip()

    def text(self, name: str, default: str | None = None) -> str:
        value = self.raw(name)
        if value is None or value == "":
            if default is None:
                raise ParamError(name, "required")
            return default
        return value

    def integer(self, name: str, default: int | None = None, low: int | None = None, high: int | None = None) -> int:
        value = self.raw(name)
        if value is None or value == "":
            if default is None:
                raise ParamError(name, "required")
            return default
        try:
            number = int(value)
        except ValueError:
            raise ParamError(name, "not_whole_number", {"value": value[:20]}) from None
        if (low is not None and number < low) or (high is not None and number > high):
            raise ParamError(name, "out_of_range", {"low": low, "high": high})
        return number

    def optional_integer(self, name: str, low: int, high: int) -> int | None:
        return None if self.raw(name) in (None, "") else self.integer(name, low=low, high=high)

    def number(self, name: str, default: float | None = None, low: float = 0, high: float = 10_000) -> float:
        value = self.raw(name)
        if value is None or value == "":
            if default is None:
                raise ParamError(name, "required")
            return default
        try:
            number = float(value.replace(",", "."))
        except ValueError:
            raise ParamError(name, "not_number", {"value": value[:20]}) from None
        if not low <= number <= high or number != number:
            raise ParamError(name, "out_of_range", {"low": low, "high": high})
        return number

    def flag(self, name: str) -> bool:
        value = (self.raw(name) or "").casefold()
        if value in TRUE:
            return True
        if value in FALSE:
            return False
        raise ParamError(name, "not_yes_no", {"value": value[:20]})

    def choice(self, name: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.text(name, default)
        if value not in options:
            raise ParamError(name, "not_a_choice", {"options": ", ".join(options)})
        return value
