"""Issue 39.3: approving a revision that fails the honesty check, acknowledged, is told in the log;
the honesty report of the API names the controls the page marks."""
from urllib.parse import quote


def save(server, name, parameters, author):
    r = server.request("PUT", "/api/presets/" + quote(name), json={"parameters": parameters}, headers={"X-Workbench-User": author})
    assert r.status_code in (200, 201), r.text
    return r.json()["revision"]


def approve(server, name, revision, author, **extra):
    return server.request("POST", f"/api/presets/{quote(name)}/reviews", headers={"X-Workbench-User": author},
                          json={"revision": revision, "decision": "approve", "acknowledgeReadability": True, **extra})


def test_an_acknowledged_failing_approval_is_logged_with_the_failures(fresh_server):
    s = fresh_server
    revision = save(s, "Smooth", {"smoothing": "movingAverage", "inactiveCurve": "natural"}, "Ana")
    assert approve(s, "Smooth", revision, "Ben", acknowledgeHonesty="yes").json()["error"]["field"] == "acknowledgeHonesty"
    r = approve(s, "Smooth", revision, "Ben", acknowledgeHonesty=True)
    assert r.status_code == 201, r.text
    entry = s.get("/api/log", params={"preset": "Smooth"}).json()[0]
    assert entry["kind"] == "approval" and "approved knowing it fails" in entry["summary"] and "honesty check" in entry["summary"]
    assert "Moving average shows only" in entry["summary"]

    honest = save(s, "Honest", {"smoothing": "none", "inactiveCurve": "monotone"}, "Ana")
    assert approve(s, "Honest", honest, "Ben", acknowledgeHonesty=True).status_code == 201
    assert "honesty" not in s.get("/api/log", params={"preset": "Honest"}).json()[0]["summary"]


def test_the_report_names_the_controls_to_mark(server):
    report = server.get("/api/check/honesty", params={"smoothing": "movingAverage", "scenario": "flash-crash"}).json()
    assert not report["pass"] and "smoothing" in report["controls"] and report["scenarios"] == ["flash-crash"]
    assert server.get("/api/check/honesty", params={"scenario": "nope"}).status_code == 404
    shipped = server.get("/api/check/honesty", params={"preset": "Default", "scenario": "spike,outage"}).json()
    assert shipped["pass"], shipped["failures"]


def test_the_server_refuses_a_failing_approval_without_the_acknowledgement(fresh_server):
    """As readability's: no tick, no approval (409 naming the field); the log and the approval
    keep what was approved despite; a passing revision needs no tick."""
    s = fresh_server
    revision = save(s, "Smooth", {"smoothing": "movingAverage", "inactiveCurve": "monotone"}, "Ana")
    # Readability first, then honesty: each refusal names its own field.
    refused = s.request("POST", "/api/presets/Smooth/reviews", headers={"X-Workbench-User": "Ben"},
                        json={"revision": revision, "decision": "approve", "acknowledgeHonesty": True})
    assert refused.status_code == 409 and refused.json()["error"]["field"] == "acknowledgeReadability", refused.text
    refused = approve(s, "Smooth", revision, "Ben")
    assert refused.status_code == 409, refused.text
    error = refused.json()["error"]
    assert error["field"] == "acknowledgeHonesty" and error["code"] == "honesty_not_acknowledged"
    assert "fails" in error["message"] and "Moving average" in error["message"]
    assert approve(s, "Smooth", revision, "Ben", acknowledgeHonesty=False).status_code == 409
    status = s.get("/api/presets/Smooth").json()["status"]
    assert status["state"] == "draft" and status["approvers"] == []
    assert not [e for e in s.get("/api/log", params={"preset": "Smooth"}).json() if e["kind"] == "approval"]

    assert approve(s, "Smooth", revision, "Ben", acknowledgeHonesty=True).status_code == 201
    assert s.get("/api/presets/Smooth").json()["status"]["state"] == "approved"
    approval = next(e for e in s.get("/api/log", params={"preset": "Smooth"}).json() if e["kind"] == "approval")
    assert "approved knowing it fails" in approval["summary"] and "honesty check" in approval["summary"]
    # The signed statement of an export names each honesty failure the approver approved despite.
    provenance = s.get("/api/presets/Smooth/export", params={"format": "json"}).json()["provenance"]
    despite = provenance["approvers"][0]["despite"]
    assert any(d.startswith("Honesty: Moving average shows only") for d in despite), despite

    honest = save(s, "Honest", {"smoothing": "none", "inactiveCurve": "monotone"}, "Ana")
    assert approve(s, "Honest", honest, "Ben").status_code == 201
