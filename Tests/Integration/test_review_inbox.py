"""The review inbox (issue 33, item 2) against the real binary: "waiting for your review" per
person and the answers to an author's revisions, kept across restarts until read; "1 of 2
approvals" under `--approvals 2`; a later `--approvals 3` never silently takes an approval back:
the status says the rule it was approved under."""
from urllib.parse import quote

from workbench_server import Server, small_csv


def save(person, name, parameters):
    r = person.put("/api/presets/" + quote(name), json={"parameters": parameters})
    assert r.status_code in (200, 201), r.text
    return r.json()["revision"]


def review(person, name, revision, decision, **extra):
    if decision == "approve":
        extra["acknowledgeReadability"] = True   # the shipped colours fail the readability check
        extra["acknowledgeHonesty"] = True       # and the defaults (a natural spline, a moving average) the honesty check
    r = person.post(f"/api/presets/{quote(name)}/reviews", json={"revision": revision, "decision": decision, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def inbox(person):
    r = person.get("/api/reviews/inbox")
    assert r.status_code == 200, r.text
    return r.json()


def status(server, name):
    return server.get("/api/presets/" + quote(name)).json()["status"]


def test_the_inbox_survives_restarts_and_approvals_keep_their_rule():
    s = Server("--approvals", "2", data_csv=small_csv())
    again = third = None
    try:
        ada, ben, cy = s.person("Ada"), s.person("Ben"), s.person("Cy")
        rev = save(ada, "Inbox", {"markerRadius": 5})
        review(ada, "Inbox", rev, "request-review", reviewers=["Ben", "Cy"], comment="calmer?")
        waiting = inbox(ben)["waiting"]
        assert [(w["preset"], w["revision"], w["requestedBy"], w["comment"]) for w in waiting] == [("Inbox", rev, "Ada", "calmer?")]
        assert inbox(ada)["waiting"] == []   # her own work waits for nobody's review of hers

        answered = review(ben, "Inbox", rev, "approve")
        assert answered["status"]["state"] == "in-review"
        assert (answered["status"]["approvals"], answered["status"]["approvalsRequired"]) == (1, 2)
        assert inbox(ben)["waiting"] == []
        notices = inbox(ada)["notices"]
        assert [(n["by"], n["decision"], n["preset"]) for n in notices] == [("Ben", "approve", "Inbox")]

        # A restart keeps Cy's request and Ada's unread notice.
        s.stop()
        again = Server("--approvals", "2", presets_dir=s.presets, data_csv=small_csv())
        cy2, ada2 = again.person("Cy"), again.person("Ada")
        assert [w["preset"] for w in inbox(cy2)["waiting"]] == ["Inbox"]
        assert inbox(cy2)["waiting"][0]["status"]["approvals"] == 1
        assert len(inbox(ada2)["notices"]) == 1

        review(cy2, "Inbox", rev, "approve")
        st = status(again, "Inbox")
        assert st["state"] == "approved" and st["approvedUnder"] == 2
        assert inbox(cy2)["waiting"] == []
        read = ada2.post("/api/reviews/inbox/read", json={"upTo": max(n["id"] for n in inbox(ada2)["notices"])})
        assert read.status_code == 200 and read.json()["notices"] == []

        # Three approvals asked for now: the revision stays approved, under the rule it had.
        again.stop()
        third = Server("--approvals", "3", presets_dir=s.presets, data_csv=small_csv())
        st = status(third, "Inbox")
        assert st["state"] == "approved" and (st["approvedUnder"], st["approvalsRequired"]) == (2, 3)
        assert inbox(third.person("Ada"))["notices"] == []
        # A new revision needs the three.
        rev2 = save(third.person("Ada"), "Inbox", {"markerRadius": 6})
        review(third.person("Ben"), "Inbox", rev2, "approve")
        st = status(third, "Inbox")
        assert st["state"] != "approved" and (st["approvals"], st["approvalsRequired"]) == (1, 3)
    finally:
        for server in (third, again, s):
            if server:
                server.close()


def test_the_inbox_is_a_persons_and_refuses_nonsense(fresh_server):
    s = fresh_server
    assert s.get("/api/reviews/inbox").status_code == 401
    ada = s.person("Ada")
    for bad in ({}, {"upTo": -1}, {"upTo": "x"}, {"upTo": 1.5}):
        r = ada.post("/api/reviews/inbox/read", json=bad)
        assert r.status_code == 400 and r.json()["error"]["field"] == "upTo", (bad, r.text)
