"""Reading calculator parameters from a query string, with errors that name the parameter."""

from __future__ import annotations

from collections.abc import Mapping

TRUE = {"1", "true", "yes", "on", "si", "sí", "y"}
FALSE = {"0", "false", "no", "off", "n", ""}


class ParamError(ValueError):
    def __init__(self, param: str, message: str):
        super().__init__(f"{param}: {message}")
        self.param = param
        self.message = message


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
                raise ParamError(name, "is required")
            return default
        return value

    def integer(self, name: str, default: int | None = None, low: int | None = None, high: int | None = None) -> int:
        value = self.raw(name)
        if value is None or value == "":
            if default is None:
                raise ParamError(name, "is required")
            return default
        try:
            number = int(value)
        except ValueError:
            raise ParamError(name, f"must be a whole number, not {value[:20]!r}") from None
        if (low is not None and number < low) or (high is not None and number > high):
            raise ParamError(name, f"must be between {low} and {high}")
        return number

    def optional_integer(self, name: str, low: int, high: int) -> int | None:
        return None if self.raw(name) in (None, "") else self.integer(name, low=low, high=high)

    def number(self, name: str, default: float | None = None, low: float = 0, high: float = 10_000) -> float:
        value = self.raw(name)
        if value is None or value == "":
            if default is None:
                raise ParamError(name, "is required")
            return default
        try:
            number = float(value.replace(",", "."))
        except ValueError:
            raise ParamError(name, f"must be a number, not {value[:20]!r}") from None
        if not low <= number <= high or number != number:
            raise ParamError(name, f"must be between {low} and {high}")
        return number

    def flag(self, name: str) -> bool:
        value = (self.raw(name) or "").casefold()
        if value in TRUE:
            return True
        if value in FALSE:
            return False
        raise ParamError(name, f"must be true or false, not {value[:20]!r}")

    def choice(self, name: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.text(name, default)
        if value not in options:
            raise ParamError(name, f"must be one of {', '.join(options)}")
        return value
