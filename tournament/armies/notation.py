"""The notation of the DBA 3.0 army lists' element options (pure Python, no Django).

    8x4Bw               eight 4Bw                         -> one Part(8, [4Bw])
    1xHCh or 4Bw        one element, either type          -> one Part(1, [HCh, 4Bw])
    1x3Kn/4Bd           a 3Kn that may dismount as 4Bd    -> Alt("3Kn", also="4Bd")
    1x3/4Ax             a 3Ax or a 4Ax                    -> two Alts
    2xSp or (1xCv + 1xEl)   two Sp, or one Cv and one El  -> two Choices

A bare code after "or" adds an alternative to the current part; a counted term or a group with a
count after "or" starts another choice; "+" adds a part to the current choice. What cannot be read
raises NotationError; the catalogue (`armies.catalogue`) reports it with the row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CODE = re.compile(r"^(?:Mtd-)?\d?[A-Z][A-Za-z]*$")
_MULTI = re.compile(r"^(\d)/(\d)([A-Z][A-Za-z]*)$")  # 3/4Ax: a 3Ax or a 4Ax
_COUNT = re.compile(r"^(\d+)\s*x\s*(.*)$", re.S)
_NOTE = re.compile(r"\s*\((Cm)\)")  # "Mtd-3Bw (Cm)": a remark about the mount, not a group


class NotationError(ValueError):
    """An option the parser cannot read."""


@dataclass(frozen=True)
class Alt:
    """One element type a player may field; `also` is the form it may take instead (dismounted...)."""

    code: str
    also: str | None = None

    def accepts(self, chosen: str) -> bool:
        key = chosen.replace("//", "/").casefold()
        names = {self.code.casefold()}
        if self.also:
            names |= {self.also.casefold(), f"{self.code}/{self.also}".casefold()}
        return key in names

    def __str__(self) -> str:
        return f"{self.code}//{self.also}" if self.also else self.code


@dataclass(frozen=True)
class Part:
    count: int
    alts: tuple[Alt, ...]


@dataclass(frozen=True)
class Choice:
    parts: tuple[Part, ...]

    @property
    def size(self) -> int:
        return sum(part.count for part in self.parts)


def _split_top(text: str) -> list[tuple[str, str]]:
    """Split on " or " and " + " outside parentheses: [(separator, item)], the first separator ""."""
    items: list[tuple[str, str]] = []
    depth, start, sep, i = 0, 0, "", 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise NotationError(f"unbalanced parenthesis in {text!r}")
        elif depth == 0:
            for token, name in ((" or ", "or"), (" + ", "+"), ("+", "+")):
                if text.startswith(token, i):
                    items.append((sep, text[start:i].strip()))
                    sep, i, start = name, i + len(token), i + len(token)
                    break
            else:
                i += 1
                continue
            continue
        i += 1
    if depth != 0:
        raise NotationError(f"unbalanced parenthesis in {text!r}")
    items.append((sep, text[start:].strip()))
    if any(not item for _, item in items):
        raise NotationError(f"empty term in {text!r}")
    return items


def _alts(code: str) -> tuple[Alt, ...]:
    """`3Kn/4Bd` (dismounts), `3/4Ax` (either), `Mtd-3Bw`, `Cv`."""
    code = code.strip()
    multi = _MULTI.match(code)
    if multi:
        return tuple(Alt(f"{figures}{multi[3]}") for figures in (multi[1], multi[2]))
    if "/" in code:
        first, _, second = code.replace("//", "/").partition("/")
        if _CODE.match(first) and _CODE.match(second):
            return (Alt(first, second),)
        raise NotationError(f"cannot read element {code!r}")
    if not _CODE.match(code):
        raise NotationError(f"cannot read element {code!r}")
    return (Alt(code),)


def _is_group(item: str) -> bool:
    return item.startswith("(") and item.endswith(")") and _balanced_inside(item)


def _balanced_inside(item: str) -> bool:
    depth = 0
    for ch in item[1:-1]:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def _bare_alternatives(item: str) -> tuple[Alt, ...] | None:
    """Alternatives without a count: a code, or a group of codes joined by "or"."""
    if _is_group(item):
        inner = _split_top(item[1:-1])
        if any(sep == "+" for sep, _ in inner) or any(_COUNT.match(i) for _, i in inner):
            return None
        return tuple(alt for _, i in inner for alt in (_bare_alternatives(i) or ()))
    if _COUNT.match(item):
        return None
    return _alts(item)


def parse_options(text: str) -> tuple[Choice, ...]:
    """Parse one option column into its choices (see the module docstring)."""
    text = " ".join(_NOTE.sub("", text).split())
    choices: list[list[Part]] = []
    for sep, item in _split_top(text):
        bare = _bare_alternatives(item)
        if bare is not None:
            if sep == "or" and choices:
                last = choices[-1][-1]
                choices[-1][-1] = Part(last.count, last.alts + bare)
            elif sep == "+" and choices:
                choices[-1].append(Part(1, bare))
            else:
                choices.append([Part(1, bare)])
            continue
        new = _counted_or_group(item)
        if sep == "+" and choices:
            if len(new) != 1:
                raise NotationError(f"cannot add alternatives with '+' in {text!r}")
            choices[-1].extend(new[0].parts)
        else:
            choices.extend(list(choice.parts) for choice in new)
    return tuple(Choice(tuple(parts)) for parts in choices)


def _counted_or_group(item: str) -> tuple[Choice, ...]:
    counted = _COUNT.match(item)
    if counted:
        count, rest = int(counted[1]), counted[2].strip()
        bare = _bare_alternatives(rest)
        if bare is None:
            raise NotationError(f"cannot read {item!r}")
        return (Choice((Part(count, bare),)),)
    if _is_group(item):
        return parse_options(item[1:-1])
    raise NotationError(f"cannot read {item!r}")


def parse_general(text: str) -> Part:
    choices = parse_options(text if _COUNT.match(text.strip()) else f"1x{text.strip()}")
    if len(choices) != 1 or choices[0].size != 1:
        raise NotationError(f"the general must be one element: {text!r}")
    return choices[0].parts[0]
