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
