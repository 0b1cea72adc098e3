"""Why each game was paired as it was: notes for the organizer and the players (pure Python).

Per game: the score group, or who was pulled up and who down; rematch, same club, civil war, enemies
or chronological pairing; "avoided" notes when a player did not meet the obvious opponent (the
neighbour in pairing order: 1v2, 3v4...) because of a rematch, a club or the same army list; tables
already played on and fixed tables. Round warnings: rematches, same club and civil war when the
event avoids them, and a second bye.
"""

from __future__ import annotations

from tournament.pairing.types import BYE, Note, Pairing, enemies


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
        warned = _rule_notes(f, a, b)
        notes += [note for note, _ in warned]
        warnings += [note for note, warn in warned if warn]
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
    if a.score == b.score:
        return [Note("score_group", (("score", a.score),))]
    high, low = (a, b) if a.score > b.score else (b, a)
    return [Note("pulled_up", (("player", low.id), ("score", low.score), ("to", high.score))),
            Note("pulled_down", (("player", high.id), ("score", high.score), ("to", low.score)))]


def _rule_notes(f, a, b) -> list[tuple[Note, bool]]:
    """(note, is it a round warning) for the rules this game bends, and round-1 reasons."""
    o, out = f.options, []
    if b.id in a.opponents or a.id in b.opponents:
        out.append((Note("rematch", (("a", a.id), ("b", b.id))), True))
    if a.club and a.club == b.club:
        out.append((Note("same_club", (("club", a.club),)), o.avoid_same_club))
    if a.army_ref and a.army_ref == b.army_ref:
        out.append((Note("civil_war", (("army", a.army_ref),)), o.avoid_civil_war))
    if f.enemies_level and enemies(a, b):
        out.append((Note("enemies", (("a", a.army_ref), ("b", b.army_ref))), False))
    if f.first_round and o.round1 == "date":
        out.append((Note("chronological"), False))
    return out


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
