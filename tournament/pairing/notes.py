"""Why each game was paired as it was: notes for the organizer and the players (pure Python).

Per game: the score group, or who was pulled up and who down; rematch, same club, civil war, enemies
or chronological pairing; "avoided" notes when a player did not meet the obvious opponent (the
neighbour in pairing order: 1v2, 3v4...) because of a rematch, a club or the same army list; tables
already played on and fixed tables. Round warnings: rematches, same club and civil war when the
event avoids them, and a second bye (`warns` says which notes are warnings).

Same-club and civil-war notes carry avoided=True/False (does the event avoid them?); the engine adds
what it traded when it paired them anyway (tournament/pairing/engine.py). A game changed by hand gets
its notes from `hand_made`: every note carries by_hand=True, so no sentence claims that the engine
chose it or that nothing better was possible.
"""

from __future__ import annotations

from collections.abc import Mapping

from tournament.pairing.types import BYE, Entrant, Note, Pairing, PairingOptions, enemies, standing


def warns(code: str, params: Mapping) -> bool:
    """Is this note (as stored: a code and its parameters) a warning for the organizer?"""
    if code in ("rematch", "second_bye"):
        return True
    if code == "same_club":
        return bool(params.get("avoided", True))
    if code == "civil_war":
        return bool(params.get("avoided", False))
    if code == "fixed_table":
        return bool(params.get("conflict"))
    return False


def explain(f, pairs: list[tuple[int, int]], tables: list[int | None]) -> tuple[list[Pairing], list[Note]]:
    """Notes per game and round-level warnings; games sorted by table, the bye last."""
    partner = {}
    for i, j in pairs:
        partner[i] = j
        if j != BYE:
            partner[j] = i
    games: list[Pairing] = []
    warnings: list[Note] = []
    for (i, j), table in zip(pairs, tables, strict=True):
        a = f.players[i]
        if j == BYE:
            note = Note("second_bye" if a.had_bye else "bye", (("player", a.id),))
            warnings += [note] if a.had_bye else []
            games.append(Pairing(a.id, None, None, (note,)))
            continue
        b = f.players[j]
        notes = _group_notes(a, b)
        rules = _rule_notes(f, a, b)
        notes += rules
        warnings += [note for note in rules if warns(note.code, dict(note.params))]
        notes += _avoided(f, i, partner) + _avoided(f, j, partner)
        for person in (a, b):
            if table is not None and table in person.tables:
                notes.append(Note("repeat_table", (("player", person.id), ("table", table))))
            if person.fixed_table and person.fixed_table == table:
                notes.append(Note("fixed_table", (("player", person.id), ("table", table))))
        games.append(Pairing(a.id, b.id, table, tuple(notes)))
    games.sort(key=lambda p: (p.table is None, p.table or 0))
    return games, warnings


def _group_notes(a, b) -> list[Note]:
    """The score group, or who was pulled up and who down; the groups are (wins, score) when the event ranks by
    wins first (`types.standing`), and the notes then carry the wins too."""
    if standing(a) == standing(b):
        return [Note("score_group", (("score", a.score), *_wins(a, "wins")))]
    high, low = (a, b) if standing(a) > standing(b) else (b, a)
    return [Note("pulled_up", (("player", low.id), ("score", low.score), ("to", high.score),
                               *_wins(low, "wins"), *_wins(high, "to_wins"))),
            Note("pulled_down", (("player", high.id), ("score", high.score), ("to", low.score),
                                 *_wins(high, "wins"), *_wins(low, "to_wins")))]


def _wins(e: Entrant, key: str) -> tuple:
    return () if e.wins is None else ((key, e.wins),)


def _rule_notes(f, a, b) -> list[Note]:
    """The rules this game bends, and round-1 reasons."""
    out = _bent(a, b, f.options, ())
    if f.enemies_level and enemies(a, b):
        out.append(Note("enemies", (("a", a.army_ref), ("b", b.army_ref))))
    if f.first_round and f.options.round1 == "date":
        out.append(Note("chronological"))
    return out


def _bent(a: Entrant, b: Entrant, o: PairingOptions, extra: tuple) -> list[Note]:
    """Rematch, same club, same army list; `extra` parameters are added to each note."""
    out = []
    if b.id in a.opponents or a.id in b.opponents:
        out.append(Note("rematch", (("a", a.id), ("b", b.id), *extra)))
    if a.club and a.club == b.club:
        out.append(Note("same_club", (("club", a.club), ("a", a.id), ("b", b.id), ("avoided", o.avoid_same_club), *extra)))
    if a.army_ref and a.army_ref == b.army_ref:
        out.append(Note("civil_war", (("army", a.army_ref), ("a", a.id), ("b", b.id), ("avoided", o.avoid_civil_war),
                                      *extra)))
    return out


def hand_made(people: Mapping[int, Entrant], a: int, b: int | None, table: int | None,
              options: PairingOptions) -> list[Note]:
    """The notes of a game set by hand (a swap): what it is and what it breaks, ending with "manual"."""
    first, second = people.get(a), people.get(b) if b is not None else None
    if first is None:
        return [Note("manual")]
    hand = (("by_hand", True),)
    if second is None:
        return [Note("second_bye" if first.had_bye else "bye", (("player", first.id), *hand)), Note("manual")]
    notes = [*_group_notes(first, second), *_bent(first, second, options, hand)]
    for person in (first, second):
        if table is not None and table in person.tables:
            notes.append(Note("repeat_table", (("player", person.id), ("table", table), *hand)))
        if person.fixed_table and person.fixed_table == table:
            notes.append(Note("fixed_table", (("player", person.id), ("table", table))))
        elif person.fixed_table and table is not None:
            notes.append(Note("fixed_table", (("player", person.id), ("table", person.fixed_table), ("conflict", True),
                                              ("other_table", table), *hand)))
    return [*notes, Note("manual")]


def _avoided(f, i: int, partner: dict[int, int]) -> list[Note]:
    """The obvious opponent is the neighbour in pairing order (1v2, 3v4...); say why it was not them."""
    obvious = i + 1 if i % 2 == 0 else i - 1
    if obvious >= len(f.players) or partner.get(i) == obvious:
        return []
    me, other = f.players[i], f.players[obvious]
    if f.met(i, obvious):
        reason = "rematch"
    elif f.options.avoid_same_club and me.club and me.club == other.club:
        reason = "club"
    elif f.options.avoid_civil_war and me.army_ref and me.army_ref == other.army_ref:
        reason = "civil_war"
    else:
        return []
    return [Note("avoided", (("player", me.id), ("other", other.id), ("reason", reason)))]
