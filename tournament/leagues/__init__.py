"""Leagues: seasons of events, a league table computed from the events' own results, and ratings.

ARCHITECTURE: `scoring`, `ratings`, `chart` and `sheets` are pure (no Django; import-linter keeps them so);
`presets` reads fixtures/league_presets.yaml; `rules` says a preset in words (i18n); `table` reads a league
in a fixed number of queries and feeds the pure modules; `service` writes (create, invite, accept);
`merges` counts two people as one in a league (an organizer's merge of account-less people, or a suggestion
the account holder confirms); `ladder` records games outside events that both players confirm; `imports`
brings an earlier event's backup straight into a league.
Identity across events is the Player row (a person's own profile when linked to an account), never a name.
"""
