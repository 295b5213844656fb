"""Issue 27: lists that grow answer a page at a time (limit, before, a byte cap, X-Next-Before),
and preset names are checked as people read them (NFC, no invisible characters, no look-alikes)."""
from urllib.parse import quote

import pytest


def as_user(name):
    return {"X-Workbench-User": quote(name), "X-Workbench-Client": "client-" + name}


COMMENTS = "/api/presets/" + quote("Designer's favourite") + "/comments"


def test_comments_page_back_with_before(fresh_server):
    s = fresh_server
    for i in range(5):
        made = s.request("POST", COMMENTS, json={"parameter": "lineColor", "text": f"note {i}"}, headers=as_user(f"p{i}"))
        assert made.status_code == 201, made.text
    first = s.get(COMMENTS, params={"limit": 2})
    assert first.status_code == 200
    assert [c["text"] for c in first.json()] == ["note 3", "note 4"]  # the newest page, oldest first
    assert first.headers["X-Total-Count"] == "5"
    before = first.headers["X-Next-Before"]
    assert 'rel="next"' in first.headers["Link"] and f"before={before}" in first.headers["Link"]
    second = s.get(COMMENTS, params={"limit": 2, "before": before})
    assert [c["text"] for c in second.json()] == ["note 1", "note 2"]
    third = s.get(COMMENTS, params={"limit": 2, "before": second.headers["X-Next-Before"]})
    assert [c["text"] for c in third.json()] == ["note 0"]
    assert "X-Next-Before" not in third.headers
    assert s.get(COMMENTS, params={"limit": 0}).status_code == 400
    assert s.get(COMMENTS, params={"limit": 100000}).status_code == 400


def test_one_answer_stops_before_a_megabyte(fresh_server):
    s = fresh_server
    text = "\U0001d11e" * 2000  # 8,000 bytes of UTF-8
    for i in range(140):
        made = s.request("POST", COMMENTS, json={"parameter": "lineColor", "text": text}, headers=as_user(f"w{i % 20}"))
        assert made.status_code == 201, made.text
    page = s.get(COMMENTS, params={"limit": 1000})
    assert len(page.content) <= 1_000_000
    assert 0 < len(page.json()) < 140 and page.headers["X-Total-Count"] == "140"
    rest = s.get(COMMENTS, params={"limit": 1000, "before": page.headers["X-Next-Before"]})
    assert len(page.json()) + len(rest.json()) == 140
    # The log pages the same way.
    log = s.get("/api/log", params={"limit": 100})
    assert len(log.json()) == 100 and "X-Next-Before" in log.headers
    older = s.get("/api/log", params={"limit": 1000, "before": log.headers["X-Next-Before"]}).json()
    assert older and all(e["id"] < int(log.headers["X-Next-Before"]) for e in older)


def test_paged_lists_document_their_query(fresh_server):
    paths = fresh_server.get("/api/openapi.json").json()["paths"]
    for path in ["/api/presets/{name}/reviews", "/api/presets/{name}/comments", "/api/log", "/api/rounds", "/api/presets/{name}/revisions"]:
        names = {p["name"] for p in paths[path]["get"].get("parameters", []) if p["in"] == "query"}
        assert {"limit", "before"} <= names, path


def test_reviews_and_rounds_page(fresh_server):
    s = fresh_server
    name = quote("Designer's favourite")
    for i in range(3):
        r = s.request("POST", f"/api/presets/{name}/reviews", json={"revision": 1, "decision": "request-review", "reviewers": [f"r{i}"]}, headers=as_user(f"a{i}"))
        assert r.status_code == 201, r.text
    page = s.get(f"/api/presets/{name}/reviews", params={"limit": 2})
    assert len(page.json()) == 2 and page.headers["X-Total-Count"] == "3" and "X-Next-Before" in page.headers
    rounds = s.get("/api/rounds", params={"limit": 1})
    assert rounds.status_code == 200 and isinstance(rounds.json(), list)


