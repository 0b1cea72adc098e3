"""Why each game was paired as it was: notes for the organizer and the players (pure Python)."""

from __future__ import annotations

from tournament.pairing import BYE, Note, Pairing, _enemies


def explain(f, pairs: list[tuple[int, int]], tables: list[int | None]) -> tuple[list[Pairing], list[Note]]:
    """Notes per game (score group, pulled up/down, avoided opponents) and round-level warnings."""
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
            code = "second_bye" if a.had_bye else "bye"
            note = Note(code, (("player", a.id),))
            games.append(Pairing(a.id, None, None, (note,)))
            if a.had_bye:
                warnings.append(note)
            continue
        b = f.players[j]
        notes = _group_notes(a, b)
        if b.id in a.opponents:
            notes.append(Note("rematch", (("a", a.id), ("b", b.id))))
            warnings.append(notes[-1])
        if a.club and a.club == b.club:
            notes.append(Note("same_club", (("club", a.club),)))
            if f.options.avoid_same_club:
                warnings.append(notes[-1])
        if a.army_ref and a.army_ref == b.army_ref:
            notes.append(Note("civil_war", (("army", a.army_ref),)))
        if f.first_round and f.options.round1 == "enemies" and _enemies(a, b):
            notes.append(Note("enemies"))
        if f.first_round and f.options.round1 == "date":
            notes.append(Note("chronological"))
        notes += _avoided(f, i, partner) + _avoided(f, j, partner)
        for person in (a, b):
            if table is not None and table in person.tables:
                notes.append(Note("repeat_table", (("player", person.id), ("table", table))))
            if person.fixed_table and person.fixed_table == table:
                notes.append(Note("fixed_table", (("table", table),)))
        games.append(Pairing(a.id, b.id, table, tuple(notes)))
    games.sort(key=lambda p: (p.table is None, p.table or 0))
    return games, warnings


def _group_notes(a, b) -> list[Note]:
    if a.score == b.score:
        return [Note("score_group", (("score", a.score),))]
    high, low = (a, b) if a.score > b.score else (b, a)
    return [Note("pulled_up", (("player", low.id), ("score", low.score))),
            Note("pulled_down", (("player", high.id), ("score", high.score)))]


def _avoided(f, i: int, partner: dict[int, int]) -> list[Note]:
    """The obvious opponent is the neighbour in ranking order (1v2, 3v4...); say why it was not them."""
    obvious = i + 1 if i % 2 == 0 else i - 1
    if obvious >= len(f.players) or partner.get(i) == obvious:
        return []
    me, other = f.players[i], f.players[obvious]
    if other.id in me.opponents:
        reason = "rematch"
    elif f.options.avoid_same_club and me.club and me.club == other.club:
        reason = "club"
    elif f.options.avoid_civil_war and me.army_ref and me.army_ref == other.army_ref:
        reason = "civil_war"
    else:
        return []
    return [Note("avoided", (("player", me.id), ("other", other.id), ("reason", reason)))]
