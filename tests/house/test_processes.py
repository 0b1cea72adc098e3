"""The app as it runs on an event day, in separate processes on one SQLite file: two app servers that
share the database cache, and a task worker killed with SIGKILL in the middle of a print job or of a
round's pairing.

These start real processes (gunicorn, `manage.py worker`) on a database of their own in the test's
temporary directory: the suite's in-memory database is invisible to another process."""

from __future__ import annotations

import io
import shutil
import signal
import sqlite3
import threading
import time

import pytest
from pypdf import PdfReader

from tests import processes

pytestmark = pytest.mark.own_database  # a SQLite file of their own, whatever the suite's database

DEADLINE = 180  # seconds: every wait below gives up (and fails) after this


@pytest.fixture(scope="module")
def migrated(tmp_path_factory):
    """A SQLite file migrated once for this module (the cache table comes with `migrate`): each test's
    deployment starts from a copy of it, as migrating costs a few seconds of CPU."""
    path = tmp_path_factory.mktemp("migrated") / "deployment.sqlite3"
    processes.migrate(processes.app_env(f"sqlite:///{path}"))
    return path


def fresh_copy(migrated, tmp_path):
    """The test's own migrated SQLite file, a copy of the module's (with its write-ahead log, if one was left)."""
    path = tmp_path / "deployment.sqlite3"
    for suffix in ("", "-wal"):
        if (source := migrated.with_name(migrated.name + suffix)).exists():
            shutil.copyfile(source, path.with_name(path.name + suffix))
    return path


@pytest.fixture
def deployment(tmp_path, migrated):
    """A fresh deployment: its own migrated SQLite file."""
    path = fresh_copy(migrated, tmp_path)
    env = processes.app_env(f"sqlite:///{path}", PRINT_JOB_LEASE_SECONDS="3")
    return {"env": env, "db": path, "logs": tmp_path}


