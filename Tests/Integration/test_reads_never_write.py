"""Reads never write (issue 34, item 5): Explore's /next needs a person, hands the same ticket
until it is answered and stores it once; a round's voters alone end it and save its best (Explore
and blind rounds); an undo is the person's own, not whoever sends the page id; a preset's author
is the person who saved it."""

import pytest
import requests

from workbench_server import Server, opened_db, small_csv


@pytest.fixture(scope="module")
def s():
    server = Server(data_csv=small_csv(rows=200))
    yield server
    server.close()


def proposal_rows(s, rid):
    with opened_db(s.presets / ".workbench.sqlite") as db:
        return db.execute("SELECT count(*) FROM explore_proposals WHERE round = ?", (rid,)).fetchone()[0]


def start_explore(s, by, voters=None):
    body = {"preset": "Default", "parameters": ["inactiveLineWidth", "fillTopOpacity"], "seed": 3}
    if voters is not None:
        body["voters"] = voters
    r = s.person(by).post("/api/explore", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def test_next_needs_a_person_and_is_the_same_ticket_stored_once(s):
    rid = start_explore(s, "Ada")
    anonymous = requests.get(f"{s.url}/api/explore/{rid}/next", headers={"X-Workbench-Client": "page-1"}, timeout=10)
    assert anonymous.status_code == 401 and anonymous.json()["error"]["field"] == "X-Workbench-Secret"
    assert proposal_rows(s, rid) == 0, "a refused read stored nothing"

    ada = s.person("Ada")
    tickets = set()
    for i in range(25):
        # Another page id each time changes nothing: the ticket is the person's.
        r = ada.get(f"/api/explore/{rid}/next", headers={"X-Workbench-Client": f"page-{i}"})
        assert r.status_code == 200, r.text
        tickets.add(r.json()["ticket"])
    assert len(tickets) == 1 and proposal_rows(s, rid) == 1

    # Four beside two is a question of its own (one of each kind a person): a second row for
    # Ada, and asking for either again stores nothing.
    four = ada.get(f"/api/explore/{rid}/next", params={"count": "4"}).json()
    assert four["ticket"] not in tickets and proposal_rows(s, rid) == 2
    for count in ["2", "4", "2"]:
        ada.get(f"/api/explore/{rid}/next", params={"count": count})
    assert proposal_rows(s, rid) == 2
    answered = ada.post(f"/api/explore/{rid}/answers", json={"ticket": four["ticket"], "choice": "b"})
    assert answered.status_code == 201, answered.text
    # Ada's pending pair, her answered four and Ben's pending pair: three rows, however often they ask.
    for _ in range(10):
        assert s.person("Ben").get(f"/api/explore/{rid}/next").status_code == 200
    assert proposal_rows(s, rid) == 3
    # Ending the round forgets the proposals nobody answered.
    assert ada.post(f"/api/explore/{rid}/end").status_code == 200
    assert proposal_rows(s, rid) == 1


def test_only_an_explore_rounds_voters_end_it_and_save_its_best(s):
    rid = start_explore(s, "Ada", voters=["Ada", "Ben"])
    ben = s.person("Ben")
    pair = ben.get(f"/api/explore/{rid}/next").json()
    assert ben.post(f"/api/explore/{rid}/answers", json={"ticket": pair["ticket"], "choice": "a"}).status_code == 201
    eve = s.person("Eve")
    refused = eve.post(f"/api/explore/{rid}/end")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_a_voter"
    assert s.get(f"/api/explore/{rid}").json()["state"] == "open"
    refused = eve.post(f"/api/explore/{rid}/save", json={"name": "Eve's pick"})
    assert refused.status_code == 403 and s.get("/api/presets/Eve's pick").status_code == 404
    assert ben.post(f"/api/explore/{rid}/end").status_code == 200
    saved = ben.post(f"/api/explore/{rid}/save", json={"name": "Ben's pick"})
    assert saved.status_code == 201, saved.text


def test_only_who_started_or_voted_closes_a_blind_round_and_saves_from_it(s):
    cy = s.person("Cy")
    created = cy.post("/api/rounds", json={"candidates": ["Default", "Designer's favourite"]})
    assert created.status_code == 201, created.text
    rid = created.json()["id"]
    dan = s.person("Dan")
    pair = dan.get(f"/api/rounds/{rid}/next").json()
    assert dan.post(f"/api/rounds/{rid}/votes", json={"pair": pair["pair"], "choice": "left"}).status_code == 201
    eve = s.person("Eve")
    refused = eve.post(f"/api/rounds/{rid}/close")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_a_voter"
    assert s.get(f"/api/rounds/{rid}").json()["state"] == "open"
    closed = dan.post(f"/api/rounds/{rid}/close")
    assert closed.status_code == 200 and closed.json()["state"] == "closed"
    token = closed.json()["ranking"][0]["candidate"]
    assert eve.post(f"/api/rounds/{rid}/candidates/{token}/save", json={"name": "Eve's round pick"}).status_code == 403
    assert cy.post(f"/api/rounds/{rid}/candidates/{token}/save", json={"name": "Cy's round pick"}).status_code == 201


def test_an_undo_is_the_persons_own_whatever_page_id_is_sent(s):
    ann, eve = s.person("Ann"), s.person("Eve")
    page = {"X-Workbench-Client": "anns-page"}
    before = s.get("/api/drafts/PM's favourite").json()["parameters"]["markerRadius"]
    r = ann.post("/api/drafts/PM's favourite/changes", json={"parameters": {"markerRadius": 7}, "step": "s1"}, headers=page)
    assert r.status_code == 200, r.text
    # Ann's page id is shown to nobody (the draft names her page by its alias); sent anyway, Eve still undoes nothing.
    assert not any(c["client"] == "anns-page" for c in s.get("/api/drafts/PM's favourite").json()["changes"])
    refused = eve.post("/api/drafts/PM's favourite/changes", json={"undoOf": "s1", "step": "e1"}, headers=page)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "nothing_to_undo"
    assert s.get("/api/drafts/PM's favourite").json()["parameters"]["markerRadius"] == 7
    undone = ann.post("/api/drafts/PM's favourite/changes", json={"undoOf": "s1", "step": "s2"}, headers=page)
    assert undone.status_code == 200 and undone.json()["parameters"]["markerRadius"] == before


def test_a_presets_author_is_the_person_who_saved_it(s):
    ada = s.person("Ada")
    r = ada.put("/api/presets/Authored", json={"author": "Security team", "notes": "", "parameters": {"markerRadius": 5}})
    assert r.status_code == 201, r.text
    assert r.json()["author"] == "Ada" and s.get("/api/presets/Authored").json()["author"] == "Ada"
    # A whole preset file sent by someone else: the author is still who saved it.
    whole = {**s.get("/api/presets/Authored").json(), "author": "Ada"}
    for key in ("revision", "status", "warnings"):
        whole.pop(key, None)
    r = s.person("Ben").put("/api/presets/Authored", json=whole, headers={"If-Match": r.json()["revision"]})
    assert r.status_code == 200, r.text
    assert s.get("/api/presets/Authored").json()["author"] == "Ben"


def test_a_method_a_path_does_not_have_is_405_for_anyone(s):
    """Before anyone is asked who they are: the same answer with or without a secret."""
    document = s.get("/api/openapi.json").json()
    for path, operations in document["paths"].items():
        concrete = path.replace("{", "x").replace("}", "")
        declared = {m.upper() for m in operations if m in ("get", "put", "post", "delete", "patch", "head", "options", "trace")}
        for method in ("TRACE", "PATCH", "DELETE", "PUT"):
            if method in declared:
                continue
            r = requests.request(method, s.url + concrete, headers={"Origin": s.url}, timeout=10)
            assert r.status_code == 405, (method, path, r.status_code, r.text[:200])
            assert "Allow" in r.headers and r.json()["error"]["code"] == "method_not_allowed"


def test_viewers_are_handed_no_candidates():
    """Under --share a viewer watches an Explore round: /next, which stores what it hands out, refuses them."""
    from test_share import SharedServer
    shared = SharedServer()
    try:
        rid = start_explore(shared, "Ada")
        made = requests.post(shared.url + "/api/people", json={"name": "Vera", "invitation": shared.viewer_invitation}, headers={"Origin": shared.url, **shared.as_(shared.viewer)}, timeout=10)
        assert made.status_code == 201, made.text
        viewer = {"Origin": shared.url, **shared.as_(shared.viewer), "X-Workbench-Secret": made.json()["secret"]}
        r = requests.get(f"{shared.url}/api/explore/{rid}/next", headers=viewer, timeout=10)
        assert r.status_code == 403 and r.json()["error"]["code"] == "viewer", r.text
        assert proposal_rows(shared, rid) == 0
        assert requests.get(f"{shared.url}/api/explore/{rid}", headers=viewer, timeout=10).status_code == 200
    finally:
        shared.close()
