"""The export dialog ships the approved revision by default, shows status and approvers, warns
of a draft, shows errors inside itself with Download disabled, and logs only a produced file.
Following is read-only and shows the leader's finger where it is now; save-as returns the
source's shared draft to its saved revision."""
from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people  # noqa: F401  (fixtures)
from test_session import set_value, value, wait_value  # noqa: F401
from test_live_document import open_preset, draft


def exports(server, preset="Pick"):
    return [e for e in server.get("/api/log", params={"preset": preset}).json() if e["kind"] == "export"]


def test_export_dialog_ships_the_approved_revision_and_logs_only_a_download(people, fresh_server):
    s = fresh_server
    put = lambda params, **h: s.request("PUT", "/api/presets/Pick", json={"parameters": params}, headers={"X-Workbench-User": "Ana", **h})
    assert put({"markerRadius": 2}).status_code == 201
    assert s.request("POST", "/api/presets/Pick/reviews", json={"revision": "1", "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True},
                     headers={"X-Workbench-User": "Ben"}).status_code in (200, 201)
    assert put({"markerRadius": 6}, **{"If-Match": "1"}).status_code == 200
    cy = people("Cy")
    open_preset(cy, "Pick")
    cy.locator("#open-export").click()
    cy.wait_for_function("() => document.querySelector('#export-status').textContent.length > 0")
    assert cy.locator("#export-revision").input_value() == "approved"
    assert cy.locator("#export-status").text_content() == "Revision 1 · approved by Ben."
    cy.select_option("#export-format", "json")
    cy.wait_for_function("() => document.querySelector('#export-text').textContent.includes('\"markerRadius\" : 2') || document.querySelector('#export-text').textContent.includes('\"markerRadius\": 2')")
    # The draft revision says it is a draft.
    cy.select_option("#export-revision", "2")
    cy.wait_for_function("() => document.querySelector('#export-status').textContent.includes('draft')")
    assert "Revision 2" in cy.locator("#export-status").text_content()
    cy.select_option("#export-revision", "approved")
    cy.select_option("#export-format", "swift")
    cy.wait_for_function("() => document.querySelector('#export-status').textContent.startsWith('Revision 1')")
    cy.wait_for_timeout(200)
    assert exports(s) == []          # opening and switching logged nothing
    with cy.expect_download() as download:
        cy.locator("#export-download").click()
    assert download.value.suggested_filename.endswith(".swift")
    cy.wait_for_timeout(200)
    logged = exports(s)
    assert len(logged) == 1 and logged[0]["revision"] == 1 and logged[0]["author"] == "Cy" and logged[0]["details"]["format"] == "swift"
    # A bundle takes a moment: from the switch on, the Swift text is not shown as if it were the bundle.
    swift_text = cy.locator("#export-text").text_content()
    cy.evaluate("""() => { window.exportTexts = [];
        new MutationObserver(() => window.exportTexts.push(document.querySelector('#export-text').textContent))
          .observe(document.querySelector('#export-text'), { childList: true, characterData: true, subtree: true }); }""")
    cy.select_option("#export-format", "ios")
    cy.wait_for_function("() => document.querySelector('#export-text').textContent.includes('.zip — use Download')")
    texts = cy.evaluate("window.exportTexts")
    assert texts[0] == "Preparing the bundle…" and swift_text not in texts, texts
    # An error shows inside the dialog (not behind its backdrop) and disables Download.
    # (the server refuses the next export: its folder is full)
    cy.route("**/export?*", lambda route: route.fulfill(status=507, content_type="application/json",
                                                         body='{"error": {"code": "insufficient_storage", "message": "the disk is full", "field": null}}'))
    cy.select_option("#export-format", "kotlin")
    cy.wait_for_function("() => !document.querySelector('#export-error').hidden")
    assert cy.locator("#export-error").is_visible() and "Cannot export" in cy.locator("#export-error").text_content()
    assert cy.locator("#export-download").get_attribute("aria-disabled") == "true"
    assert cy.locator("#export-download").get_attribute("href") is None
    assert "the disk is full" in cy.locator("#export-error").text_content()
    assert len(exports(s)) == 1
    assert cy.errors == []


def test_following_is_read_only_and_shows_the_finger_where_it_is(people, fresh_server):
    alice, bob = people("Alice"), people("Bob")
    open_preset(bob, "PM's favourite")
    alice.wait_for_function("() => [...document.querySelectorAll('#presence .person')].some(p => p.textContent.includes('Bob') && p.textContent.includes(\"PM's favourite\"))")
    alice.locator("#presence .person", has_text="Bob").locator("button").click()
    alice.wait_for_function("() => document.querySelector('#preset-select').value === \"PM's favourite\"")
    before = draft(fresh_server, "PM's favourite")
    # Following is read-only before Alice types (issue 33): the parameters are disabled and say whom she follows.
    alice.wait_for_function("() => document.querySelector('#parameters-lock').disabled")
    assert alice.locator("#param-markerRadius-number").is_disabled() and alice.locator("#reset-all").is_disabled()
    assert alice.locator("#following-note").text_content() == "Following Bob: read-only"
    after = draft(fresh_server, "PM's favourite")
    assert after["version"] == before["version"] and after["parameters"] == before["parameters"]
    # Bob presses and scrubs: Alice's chart shows his finger where it is now, not where it started.
    box = bob.locator("#preview").bounding_box()
    y = box["y"] + box["height"] / 2
    bob.mouse.move(box["x"] + box["width"] * 0.2, y)
    bob.mouse.down()
    alice.wait_for_function("() => document.querySelector('#preview .cw-indicator')")
    width = alice.locator("#preview").bounding_box()["width"]
    for step in range(1, 9):
        bob.mouse.move(box["x"] + box["width"] * (0.2 + step * 0.075), y)
        bob.wait_for_timeout(30)
    alice.wait_for_function("w => Number(document.querySelector('#preview .cw-indicator').getAttribute('x1')) > w * 0.7", arg=width, timeout=5000)
    bob.mouse.up()
    # Stopping: her own preset again, editable, and still nothing written into Bob's.
    alice.locator("#presence .person", has_text="Bob").locator("button").click()
    alice.wait_for_function("() => document.querySelector('#preset-select').value === 'Default'")
    assert alice.locator("#param-markerRadius-number").is_enabled() and alice.locator("#following-note").is_hidden()
    assert draft(fresh_server, "PM's favourite")["parameters"] == before["parameters"]
    assert alice.errors == [] and bob.errors == []


def test_save_as_returns_the_source_draft_to_its_saved_revision(people, fresh_server):
    alice, bob = people("Alice"), people("Bob")
    saved = fresh_server.get("/api/presets/Default").json()["parameters"]["markerRadius"]
    set_value(alice, "markerRadius", 6.5)
    wait_value(bob, "markerRadius", 6.5)                       # the shared draft
    alice.locator("#preset-save-as").click()
    alice.locator("#preset-name").fill("Alice v2")
    alice.locator("#preset-confirm").click()
    alice.wait_for_function("() => document.querySelector('#preset-select').value === 'Alice v2'")
    alice.wait_for_function("() => document.querySelector('#toasts').textContent.includes('back to its saved revision')")
    wait_value(alice, "markerRadius", 6.5)                     # her changes are in the new preset
    wait_value(bob, "markerRadius", saved)                     # the source's draft is its saved revision again
    assert draft(fresh_server, "Default")["parameters"]["markerRadius"] == saved
    created = [e for e in fresh_server.get("/api/log", params={"preset": "Alice v2"}).json() if e["kind"] == "save"][0]
    assert created["summary"] == "created revision 1 of “Alice v2” from “Default”"
    assert alice.errors == [] and bob.errors == []
