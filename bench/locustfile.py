"""The event day for Locust (run by bench/capacity.py, headless): players' phones at publish time,
results reported through the slips' links with double clicks, the organizer pairing and printing.

BENCH_SCENARIO names a JSON file: {"slug", "organizer", "password", "games": [[id, token_a, token_b]],
"pair", "done_file"}; the reported and started game ids are written to done_file when the run stops (for the exactly-once
check). BENCH_SCENARIO=bare: every user asks for the bare page, with no pause (the baseline).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from urllib.parse import urlencode

from eventday_paths import organizer_paths, reader_paths, report_path
from locust import between, events, task
from locust.contrib.fasthttp import FastHttpUser

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
# FastHttpUser (geventhttpclient): Locust runs on the same cores as the server, and this client costs a
# fraction of the requests-based HttpUser's CPU per request, for the bare page and the app alike.


def post(client, path: str, data: dict, name: str):
    return client.post(path, data=urlencode(data), headers={**FORM, "Referer": client.base_url + path}, name=name)
DOUBLE_CLICK = 0.2  # one report in five is sent twice




def _scenario() -> dict:
    name = os.environ.get("BENCH_SCENARIO", "")
    if not name or name == "bare":
        return {"slug": "", "games": [], "bare": name == "bare"}
    with open(name, encoding="utf-8") as handle:
        return {**json.load(handle), "bare": False}


SCENARIO = _scenario()
QUEUE = list(SCENARIO["games"])
DONE: list[int] = []  # games whose both halves were reported
TAKEN: list[int] = []  # games a reporter started (a later run must not report them again)


@events.test_stop.add_listener
def _write_done(environment, **kwargs):
    if SCENARIO.get("done_file"):
        with open(SCENARIO["done_file"], "w", encoding="utf-8") as handle:
            json.dump({"done": DONE, "taken": TAKEN}, handle)


class Reader(FastHttpUser):
    """A player's phone: refreshes the pairings, the standings and the event home."""

    weight = 100

    def wait_time(self):
        return 0 if SCENARIO["bare"] else random.uniform(2, 8)

    @task
    def refresh(self):
        if SCENARIO["bare"]:
            self.client.get("/", name="bare page")
            return
        paths = reader_paths(SCENARIO["slug"])
        kind = random.choices(list(paths), weights=[1, 3, 2])[0]
        self.client.get(paths[kind], name=kind)


def _post_form(client, path: str, data: dict, name: str):
    page = client.get(path, name=f"{name} form")
    found = CSRF.search(page.text or "")
    return post(client, path, {**data, "csrfmiddlewaretoken": found.group(1) if found else ""}, name)


class Reporter(FastHttpUser):
    """Both players of a game report it through their slip's link; one in five clicks twice."""

    fixed_count = 2
    wait_time = between(1, 2)

    @task
    def report(self):
        if SCENARIO["bare"] or not QUEUE:
            return
        game_id, *tokens = QUEUE.pop(0)
        TAKEN.append(game_id)
        for token in tokens:
            self.client.cookiejar.clear()  # each half from its own player's phone (one phone for both is held)
            page = self.client.get(report_path(token), name="report form")
            found = CSRF.search(page.text or "")
            data = {"shorthand": "4G-1C", "csrfmiddlewaretoken": found.group(1) if found else ""}
            for _ in range(2 if random.random() < DOUBLE_CLICK else 1):
                post(self.client, report_path(token), data, "report submit")
        DONE.append(game_id)


class Organizer(FastHttpUser):
    """Signs in, follows the rounds page; when every open game is reported, pairs round 2 (on the task worker:
    it follows the rounds page until the draft is there), publishes it and asks for its print pack (laid out by
    the task worker), following the job's page."""

    fixed_count = 1
    wait_time = between(2, 4)

    def on_start(self):
        self.total = len(SCENARIO["games"])
        self.paired = SCENARIO["bare"] or not SCENARIO.get("pair")
        if not SCENARIO["bare"]:
            _post_form(self.client, "/accounts/login/",
                       {"username": SCENARIO["organizer"], "password": SCENARIO["password"]}, "login")

    @task
    def work(self):
        if SCENARIO["bare"]:
            return
        slug = SCENARIO["slug"]
        paths = organizer_paths(slug, 2)
        self.client.get(paths["rounds"], name="rounds")
        if self.paired or len(DONE) < self.total:
            return
        self.paired = True
        post(self.client, paths["pair"], {"csrfmiddlewaretoken": self._csrf(paths["rounds"])}, "pair round")
        # the round is paired by the task worker: follow the rounds page until its draft is there (a minute at most)
        draft, deadline = paths["publish"].removesuffix("publish/"), time.monotonic() + 60
        while draft not in (self.client.get(paths["rounds"], name="rounds").text or "") and time.monotonic() < deadline:
            time.sleep(0.5)  # cooperative: Locust runs under gevent
        post(self.client, paths["publish"], {"csrfmiddlewaretoken": self._csrf(paths["rounds"])}, "publish round")
        self.client.get(paths["pack"], name="print pack")  # redirected to the print job's page

    def _csrf(self, path: str) -> str:
        found = CSRF.search(self.client.get(path, name="rounds").text or "")
        return found.group(1) if found else ""
