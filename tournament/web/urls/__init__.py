"""The tournament app's URLs, one module per audience, so that who can reach a page reads from the file name:

- `public`: anyone, signed in or not (the event's public pages, standings, published pairings, leagues' tables);
- `player`: a signed-in account acting for itself, or a player's own link (their home, entries, armies and
  games, invitations, the events and leagues they create);
- `staff`: an event's organizers and umpires, a league's organizers (each view checks the role through
  `tournament.web.permissions` or `league_access`).

`events` and `leagues` put each audience's patterns together under their namespaces ("tournament",
"leagues"); `guide` is the guide's ("guide"). Paths and names are the ones every template and test reverses.
"""