@pytest.mark.parametrize("char, words", [("\u200b", "U+200B ZERO WIDTH SPACE"), ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
                                         ("\u2028", "U+2028 LINE SEPARATOR"), ("\u2029", "U+2029 PARAGRAPH SEPARATOR"), ("\u0085", "U+0085"),
                                         ("\u2800", "U+2800 BRAILLE PATTERN BLANK"), ("\u3164", "U+3164 HANGUL FILLER")])
def test_invisible_characters_are_refused_by_name(fresh_server, char, words):
    r = fresh_server.request("PUT", "/api/presets/" + quote("Bad" + char + "Name"), json={"parameters": {}})
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]["message"]


def test_a_name_that_reads_the_same_is_taken(fresh_server):
    s = fresh_server
    assert s.request("PUT", "/api/presets/" + quote("Café Dark"), json={"parameters": {}}).status_code == 201
    nfd = s.request("PUT", "/api/presets/" + quote("Cafe\u0301 Dark"), json={"parameters": {}})
    assert nfd.status_code != 201 or nfd.json()["name"] == "Café Dark"  # NFC: the same preset
    for twin in ["café dark", "CAFÉ DARK"]:
        r = s.request("PUT", "/api/presets/" + quote(twin), json={"parameters": {}})
        assert r.status_code == 409, r.text
        assert "Café Dark" in r.json()["error"]["message"]
    renamed = s.request("POST", "/api/presets/Default/rename", json={"newName": "cafe\u0301 DARK"})
    assert renamed.status_code == 409 and "Café Dark" in renamed.json()["error"]["message"]


@pytest.mark.parametrize("stamp, ok", [("0251-03-26T16:05:10.807737+06:48", True), ("2026-11-22T09:46:15Z", True),
                                       ("2026-02-30T00:00:00Z", False), ("yesterday", False)])
def test_export_takes_rfc3339_updated_at(fresh_server, stamp, ok):
    r = fresh_server.request("POST", "/api/export", json={"name": "Stamped", "updatedAt": stamp, "format": "json"})
    assert (r.status_code == 200) == ok, r.text
    if not ok:
        assert r.status_code == 400 and r.json()["error"]["field"] == "updatedAt"


def test_the_markdown_log_shows_invisible_characters_by_code(fresh_server):
    s = fresh_server
    text = "line\u2028two \u202eevil | pipe\u0085end"
    assert s.request("POST", COMMENTS, json={"parameter": "lineColor", "text": text}).status_code == 201
    md = s.get("/api/log", params={"format": "markdown"}).text
    row = next(line for line in md.splitlines() if "evil" in line)
    assert "\u2028" not in md and "\u202e" not in md and "\u0085" not in md
    assert "\\[U+202E\\]evil" in row and "\\|" in row


def test_contract_cases(fresh_server):
    s = fresh_server
    # A round id that is not there (or none) is a page with nothing after it, not an error.
    assert s.get("/api/rounds", params={"before": ""}).status_code == 200
    assert s.get("/api/rounds", params={"before": "no-such-round"}).json() == []
    # resetSourceDraft is true or false, as documented.
    r = s.request("PUT", "/api/presets/Typed", json={"parameters": {}, "resetSourceDraft": {}})
    assert r.status_code == 400 and r.json()["error"]["field"] == "resetSourceDraft"
    # The document's name pattern is one schemathesis can use (no surrogates) and refuses what the server refuses.
    import re
    paths = s.get("/api/openapi.json").json()["paths"]
    pattern = paths["/api/presets/{name}"]["put"]["requestBody"]["content"]["application/json"]["schema"]["properties"]["from"]["pattern"]
    assert "uD800" not in pattern and not re.search(pattern, "a\u009bb") and not re.search(pattern, "a\u200bb") and re.search(pattern, "Café 🚀")