def rows(path, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(path, timeout=30) as db:
        return db.execute(sql, args).fetchall()


def table(page: str) -> str:
    return page[page.index("<table"):page.index("</table>")]


def wait_for(check, what: str):
    deadline = time.monotonic() + DEADLINE
    while not (value := check()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)
    return value


def test_a_result_entered_on_one_server_shows_at_once_on_the_other(deployment):
    event = processes.seed(deployment["env"], players=8)
    with processes.servers(2, deployment["env"], deployment["logs"]) as (first, second):
        standings = f"/e/{event['slug']}/standings/"
        before = table(second.text(standings))  # rendered by the second server, and now in the shared cache
        assert table(second.text(standings)) == before
        assert rows(deployment["db"], "select count(*) from dba_cache")[0][0] > 0
        first.login("org", "pw-Tornei-2026!")
        game = event["games"][0]
        status, _url = first.post(f"/e/{event['slug']}/games/{game}/result/", {"shorthand": "4G-1"})
        assert status == 200
        winner, loser = (name for (name,) in rows(
            deployment["db"], "select p.name from tournament_seat s join tournament_registration r on r.id = "
            "s.registration_id join tournament_player p on p.id = r.player_id where s.game_id = ? order by s.side",
            game))
        after = table(second.text(standings))
        assert after != before
        assert after.index(winner) < after.index(loser)
        assert after.index(winner) == min(after.index(f"Player {k:03d}") for k in range(8))  # the winner leads


def test_a_worker_killed_mid_job_loses_no_job(deployment):
    """SIGKILL leaves the job "running" with no one on it; the restarted worker sees its heartbeat stop
    (lease: 3 s here) and runs it again to the end."""
    env, db = deployment["env"], deployment["db"]
    players = 240
    event = processes.seed(env, players=players, publish=False)
    job = int(processes.django(env, f"""
from django.contrib.auth import get_user_model
from tournament.models import Event
from tournament.pdfs.jobs import print_job_request
job = print_job_request(event=Event.objects.get(slug={event['slug']!r}), user=get_user_model().objects.get(),
                        kind="army_sheets", options={{"lang": "it", "size": "A4", "base_url": "http://hall/"}},
                        filename="sheets.pdf", pages=2)
print(job.pk)
""").split()[-1])
    status = "select status, done, total, attempts, task_id from tournament_printjob where id = ?"
    first = processes.worker(env, deployment["logs"] / "worker-1.log")
    try:
        running = wait_for(lambda: [r for r in rows(db, status, job) if r[0] == "running" and r[1] > 0],
                           "the first worker to start laying out")[0]
        processes.stop(first, signal.SIGKILL)
    finally:
        processes.stop(first)
    killed_at = rows(db, status, job)[0]
    assert killed_at[0] == "running" and 0 < killed_at[1] < players, killed_at  # killed mid-job
    assert running[3] == 1
    second = processes.worker(env, deployment["logs"] / "worker-2.log")
    with processes.running(second):
        final = wait_for(lambda: [r for r in rows(db, status, job) if r[0] in ("ready", "failed")],
                         "the job to finish or fail")[0]
    assert final[0] == "ready" and final[3] == 2, final
    (pdf,) = rows(db, "select pdf from tournament_printjob where id = ?", job)[0]
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= players and "Player 000" in reader.pages[0].extract_text()
    # The dead attempt's task is closed as failed, not left "running" in the task list.
    assert rows(db, "select status from django_tasks_database_dbtaskresult where replace(id, '-', '') = ?",
                killed_at[4].replace("-", ""))[0][0] == "FAILED"


def writing(path) -> bool:
    """Another connection holds the database's write lock (SQLite, `transaction_mode` IMMEDIATE: the worker
    is inside the pairing's transaction, which takes it when it opens)."""
    db = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        db.execute("begin immediate")
        db.execute("rollback")
        return False
    except sqlite3.OperationalError:
        return True
    finally:
        db.close()


def test_a_worker_killed_mid_pairing_leaves_no_half_made_round(tmp_path, migrated):
    """Issue 29.4: a 1,000-player round pairs on the worker; SIGKILL while the pairing's transaction is open
    leaves no round, no game and no seat; the restarted worker sees the job's lease run out (10 s here),
    pairs it again, and exactly one round is made."""
    db = fresh_copy(migrated, tmp_path)
    env = processes.app_env(f"sqlite:///{db}", PAIRING_JOB_LEASE_SECONDS="10")
    players = 1000
    event = processes.seed(env, players=players, publish=False)
    job = int(processes.django(env, f"""
from django.contrib.auth import get_user_model
from tournament.models import Event
from tournament.pairing_jobs import pairing_job_request
job = pairing_job_request(event=Event.objects.get(slug={event['slug']!r}), user=get_user_model().objects.get(),
                          lang="it")
print(job.pk)
""").split()[-1])
    status = "select status, attempts, task_id, round_id from tournament_pairingjob where id = ?"
    made = ("select (select count(*) from tournament_round), (select count(*) from tournament_game), "
            "(select count(*) from tournament_seat), "
            "(select count(*) from tournament_auditentry where action = 'round.pair')")
    first = processes.worker(env, tmp_path / "worker-1.log")
    try:
        wait_for(lambda: rows(db, status, job)[0][0] == "running" and writing(db),
                 "the first worker to open the pairing's transaction")
        processes.stop(first, signal.SIGKILL)
    finally:
        processes.stop(first)
    killed_at = rows(db, status, job)[0]
    assert killed_at[0] == "running" and killed_at[1] == 1 and killed_at[3] is None, killed_at
    assert rows(db, made)[0] == (0, 0, 0, 0)  # nothing of the round was kept
    second = processes.worker(env, tmp_path / "worker-2.log")
    with processes.running(second):
        final = wait_for(lambda: [r for r in rows(db, status, job) if r[0] in ("done", "failed")],
                         "the job to finish or fail")[0]
    assert final[0] == "done" and final[1] == 2, final
    assert rows(db, made)[0] == (1, players // 2, players, 1)  # one round, whole, and one audit entry
    assert rows(db, "select number, status from tournament_round where id = ?", final[3])[0] == (1, "draft")
    assert rows(db, "select status from django_tasks_database_dbtaskresult where replace(id, '-', '') = ?",
                killed_at[2].replace("-", ""))[0][0] == "FAILED"


def held_for(check, seconds: float) -> bool:
    """`check` stays true for `seconds` (a long transaction, not a moment's write by the worker's watch)."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if not check():
            return False
        time.sleep(0.02)
    return True


def test_a_worker_killed_mid_import_leaves_no_half_written_players(tmp_path, migrated):
    """Issue 29.4: a 2,000-row player import runs on the worker; SIGKILL while the import's transaction is
    open leaves no player, no entry, no club and no audit entry; the restarted worker sees the job's lease run
    out (10 s here), imports the file again, and every player is stored exactly once."""
    db = fresh_copy(migrated, tmp_path)
    env = processes.app_env(f"sqlite:///{db}", PLAYER_IMPORT_JOB_LEASE_SECONDS="10")
    count = 2000
    event = processes.seed(env, players=0, publish=False)
    job = int(processes.django(env, f"""
import pandas as pd
from django.contrib.auth import get_user_model
from tournament.armies.catalogue import load_catalogue
from tournament.armies.validation import default_army
from tournament.models import Event
from tournament.registration.import_jobs import import_job_request
army = default_army(load_catalogue().get("II/33"))
cells = [" ".join(army.elements), str(army.general + 1)]
frame = pd.DataFrame([[f"Jugador {{k:04d}} Peña", f"Club {{k % 40}}", *(["II/33", *cells] if k % 2 else ["", "", ""])]
                      for k in range({count})], columns=["name", "club", "army_ref", "elements", "general"], dtype=str)
job = import_job_request(event=Event.objects.get(slug={event['slug']!r}), user=get_user_model().objects.get(),
                         frame=frame, filename="players.csv", lang="it")
print(job.pk)
""").split()[-1])
    status = "select status, attempts, task_id, added from tournament_playerimportjob where id = ?"
    made = ("select (select count(*) from tournament_player), (select count(*) from tournament_registration), "
            "(select count(*) from tournament_club), "
            "(select count(*) from tournament_auditentry where action = 'registration.import')")
    # the first worker holds the import's transaction open after inserting the people (tests/held_import_worker.py)
    first = processes.start([processes.PYTHON, "-m", "tests.held_import_worker"], env, tmp_path / "worker-1.log")
    try:
        wait_for(lambda: rows(db, status, job)[0][0] == "running" and held_for(lambda: writing(db), 0.3),
                 "the first worker to open the import's transaction")
        processes.stop(first, signal.SIGKILL)
    finally:
        processes.stop(first)
    killed_at = rows(db, status, job)[0]
    assert killed_at[0] == "running" and killed_at[1] == 1 and killed_at[3] == 0, killed_at
    assert rows(db, made)[0] == (0, 0, 0, 0)  # nothing of the file was kept
    second = processes.worker(env, tmp_path / "worker-2.log")
    with processes.running(second):
        final = wait_for(lambda: [r for r in rows(db, status, job) if r[0] in ("done", "failed")],
                         "the job to finish or fail")[0]
    assert final[0] == "done" and final[1] == 2 and final[3] == count, final
    assert rows(db, made)[0] == (count, count, 40, 1)  # every player once, and one audit entry
    assert rows(db, "select count(distinct name_key) from tournament_registration")[0][0] == count
    assert rows(db, "select status from django_tasks_database_dbtaskresult where replace(id, '-', '') = ?",
                   killed_at[2].replace("-", ""))[0][0] == "FAILED"


# Each change as the organizer's view makes it: the same service, in a third process that commits.
CHANGES = {
    "result entered": """
game = Game.objects.get(pk=games[0])
result_enter(game, parse_shorthand("4G-1", "3.0"), user)
print(to_shorthand(stored_result(Game.objects.get(pk=games[0]))))
""",
    "result corrected": """
game = Game.objects.get(pk=games[0])
result_enter(game, parse_shorthand("1-4G", "3.0"), user)
print(to_shorthand(stored_result(Game.objects.get(pk=games[0]))))
""",
    "player renamed": """
reg = Registration.objects.get(event=event, name="Player 005")
registration_edit(reg=reg, user=user, name="Ñandú Sforza", club="", status=reg.status, fixed_table=None, notes="")
print("Ñandú Sforza")
""",
    "player dropped": """
reg = Registration.objects.get(event=event, name="Player 006")
registration_set_status(reg=reg, status="dropped", user=user)
print("Player 006 (dropped)")
""",
    "scoring preset changed": """
from tournament.results.rescoring import ScoringChange, rescore
rescore(event, ScoringChange("wdl", "3/1/0", tuple(event.tiebreaks)), user)
print()  # the points change: the standings differ
""",
    "round paired, swapped and published": """
from tournament.pairing.manager import round_pair, round_publish, seats_swap
for game in Game.objects.filter(round__event=event, status="pending", is_bye=False):
    result_enter(game, parse_shorthand("3-1", "3.0"), user)
rnd = round_pair(event, user)
first, second = (g.seats.get(side="a") for g in rnd.games.filter(is_bye=False).order_by("table")[:2])
seats_swap(rnd, first, second, user)
round_publish(rnd, user)
print("Round 2")
""",
}
PRELUDE = """
from django.contrib.auth import get_user_model
from tournament.models import Event, Game, Registration
from tournament.registration.services import registration_edit, registration_set_status
from tournament.results.entry import result_enter, stored_result
from tournament.results.shorthand import parse_shorthand, to_shorthand
user = get_user_model().objects.get(username="org")
event = Event.objects.get(slug={slug!r})
games = {games!r}
"""


def main(page: str) -> str:
    """What the reader reads (the page's main part: no token, no language form)."""
    return page[page.index("<main"):page.index("</main>")]


def test_every_change_shows_on_the_next_request_of_either_server(deployment):
    """Pages read by both servers (cached by each, and in the shared cache), a change committed by a third
    process, then the next request on each server: the changed page, never the one it kept."""
    env = deployment["env"]
    event = processes.seed(env, players=8)
    slug = event["slug"]
    pages = [f"/e/{slug}/", f"/e/{slug}/pairings/", f"/e/{slug}/standings/"]
    with processes.servers(2, env, deployment["logs"]) as servers:
        for change, code in CHANGES.items():
            before = {(k, page): main(servers[k].text(page)) for k in (0, 1) for page in pages}
            assert before == {key: main(servers[key[0]].text(key[1])) for key in before}, change
            said = processes.django(env, PRELUDE.format(slug=slug, games=event["games"]) + code).split("\n")[-2]
            shown_before = before[0, f"/e/{slug}/standings/"] + before[0, f"/e/{slug}/pairings/"]
            assert not said or said not in shown_before, change  # what the change shows is new
            for k in (0, 1):
                changed = [page for page in pages if main(servers[k].text(page)) != before[k, page]]
                assert changed, f"{change}: server {k} still shows the old pages"
                shown = main(servers[k].text(f"/e/{slug}/standings/")) + main(servers[k].text(f"/e/{slug}/pairings/"))
                assert said in shown, (change, k, said)


def renderings(logs) -> list[str]:
    """The public pages rendered, as both servers logged them (`tournament.web.page_caches`, at INFO)."""
    return [line.split("public page rendered: ", 1)[1] for path in sorted(logs.glob("server-*.log"))
            for line in path.read_text().splitlines() if "public page rendered: " in line]


def test_a_page_is_rendered_once_for_the_whole_deployment(tmp_path, migrated):
    """Issue 29: after a change, both servers asked for the same new pages at the same moment render each page
    once between them: the one holding the page's lock in the shared cache renders, the other waits for its
    rendering there and serves it. (Before, each process rendered every page: twice here.)"""
    env = processes.app_env(f"sqlite:///{fresh_copy(migrated, tmp_path)}", LOG_LEVEL="INFO")
    slug = processes.seed(env, players=300)["slug"]  # a page that takes a while to render
    pages = [f"/e/{slug}/", f"/e/{slug}/pairings/", f"/e/{slug}/standings/"]
    with processes.servers(2, env, tmp_path) as servers:
        for change in range(3):
            if change:  # what every committed write does (test_every_change_shows_on_the_next_request_...)
                processes.django(env, f"from tournament.events import cache_keys\n"
                                      f"cache_keys.renew([{slug!r}])")
            for page in pages:  # both servers at the same moment, page by page
                seen = len(renderings(tmp_path))
                start = threading.Barrier(2)
                answers: dict[int, str] = {}

                def ask(k: int, page: str = page, start: threading.Barrier = start, answers: dict = answers) -> None:
                    start.wait(timeout=DEADLINE)
                    answers[k] = main(servers[k].text(page))

                asking = [threading.Thread(target=ask, args=(k,)) for k in (0, 1)]
                for thread in asking:
                    thread.start()
                for thread in asking:
                    thread.join(timeout=DEADLINE)
                assert answers[0] == answers[1] and "Player 299" in answers[0], (change, page)
                rendered = renderings(tmp_path)[seen:]
                assert len(rendered) == 1, (change, page, rendered)
