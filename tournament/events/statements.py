"""SQL compiled once by the ORM and run again with the values that change (the event state's aggregates, the
standings' reads): compiling such a query costs more than running it.

A statement is compiled with a stand-in, a number no real value takes, wherever a value that changes goes; the
stand-ins' places among its parameters are noted then. The database adapter may wrap a parameter (psycopg's `Int2`
for a round number), so a stand-in is found by its place, and the value put there is wrapped the same way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import connection


@dataclass(frozen=True)
class Statement:
    sql: str
    params: tuple
    places: Mapping[int, int]  # a parameter's index: the stand-in it holds

    @classmethod
    def of(cls, sql: str, params: Sequence, stand_ins: Mapping[int, int]) -> Statement:
        """`sql` and its `params` as compiled, each stand-in of `stand_ins` found as often as it says."""
        places = {index: stand_in for index, p in enumerate(params) for stand_in in stand_ins
                  if not isinstance(p, (bool, str)) and p == stand_in}
        found = {stand_in: list(places.values()).count(stand_in) for stand_in in stand_ins}
        assert found == dict(stand_ins), found  # noqa: S101 - a stand-in lost or doubled: the statement is wrong
        return cls(sql, tuple(params), places)

    def run(self, values: Mapping[int, object]) -> list[tuple]:
        """The statement's rows, each stand-in replaced by its value in `values`, as the driver returns them."""
        params = list(self.params)
        for index, stand_in in self.places.items():
            params[index] = type(self.params[index])(values[stand_in])
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            return cursor.fetchall()
