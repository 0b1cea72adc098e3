"""`make mutate`: mutation testing (mutmut) room by room, with the score of each room.

    .venv/bin/python .ci/mutate.py                 # every room below
    .venv/bin/python .ci/mutate.py pairing ratings # some rooms

For each room mutmut copies the project into mutants/, changes one operator, constant or call at a time in
the room's modules, and runs the room's tests against each change: a change that no test notices
("survived") is a behaviour the tests do not pin down. The scores are printed as a Markdown table (the
README publishes it) and kept in .mutation-scores.json; `mutmut results` and `mutmut show <name>` (run from
the project with the room's setup.cfg, which this script writes and removes) list the survivors.
Slow: minutes per room on two cores, so it is not part of `make test`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# room: (the modules mutated, the tests that guard them)
ROOMS: dict[str, tuple[list[str], list[str]]] = {
    "pairing": (["tournament/pairing/engine.py", "tournament/pairing/tables.py", "tournament/pairing/notes.py"],
                # the fixed-field oracle checks only: the hypothesis ones (test_pairing_optimum.py) cost seconds a mutant
                ["tests/pairing/unit/test_pairing.py", "tests/pairing/unit/test_pairing_notes.py",
                 "tests/pairing/unit/test_pairing_records.py", "tests/pairing/unit/test_pairing_order_and_tables.py",
                 "tests/leagues/unit/test_ratings.py"]),  # round 1 by rating
    "shorthand": (["tournament/results/shorthand.py"], ["tests/results/unit/test_results.py"]),
    # pure tests only in scoring, tiebreaks, league-scoring and formula-guard: a test that builds a database costs
    # a minute per mutant on the loaded machine (the pages' tests are the request tests' job)
    "scoring": (["tournament/results/scoring.py", "tournament/results/definition.py"],
                ["tests/results/test_scoring.py", "tests/results/unit/test_scoring_definitions.py",
                 "tests/results/unit/test_definition_refusals.py", "tests/results/unit/test_definition_round_trip.py",
                 "tests/results/unit/test_event_scoring.py", "tests/results/unit/test_scoring_lines.py"]),
    "tiebreaks": (["tournament/results/tiebreaks.py"],
                  ["tests/results/test_scoring.py", "tests/results/unit/test_head_to_head.py",
                   "tests/results/unit/test_tiebreak_groups.py",
                   "tests/results/unit/test_settled_ties.py",  # the ties settled after them
                   "tests/results/unit/test_scythed_chariots_tiebreaks.py"]),
    # the pure tests only: test_event_ratings.py builds a database for every mutant (a minute each here)
    "ratings": (["tournament/leagues/ratings.py"], ["tests/leagues/unit/test_ratings.py", "tests/leagues/test_league_scoring.py"]),
    "league-scoring": (["tournament/leagues/scoring.py"], ["tests/leagues/unit/test_league_table.py"]),
    "armies": (["tournament/armies/validation.py", "tournament/armies/allies.py"],
               ["tests/armies/unit/test_army_validation.py", "tests/armies/unit/test_army_boxes.py", "tests/armies/unit/test_armylists.py",
                "tests/armies/unit/test_allies.py"]),
    # pure tests only (none of the old ones built a database; the pages' and flows' tests stay in `make test`)
    "calculators": (["rulings/calculators"], ["tests/rulings/unit/test_calculators.py", "tests/rulings/unit/test_calculator_params.py",
                                              "tests/rulings/unit/test_combat_rulings.py", "tests/rulings/unit/test_calculator_working.py",
                                              "tests/rulings/unit/test_calculator_summaries.py",
                                              "tests/rulings/unit/test_doubled_by_artillery.py",
                                              "tests/rulings/unit/test_calculator_working_catalogue.py"]),
    "flows": (["rulings/flows/validation.py"], ["tests/rulings/test_flows.py", "tests/rulings/test_flow_validation.py",
                                                "tests/rulings/test_flow_audit.py", "tests/rulings/test_flows_contested.py"]),
    # the guards' tests only (the shorthand's are its room's); each builds a database (--reuse-db below)
    "result-guards": (["tournament/results/entry.py", "tournament/results/rescoring.py"],
                      ["tests/results/test_result_guards.py", "tests/results/test_rescoring.py",
                       "tests/security/test_confirmation.py", "tests/results/test_player_report.py",
                       "tests/security/test_my_game_link.py",  # the same address seconds apart; the entry's own account
                       "tests/results/test_result_doubts.py::test_result_page_shows_the_camp_doubt_and_the_event_choice__guide_L1583",
                       "tests/web/test_organizer_pages.py::test_audit_log_speaks_in_sentences_with_names",
                       "tests/results/test_own_scoring.py::test_loading_a_template_and_saving_it_rescores_and_audits",
                       "tests/results/test_own_scoring.py::test_an_own_scoring_can_go_back_to_its_preset_through_the_rescoring_page",
                       "tests/results/test_own_scoring.py::test_wins_set_as_a_tiebreak_on_the_edit_page_outlives_a_save_of_the_own_scoring"]),
    # every request passes the input guards: the tests that aim at them and at the rules, not every page's
    "permissions": (["tournament/web/permissions.py", "tournament/web/input_guard.py"],
                    ["tests/security/test_input_guard.py", "tests/security/test_permission_rules.py",
                     "tests/security/test_ownership.py",
                     "tests/security/test_limits.py::test_a_declared_1_gb_body_is_refused_before_it_is_read",
                     "tests/security/test_limits.py::test_a_chunked_body_over_the_limit_is_refused",
                     "tests/security/test_limits.py::test_multipart_bodies_are_not_parsed_before_routing",
                     "tests/security/test_limits.py::test_uploads_are_still_checked_for_nul",
                     *(f"tests/registration/test_registration.py::{t}" for t in (
                         "test_player_saves_a_legal_army", "test_player_cannot_edit_another_players_army",
                         "test_anonymous_cannot_edit_anything", "test_locked_army_cannot_change",
                         "test_locked_armies_show_the_player_no_form_to_fill",
                         "test_locked_event_allowing_option_changes_keeps_the_list")),
                     "tests/web/test_personal_home.py::test_only_the_owner_checks_in_and_only_the_organizer_opens_it",
                     "tests/web/test_personal_home.py::test_nobody_reports_someone_elses_game_from_their_home",
                     "tests/pairing/test_rounds.py::test_umpires_swap_only_when_the_event_allows"]),
    # the stages' pure core (groups, round robins, brackets, an imported bracket fitted to one): pure tests only (the
    # stage pages' and flows' tests build a database: they are `make test`'s), and the import module's two pure tests
    "stages": (["tournament/stages/schedule.py", "tournament/stages/groups.py", "tournament/stages/brackets.py",
                "tournament/stages/played.py"],
               ["tests/stages/unit/test_stage_structures.py", "tests/stages/unit/test_stage_groups_by_hand.py",
                "tests/stages/unit/test_stage_brackets_by_hand.py", "tests/stages/unit/test_stage_played_by_hand.py",
                *(f"tests/transfer/test_results_import_stages.py::{t}" for t in (
                    "test_any_played_single_elimination_bracket_is_rebuilt_with_the_same_placings",
                    "test_games_that_make_no_bracket_are_refused_without_searching_for_long"))]),
    # the formula guard: every export's cells defused (CSV) or written as text (XLSX), and the table reader's limits
    "formula-guard": (["tournament/transfer/exports.py"], ["tests/transfer/unit/test_exports.py"]),
}

COPIED = ["config", "tournament", "rulings", "fixtures", "templates", "static", "locale", "tests", "docs", "manage.py", "README.md",
          "pytest.ini"]


def setup_cfg(modules: list[str], tests: list[str]) -> str:
    lines = ["[mutmut]", "source_paths =", *(f"    {m}" for m in modules),
             "pytest_add_cli_args_test_selection =", *(f"    {t}" for t in tests),
             "pytest_add_cli_args =", "    -p", "    no:cacheprovider", "    --reuse-db", "also_copy ="]
    return "\n".join(lines + [f"    {c}" for c in COPIED]) + "\n"


DATABASE_ROOMS = {"result-guards", "permissions"}  # their tests build a database: one child (see run_room)


def run_room(name: str, children: int) -> dict:
    modules, tests = ROOMS[name]
    shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    cfg = ROOT / "setup.cfg"
    cfg.write_text(setup_cfg(modules, tests))
    mutmut = [str(Path(sys.executable).with_name("mutmut"))]
    # A test that builds a database made and migrated it in every mutant's run (a minute each on the loaded
    # machine): on SQLite the rooms' test database is a file in mutants/, made once and reused (--reuse-db).
    # The guards' rooms (their tests write to that one file) run one child at a time: two children writing to
    # one SQLite file could wait past its lock timeout, and a test failing for that would count a mutant killed.
    sqlite = not os.environ.get("DATABASE_URL", "sqlite").startswith("postgres")
    test_db = {"TEST_DATABASE_NAME": str(ROOT / "mutants" / "test-db.sqlite3")} if sqlite else {}
    try:
        subprocess.run([*mutmut, "run", "--max-children", str(children)], cwd=ROOT, check=False,
                       stdout=subprocess.DEVNULL, env={**os.environ, **test_db, "CI": "true"})
        subprocess.run([*mutmut, "export-cicd-stats"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        stats = json.loads((ROOT / "mutants" / "mutmut-cicd-stats.json").read_text())
        listing = subprocess.run([*mutmut, "results"], cwd=ROOT, capture_output=True, text=True).stdout
        stats["survivors"] = [line.split(":")[0].strip() for line in listing.splitlines() if line.strip()]
        return stats
    finally:
        cfg.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    rooms = argv or list(ROOMS)
    unknown = [r for r in rooms if r not in ROOMS]
    if unknown:
        print(f"unknown room(s): {', '.join(unknown)}; rooms: {', '.join(ROOMS)}", file=sys.stderr)
        return 2
    children = int(os.environ.get("MUTATE_CHILDREN", os.cpu_count() or 2))
    scores, kept = {}, ROOT / ".mutation-scores.json"
    for room in rooms:
        print(f"mutating {room} ...", flush=True)
        scores[room] = run_room(room, 1 if room in DATABASE_ROOMS else children)
        print(f"  {row(room, scores[room])}", flush=True)
        kept.write_text(json.dumps(scores, indent=1))  # kept across rooms: run_room empties mutants/
    print("\n| room | mutants | killed | survived | no test | score |\n|---|---|---|---|---|---|")
    for room, stats in scores.items():
        print(row(room, stats))
    return 0


def row(room: str, s: dict) -> str:
    """A table row; the score is killed / (killed + survived + no test): a mutant no test runs counts as survived."""
    tested = s["total"] - s["skipped"]
    killed = s["killed"] + s["timeout"] + s["segfault"]
    if not tested:
        return f"| {room} | 0 | | | | |"
    return f"| {room} | {s['total']} | {killed} | {s['survived']} | {s['no_tests']} | {100 * killed / tested:.0f}% |"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
