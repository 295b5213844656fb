"""Review in Chromium: notes edited at any time without saving someone's unsaved parameters."""
from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people  # noqa: F401  (fixtures)


def test_notes_are_editable_at_any_time(people, fresh_server):
    ada, ben = people("Ada"), people("Ben")
    # Ada has an unsaved change: editing notes saves the notes only.
    ada.locator("#param-markerRadius-number").fill("7")
    ada.locator("#param-markerRadius-number").dispatch_event("change")
    ada.locator("#preset-info-edit-notes").click()
    ada.locator("#notes-text").fill("Chosen for the <launch> & beyond")
    ada.locator("#notes-form button[type=submit]").click()
    ada.wait_for_function("() => !document.querySelector('#notes-dialog').open")
    assert ada.locator("#preset-info-notes").text_content() == "Chosen for the <launch> & beyond"
    stored = fresh_server.get("/api/presets/Default").json()
    assert stored["notes"] == "Chosen for the <launch> & beyond"
    assert stored["parameters"]["markerRadius"] != 7
    assert ada.locator("#modified-marker").is_visible()      # the unsaved change is still unsaved
    # Ada's next Save is not a conflict: her page took the notes' revision.
    ada.locator("#preset-save").click()
    ada.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    assert fresh_server.get("/api/presets/Default").json()["parameters"]["markerRadius"] == 7
    assert ada.locator("#conflict-dialog").is_hidden()
    assert ada.errors == [] and ben.errors == []
