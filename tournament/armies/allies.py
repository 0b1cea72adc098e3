"""The allies column of a DBA 3.0 list read as an expression (pure Python, no Django).

    I/4a or 5a                       one of I/4a, I/5a (a reference continues the book named before it)
    I/14a and/or 32a                 either or both
    II/52 and 80d, both IV/43c and 47    the two together
    (II/22a or 22b or 22e and/or 44) or II/28b
                                     "or" binds tighter than "and/or": (22a or 22b or 22e) and/or 44; or II/28b
    II/73 (Old Saxon)                a remark after a reference, kept out of the references
    I/29b or 46a, or 46b             a comma before "or" or "and/or" is punctuation

`read_allies` gives the largest sets of allies an army may take together (`combinations`): an army's allies
must all be in one of them (fewer is fine: "and/or" allows either alone, and one ally alone is checked against
the column's references as before). A text it cannot read with confidence is doubtful (`doubts` says why) and
gives no combinations: a typo in an operator ("and or", "and/ or", "or or"), a bare comma (does "I/1b, 5b, 9"
mean "or" or "and"?), unbalanced parentheses, a word that is not a reference or an operator ("Isreal & Judah",
"Allies:"), "and" beside "or" without parentheses, a reference named twice. The validator then keeps to the
one-by-one check, so that no legal army is refused because of messy data.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

_TOKENS = re.compile(r"""
    (?P<note>\([^()\d/]*\))                               # (Old Saxon), (only if a rebel not royal army)
  | (?P<andor>and/or\b)
  | (?P<typo>and\s*/\s+or\b|and\s+/\s*or\b|and\s+or\b)     # and/ or, and or
  | (?P<and>\band\b|&)
  | (?P<both>\bboth\b)
  | (?P<or>\bor\b)
  | (?P<comma>,)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<ref>(?:(?P<book>IV|I{1,3})\s*/\s*)?(?P<number>\d+[a-z]?)\b)
  | (?P<prefix>(?P<prefix_book>IV|I{1,3})\s*/\s*(?=\())     # I/(39b and/or 41a)
  | (?P<word>[^\s(),&]+)
""", re.X)
_OPERATORS = ("or", "andor", "and")
MAX_COMBINATIONS = 256


@dataclass(frozen=True)
class AlliesReading:
    combinations: tuple[tuple[str, ...], ...] = ()
    doubts: tuple[str, ...] = ()

    @property
    def doubtful(self) -> bool:
        return bool(self.doubts)


class _Doubt(Exception):
    pass


def read_allies(text: str) -> AlliesReading:
    """The combinations of allies the column allows, or why it cannot be read with confidence."""
    text = " ".join(text.split())
    if not text:
        return AlliesReading()
    try:
        tree = _Parser(_tokens(text)).parse()
        combinations = _largest(_combinations(tree))
    except _Doubt as doubt:
        return AlliesReading(doubts=(f"{doubt} in {text!r}",))
    named = [ref for combination in combinations for ref in combination]
    return AlliesReading(combinations=tuple(combinations)) if named else AlliesReading()


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    for match in _TOKENS.finditer(text):
        kind = match.lastgroup  # the outer group: "ref", not the "book" or "number" inside it
        if kind == "typo":
            raise _Doubt(f"{match[0]!r} is not an operator the lists use (and/or?)")
        if kind == "word":
            raise _Doubt(f"{match[0]!r} is neither a list reference nor 'or', 'and/or', 'and'")
        if kind == "ref":
            tokens.append(("ref", f"{match['book'] or ''}/{match['number']}"))
        elif kind == "prefix":
            tokens.append(("prefix", match["prefix_book"]))
        else:
            tokens.append((kind, match[0]))
    return tokens


class _Parser:
    """expression := operand (operator operand)*; operand := reference [remark] | [book/] "(" expression ")"
    | "both" operand "and" operand. A tree is ("ref", reference) or (operator, [trees])."""

    def __init__(self, tokens: list[tuple[str, str]]):
        self.tokens, self.at, self.book, self.seen = tokens, 0, "", set()

    def peek(self) -> str | None:
        return self.tokens[self.at][0] if self.at < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def parse(self):
        tree = self.expression()
        if self.peek() is not None:
            kind, value = self.tokens[self.at]
            shown = value.removeprefix("/")  # a reference without its book ("/32a") as the text writes it
            raise _Doubt("unbalanced parentheses" if kind == "close" else f"{shown!r} where an operator was expected")
        return tree

    def expression(self):
        operands, operators = [self.operand()], []
        while self.peek() in (*_OPERATORS, "comma"):
            kind, _value = self.take()
            if kind == "comma":
                if self.peek() not in _OPERATORS:
                    raise _Doubt("a bare comma between references ('or' or 'and'?)")
                kind, _value = self.take()
            if self.peek() in (*_OPERATORS, "comma"):
                raise _Doubt("two operators in a row")
            operators.append(kind)
            operands.append(self.operand())
        if "and" in operators and "or" in operators:
            raise _Doubt("'and' beside 'or' without parentheses")
        # "or" binds tighter: split at "and/or" and "and", each part one of its "or" alternatives.
        parts, current = [], [operands[0]]
        for operator, operand in zip(operators, operands[1:], strict=True):
            if operator == "or":
                current.append(operand)
            else:
                parts.append(current)
                current = [operand]
        parts.append(current)
        ors = [part[0] if len(part) == 1 else ("or", part) for part in parts]
        return ors[0] if len(ors) == 1 else ("andor", ors)

    def operand(self):
        kind = self.peek()
        if kind is None:
            raise _Doubt("the text ends where a reference was expected")
        kind, value = self.take()
        if kind == "prefix":
            self.book = value
            if self.peek() != "open":
                raise _Doubt(f"{value}/ without a reference")
            kind, value = self.take()
        if kind == "open":
            tree = self.expression()
            if self.peek() != "close":
                raise _Doubt("unbalanced parentheses")
            self.take()
            return tree
        if kind == "both":
            first = self.operand()
            if self.peek() != "and":
                raise _Doubt("'both' without 'and'")
            self.take()
            return ("andor", [first, self.operand()])
        if kind == "ref":
            return self.reference(value)
        if kind == "close":
            raise _Doubt("unbalanced parentheses")
        raise _Doubt(f"{value!r} where a reference was expected")

    def reference(self, value: str):
        book, number = value.split("/")
        self.book = book or self.book
        if not self.book:
            raise _Doubt(f"{number} without a book")
        ref = f"{self.book}/{number}"
        if ref in self.seen:
            raise _Doubt(f"{ref} named twice")
        self.seen.add(ref)
        while self.peek() == "note":  # a remark about the reference: which part of the list, when
            self.take()
        return ("ref", ref)


def _combinations(tree) -> list[tuple[str, ...]]:
    kind, value = tree
    if kind == "ref":
        return [(value,)]
    children = [_combinations(child) for child in value]
    if kind == "or":
        return [combination for child in children for combination in child]
    if 1 < len(children) and MAX_COMBINATIONS < _product_size(children):
        raise _Doubt("too many combinations to list")
    return [tuple(ref for part in chosen for ref in part) for chosen in itertools.product(*children)]


def _product_size(children) -> int:
    size = 1
    for child in children:
        size *= len(child)
    return size


def _largest(combinations: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The combinations no other one contains, in the text's order."""
    kept: list[tuple[str, ...]] = []
    for combination in combinations:
        if combination in kept or any(set(combination) < set(other) for other in combinations):
            continue
        kept.append(combination)
    return kept
