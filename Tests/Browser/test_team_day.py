"""The team's day in the page (issue 33, items 2, 3 and the round's uncertainty): the review
inbox badge and list after a restart, "1 of 2 approvals", the author's notice of an approval;
a dialog's error inside the dialog; a person off an Explore round's voter list told why; a blind
round's close result called "too close to call"."""
from urllib.parse import quote

from decide_pages import people  # noqa: F401  (fixture)
from named_pages import open_named_page
from workbench_server import Server, small_csv


def test_the_inbox_waits_across_a_restart_and_says_one_of_two(browser, contexts):
    s = Server("--approvals", "2", data_csv=small_csv())
    again = third = None
    try:
        ada, ben, cy = s.person("Ada"), s.person("Ben"), s.person("Cy")
        current = s.get("/api/presets/Default").json()
        saved = ada.put("/api/presets/Default", json={"parameters": {**current["parameters"], "markerRadius": 5}}, headers={"If-Match": current["revision"]})
        rev = saved.json()["revision"]
        assert ada.post("/api/presets/Default/reviews", json={"revision": rev, "decision": "request-review", "reviewers": ["Ben", "Cy"]}).status_code == 201
        assert cy.post("/api/presets/Default/reviews", json={"revision": rev, "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True}).status_code == 201
        s.stop()
        again = Server("--approvals", "2", presets_dir=s.presets, data_csv=small_csv())

        # Ben comes back after the restart: the badge and the list wait for him.
        page = open_named_page(browser, contexts, again.url, "Ben", "?preset=Default", connected=True)
        page.wait_for_selector("#inbox-badge:not([hidden])")
        assert page.locator("#inbox-badge").text_content() == "1 to review"
        assert "1 of 2 approvals" in page.locator("#preset-status").text_content()
        page.locator("#inbox-badge").click()
        entry = page.locator("#inbox-waiting li[data-preset='Default']")
        assert "asked by Ada" in entry.text_content() and "1 of 2 approvals" in entry.text_content()
        entry.get_by_role("button", name="Open review").click()
        page.wait_for_selector("#history-dialog[open]")
        page.locator("#review-approve").click()
        page.wait_for_function("() => document.querySelector('#inbox-badge').hidden")
        assert again.get("/api/presets/Default").json()["status"]["state"] == "approved"

        # Ada, the author, finds both approvals waiting on her badge until she reads them.
        author = open_named_page(browser, contexts, again.url, "Ada", "?preset=Default", connected=True)
        author.wait_for_selector("#notice-badge:not([hidden])")
        assert author.locator("#notice-badge").text_content() == "2 approvals"
        author.locator("#notice-badge").click()
        assert "Ben approved revision" in author.locator("#inbox-notices").text_content()
        author.locator("#inbox-read").click()
        author.wait_for_function("() => document.querySelector('#notice-badge').hidden")
        assert page.errors == [] and author.errors == []

        # Three approvals asked for after another restart: still approved, and the status says under which rule.
        again.stop()
        third = Server("--approvals", "3", presets_dir=s.presets, data_csv=small_csv())
        later = open_named_page(browser, contexts, third.url, "Ben", "?preset=Default")
        later.wait_for_function("() => document.querySelector('#preset-status').textContent.includes('Approved')")
        assert "approved under 2 approvals; this workbench now asks for 3" in later.locator("#preset-status").text_content()
        assert later.locator("#notice-badge").is_hidden()
    finally:
        for server in (third, again):
            if server:
                server.close()
        s.close()


def test_a_revoked_approvers_approval_stops_counting_on_open_pages_at_once(browser, contexts):
    s = Server("--approvals", "2", data_csv=small_csv())
    try:
        ada, cy = s.person("Ada"), s.person("Cy")
        current = s.get("/api/presets/Default").json()
        rev = ada.put("/api/presets/Default", json={"parameters": {**current["parameters"], "markerRadius": 5}},
                      headers={"If-Match": current["revision"]}).json()["revision"]
        assert cy.post("/api/presets/Default/reviews", json={"revision": rev, "decision": "approve", "acknowledgeReadability": True}).status_code == 201
        page = open_named_page(browser, contexts, s.url, "Ben", "?preset=Default", connected=True)
        page.wait_for_function("() => document.querySelector('#preset-status').textContent.includes('1 of 2 approvals')")
        assert s.request("POST", "/api/people/Cy/revoke", json={}, headers={"X-Workbench-Secret": s.owner_secret()}).status_code == 200
        page.wait_for_function("() => document.querySelector('#preset-status').textContent.includes('0 of 2 approvals')", timeout=5000)
        assert page.errors == []
    finally:
        s.close()


def vote_round(server, ballots):
    """A closed blind round of Default against PM's favourite: each voter picks the favourite
    (the first voter's left candidate; sides are shuffled per person) when `ballots` says True."""
    made = server.request("POST", "/api/rounds", json={"candidates": ["Default", "PM's favourite"]})
    assert made.status_code == 201, made.text
    round_id = made.json()["id"]
    favourite = None
    for voter, for_favourite in ballots.items():
        person = server.person(voter)
        pair = person.get(f"/api/rounds/{round_id}/next").json()
        favourite = favourite or pair["left"]["candidate"]
        on_left = pair["left"]["candidate"] == favourite
        choice = "left" if on_left == for_favourite else "right"
        assert person.post(f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": choice}).status_code == 201
    assert server.request("POST", f"/api/rounds/{round_id}/close").status_code == 200
    return round_id


def test_a_close_round_is_too_close_to_call_and_the_save_dialog_shows_its_error(people, fresh_server):
    vote_round(fresh_server, {"Ada": True, "Ben": True, "Cy": False})
    page = people("Cy")   # a voter: a round's candidates are saved by who started it or voted in it
    page.locator("#open-rounds").click()
    page.locator("#round-list li").first.get_by_role("button", name="Results").click()
    page.wait_for_function("() => document.querySelector('#round-certainty').textContent.length > 0")
    assert page.locator("#round-certainty").text_content().startswith("Too close to call")
    # Saving a candidate under a taken name: the error is inside the name dialog, which stays open.
    page.locator("#round-ranking tr").nth(1).get_by_role("button", name="Save as preset…").click()
    page.wait_for_selector("#prompt-dialog[open]")
    page.locator("#prompt-input").fill("Default")
    page.locator("#prompt-input").press("Enter")
    page.wait_for_function("() => document.querySelector('#prompt-error').textContent.length > 0")
    assert page.locator("#prompt-dialog #prompt-error").is_visible()
    assert page.locator("#prompt-dialog").get_attribute("open") is not None
    page.locator("#prompt-input").fill("Round pick")
    page.locator("#prompt-ok").click()
    page.wait_for_function("() => !document.querySelector('#prompt-dialog').open")
    assert fresh_server.get("/api/presets/" + quote("Round pick")).status_code == 200
    assert page.errors == []


def test_a_clear_round_names_its_leader(fresh_server):
    round_id = vote_round(fresh_server, {f"Voter {i}": i < 11 for i in range(12)})
    leader = fresh_server.get(f"/api/rounds/{round_id}").json()["leader"]
    # Eleven of twelve for one side: 95 % and above, callable.
    assert leader["probabilityBetter"] > 0.95 and not leader["tooCloseToCall"]
    assert 0 < leader["low"] < leader["headToHead"] < leader["high"] < 1


def test_a_message_while_a_dialog_is_open_shows_inside_it(people, fresh_server):
    page = people("Eve")
    page.locator("#open-history").click()
    page.wait_for_selector("#history-dialog[open]")
    # Undo with nothing to undo says so: inside the open dialog, not behind its backdrop.
    page.keyboard.press("Control+z")
    page.wait_for_selector("#history-dialog .dialog-toasts .toast")
    assert page.locator("#history-dialog .dialog-toasts .toast").first.is_visible()


def test_someone_off_the_voter_list_sees_why(people, fresh_server):
    made = fresh_server.request("POST", "/api/explore", json={"preset": "Default", "parameters": ["markerRadius"], "voters": ["Ada", "Ben"]},
                                headers={"X-Workbench-User": "Ada"})
    assert made.status_code == 201, made.text
    page = people("Zed")
    page.locator("#open-explore").click()
    page.locator("#explore-list li").first.get_by_role("button", name="Join").click()
    page.wait_for_function("() => document.querySelector('#explore-progress').textContent.includes('voter list')")
    assert "Ada, Ben" in page.locator("#explore-progress").text_content()
    assert page.locator("#explore-pair").is_hidden()
    assert page.errors == []
