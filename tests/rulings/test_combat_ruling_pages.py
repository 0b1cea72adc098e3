"""Issue 12, the calculators' pages: a refused parameter is a 400 naming it, a combat result links to the
recoil step, and the working is shown in the page's language with the seeds' words (the calculators' own
answers are tested without Django in unit/test_combat_rulings.py)."""

from __future__ import annotations

import pytest


def test_litter_does_not_shoot__commentary_L377(client):
    response = client.get("/api/calc/dba-combat/", {"a": "Lit", "b": "3Kn", "mode": "shooting"})
    assert response.status_code == 400 and response.json()["param"] == "a"


def test_combat_result_links_to_the_recoil_step__commentary_L687(client):
    page = client.get("/rulings/calc/dba-combat/", {"a": "4Bd", "b": "4Bd", "a_die": "1", "b_die": "2"})
    assert "/rulings/calc/dba-recoil/?recoiler=4Bd" in page.text


# --- the working in the page's language ------------------------------------------------------------------

@pytest.mark.parametrize(("language", "words"), [
    ("es", ["dispara contra", "no puede responder", "dudoso:", "derrota simple", "guarecida en un BUA"]),
    ("it", ["tira a", "non può rispondere", "dubbio:", "battuto", "di guarnigione in una BUA"]),
])
def test_working_is_translated_with_the_seeds_words__guide_L1211(client, language, words):
    query = {"a": "4Bw", "b": "4Bd", "mode": "shooting", "b_in_bua": "true"}
    page = client.get("/rulings/calc/dba-combat/", query, headers={"Accept-Language": language})
    assert page.status_code == 200
    for word in words:
        assert word in page.text, (language, word)
    assert "shoots at" not in page.text
    api = client.get("/api/calc/dba-combat/", query, headers={"Accept-Language": language}).json()
    assert any("shoots at" in line for line in api["breakdown"])  # the API keeps English


def test_recoil_working_is_translated__commentary_L687(client):
    page = client.get("/rulings/calc/dba-recoil/", {"recoiler": "4Bw", "behind": "friend", "friend": "4Bd"},
                      headers={"Accept-Language": "it"})
    assert "interpenetra" in page.text and "si ritira in" in page.text
