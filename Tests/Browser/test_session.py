"""The team session in Chromium with two and three pages: no lost saves, one draft per preset,
undo of one's own edits only, following, Compare that refreshes, presence, and shared data said out loud."""
import json

import pytest

from test_page import sync_api  # noqa: F401
from named_pages import open_named_page


@pytest.fixture
def people(browser, fresh_server):
    """Opens pages on one fresh server, each with a name; closes them afterwards."""
    contexts = []

    def open_as(name, query=""):
        return open_named_page(browser, contexts, fresh_server.url, name, query, connected=True)

    yield open_as
    for context in contexts:
        context.close()


def set_value(page, key, value):
    """Types a value into a parameter's number box, as a person does (one undo step)."""
    box = page.locator(f"#param-{key}-number")
    box.fill(str(value))
    box.dispatch_event("change")


def value(page, key):
    return page.locator(f"#param-{key}-number").input_value()


def wait_value(page, key, expected):
    page.wait_for_function("([k, v]) => Number(document.querySelector(`#param-${k}-number`).value) === v",
                           arg=[key, float(expected)], timeout=5000)


def preset_text(server, name):
    """The stored file of a preset, found by the name inside it (file names are derived)."""
    for path in server.presets.glob("*.json"):
        text = path.read_text()
        if json.loads(text).get("name") == name:
            return text
    raise AssertionError(f"no file for {name}")


def preset_file(server, name):
    return json.loads(preset_text(server, name))


def wait_people(page, count):
    page.wait_for_function("n => document.querySelectorAll('#presence .person').length === n", arg=count, timeout=5000)


def test_a_stale_save_opens_the_conflict_dialog_and_overwrites_only_when_chosen(people, fresh_server):
    alice, bob = people("Alice"), people("Bob")
    set_value(alice, "markerRadius", 6.5)                     # Alice: an unsaved change in the shared draft
    wait_value(bob, "markerRadius", 6.5)
    # Bob saves Default from his page: the draft, Alice's edit included, becomes the new revision.
    bob.locator("#preset-save").click()
    for page in (alice, bob):
        page.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    bobs_file = preset_text(fresh_server, "Default")
    assert json.loads(bobs_file)["parameters"]["markerRadius"] == 6.5
    # Alice's page saves as if it still held the revision before Bob's (its event still on the way).
    stale = {"count": 0}

    def as_stale(route):
        if route.request.method == "PUT" and stale["count"] < 2:
            stale["count"] += 1
            return route.continue_(headers={**route.request.headers, "if-match": '"0000000000000000"'})
        return route.continue_()
    alice.route("**/api/presets/Default", as_stale)
    set_value(alice, "inactiveLineWidth", 7)
    alice.locator("#preset-save").click()
    alice.wait_for_selector("#conflict-dialog[open]")
    assert preset_text(fresh_server, "Default") == bobs_file   # nothing written yet
    assert "Bob" in alice.locator("#conflict-text").inner_text()
    header = alice.locator("#conflict-table tr").first.inner_text()
    assert "Their saved version" in header and "Yours" in header
    # Keep editing: still nothing written.
    alice.locator("#conflict-dialog button[value=cancel]").click()
    assert preset_text(fresh_server, "Default") == bobs_file
    # Overwrite knowingly.
    alice.locator("#preset-save").click()
    alice.wait_for_selector("#conflict-dialog[open]")
    alice.locator("#conflict-dialog button[value=overwrite]").click()
    alice.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    assert preset_file(fresh_server, "Default")["parameters"]["inactiveLineWidth"] == 7
    assert alice.errors == [] and bob.errors == []


def test_a_save_from_elsewhere_folds_into_the_draft_keeping_unsaved_edits(people, fresh_server):
    alice, bob = people("Alice"), people("Bob")
    set_value(alice, "markerRadius", 6.5)
    wait_value(bob, "markerRadius", 6.5)
    # Bob's save arrives from elsewhere (his own script), with other values and notes.
    current = fresh_server.get("/api/presets/Default").json()
    parameters = {**current["parameters"], "inactiveLineWidth": 9}
    r = fresh_server.request("PUT", "/api/presets/Default", json={"author": "Bob", "notes": "Bob's notes", "parameters": parameters},
                             headers={"If-Match": current["revision"], "X-Workbench-User": "Bob", "X-Workbench-Client": "bob-script"})
    assert r.status_code == 200, r.text
    for page in (alice, bob):
        page.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('Bob saved')")
        wait_value(page, "inactiveLineWidth", 9)                # the new revision…
        assert value(page, "markerRadius") == "6.5"             # …with the unsaved edit still on top
        page.wait_for_function("() => document.querySelector('#preset-info-notes').textContent === \"Bob's notes\"")
        assert page.locator("#modified-marker").is_visible()
    alice.locator("#preset-save").click()
    alice.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    assert alice.locator("#conflict-dialog[open]").count() == 0
    saved = preset_file(fresh_server, "Default")["parameters"]
    assert saved["inactiveLineWidth"] == 9 and saved["markerRadius"] == 6.5
    # Save as: a new preset of its own, its own draft.
    set_value(alice, "markerRadius", 2)
    alice.locator("#preset-save-as").click()
    alice.wait_for_selector("#preset-dialog[open]")
    alice.locator("#preset-name").fill("Alice's take")
    alice.locator("#preset-confirm").click()
    alice.wait_for_function("() => document.querySelector('#preset-select').value === \"Alice's take\"")
    assert preset_file(fresh_server, "Alice's take")["parameters"]["markerRadius"] == 2
    assert alice.locator("#modified-marker").is_hidden()
    assert alice.errors == []


def test_a_page_without_changes_takes_the_newer_save(people, fresh_server):
    alice, bob = people("Alice"), people("Bob")
    set_value(bob, "markerRadius", 7)
    wait_value(alice, "markerRadius", 7)
    bob.locator("#preset-save").click()
    bob.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    # Alice's values equal the saved ones now, so she follows the new revision and can save.
    alice.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    set_value(alice, "markerRadius", 3)
    alice.locator("#preset-save").click()
    alice.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    assert alice.locator("#conflict-dialog[open]").count() == 0
    assert preset_file(fresh_server, "Default")["parameters"]["markerRadius"] == 3


def test_loading_another_preset_leaves_the_others_as_they_were(people):
    alice, bob = people("Alice"), people("Bob")
    set_value(alice, "markerRadius", 6.5)
    wait_value(bob, "markerRadius", 6.5)
    alice_width = value(alice, "inactiveLineWidth")
    bob.select_option("#preset-select", "PM's favourite")
    bob.wait_for_function("() => document.querySelector('#param-lineCap').value === 'butt'")
    set_value(bob, "inactiveLineWidth", 11)                  # an edit on PM's favourite
    alice.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('PM')")
    assert alice.locator("#preset-select").input_value() == "Default"
    assert alice.locator("#modified-marker").is_visible()
    assert value(alice, "inactiveLineWidth") == alice_width
    assert value(alice, "markerRadius") == "6.5"
    assert alice.locator("#param-inactiveCurve").input_value() != "catmullRom"


def test_following_a_person_shows_their_preset_and_their_changes(people):
    alice, bob = people("Alice"), people("Bob")
    bob.select_option("#preset-select", "PM's favourite")
    alice.wait_for_function("() => [...document.querySelectorAll('#presence .person')].some(p => p.textContent.includes('Bob') && p.textContent.includes('PM'))")
    alice.locator("#presence .person", has_text="Bob").locator("button").click()
    alice.wait_for_function("() => document.querySelector('#preset-select').value === \"PM's favourite\"")
    set_value(bob, "markerRadius", 1.5)
    wait_value(alice, "markerRadius", 1.5)
    # Choosing a preset oneself ends following.
    alice.select_option("#preset-select", "Default")
    alice.wait_for_function("() => document.querySelector('#presence .person button[aria-pressed=false]')")
    set_value(bob, "markerRadius", 2.5)
    bob.wait_for_timeout(300)
    assert alice.locator("#preset-select").input_value() == "Default" and value(alice, "markerRadius") == "4.0"


def test_undo_holds_only_your_own_edits(people):
    alice, bob = people("Alice"), people("Bob")
    set_value(bob, "inactiveLineWidth", 6)
    wait_value(alice, "inactiveLineWidth", 6)
    set_value(alice, "markerRadius", 6.5)
    wait_value(bob, "markerRadius", 6.5)
    bob.locator("#undo").click()                           # Bob's undo: his width only
    wait_value(bob, "inactiveLineWidth", 4)                # applied when the server answers
    assert value(bob, "markerRadius") == "6.5"
    wait_value(alice, "inactiveLineWidth", 4)
    assert value(alice, "markerRadius") == "6.5"           # Alice's value never changed by Bob's undo
    # Alice's undo stack holds only her edit: one undo reverts it, the next does nothing of Bob's.
    alice.locator("#undo").click()
    wait_value(alice, "markerRadius", 4)
    # The undo button follows the server's answer to the undo (the value may arrive first, by the event stream).
    alice.wait_for_function("() => document.querySelector('#undo').disabled")
    assert value(alice, "inactiveLineWidth") == "4.0"


def test_compare_shows_a_value_saved_after_it_opened(people, fresh_server):
    alice, bob = people("Alice"), people("Bob")
    alice.locator("#open-compare").click()
    alice.wait_for_selector("#compare-charts figure .preview svg")
    bob.select_option("#preset-select", "PM's favourite")
    bob.wait_for_function("() => document.querySelector('#param-lineCap').value === 'butt'")
    set_value(bob, "markerRadius", 7.5)
    bob.locator("#preset-save").click()
    bob.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    alice.wait_for_function("() => [...document.querySelectorAll('#compare-table tr')].some(r => r.textContent.includes('7.5'))", timeout=5000)


def test_presence_lists_three_people_their_presets_and_pressing(people):
    alice, bob, carol = people("Alice"), people("Bob"), people("Carol")
    for page in (alice, bob, carol):
        wait_people(page, 3)
    bob.select_option("#preset-select", "PM's favourite")
    for page in (alice, carol):
        page.wait_for_function("() => [...document.querySelectorAll('#presence .person')].some(p => p.textContent.includes('Bob') && p.textContent.includes(\"PM's favourite\"))")
    box = carol.locator("#preview").bounding_box()
    carol.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)
    carol.mouse.down()
    for page in (alice, bob):
        page.wait_for_function("() => [...document.querySelectorAll('#presence .person.pressing')].some(p => p.textContent.includes('Carol'))")
    carol.mouse.up()
    alice.wait_for_function("() => document.querySelectorAll('#presence .person.pressing').length === 0")
    carol.close()
    for page in (alice, bob):
        wait_people(page, 2)


def test_messages_name_the_person_once_per_run_of_changes(people):
    alice, bob = people("Alice"), people("Bob")
    for v in (5, 5.5, 6):
        set_value(alice, "markerRadius", v)
    set_value(alice, "inactiveLineWidth", 7)
    wait_value(bob, "inactiveLineWidth", 7)
    lines = bob.locator("#session-messages li", has_text="Alice")
    assert lines.count() == 1
    text = lines.inner_text()
    assert text.count("Alice") == 1 and "Marker radius" in text and "line width" in text.lower()
    assert alice.locator("#session-messages li", has_text="Alice").count() == 0   # no echo of one's own edits
    # The messages never cover a control.
    strip = bob.locator("#session-messages").bounding_box()
    controls = bob.locator(".controls").bounding_box()
    assert strip["y"] + strip["height"] <= controls["y"] or strip["x"] >= controls["x"] + controls["width"]


def test_importing_and_going_back_to_built_in_data_is_announced(people, fresh_server):
    alice, bob, carol = people("Alice"), people("Bob"), people("Carol")
    csv = "time,price\n" + "\n".join(f"{1_700_000_000 + i * 60},{100 + i}" for i in range(300)) + "\n"
    alice.locator("#csv-file").set_input_files(files=[{"name": "team.csv", "mimeType": "text/csv", "buffer": csv.encode()}])
    for page in (bob, carol):
        page.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('Alice loaded team.csv')")
    alice.locator("#live-toggle").check()
    for page in (bob, carol):
        page.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('Alice turned live prices on')")
        assert page.locator("#live-toggle").is_checked()
    alice.locator("#live-toggle").uncheck()
    # Anyone can go back to the built-in series.
    bob.wait_for_selector("#data-builtin:not([hidden])")
    bob.locator("#data-builtin").click()
    for page in (alice, carol):
        page.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('Bob went back to the built-in series')",
                               timeout=60000)
    assert fresh_server.get("/api/data?period=ALL&maxPoints=2").json()["summary"]["source"].startswith("built-in")
    bob.wait_for_selector("#data-builtin[hidden]", state="attached")


def test_three_pages_two_on_one_preset_one_on_another(people, fresh_server):
    alice, bob, carol = people("Alice"), people("Bob"), people("Carol")
    carol.select_option("#preset-select", "Designer's favourite")
    carol.wait_for_function("() => document.querySelector('#param-activeCurve').value === 'monotone'")
    carol_radius = value(carol, "markerRadius")
    set_value(alice, "markerRadius", 6.5)
    wait_value(bob, "markerRadius", 6.5)                     # same preset: followed
    set_value(carol, "inactiveLineWidth", 10)                 # another preset: nobody else's values move
    for page in (alice, bob):
        page.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('Carol is tuning')")
        assert value(page, "inactiveLineWidth") == "4.0"
        assert page.locator("#preset-select").input_value() == "Default"
    assert value(carol, "markerRadius") == carol_radius      # Alice's edit did not reach Carol
    # Bob saves Default: the shared draft, Alice's edit included, is saved for both; Carol is untouched.
    bob.locator("#preset-save").click()
    bob.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    alice.wait_for_function("() => document.querySelector('#session-messages').textContent.includes('Bob saved')")
    alice.wait_for_function("() => document.querySelector('#modified-marker').hidden")
    assert preset_file(fresh_server, "Default")["parameters"]["markerRadius"] == 6.5
    assert carol.locator("#preset-select").input_value() == "Designer's favourite"
    assert carol.locator("#modified-marker").is_visible() and value(carol, "inactiveLineWidth") == "10.0"


def test_a_second_tab_is_listed_but_counts_one_person(people):
    """Alice in two tabs beside Bob: three pages listed (each its own preset and press), two people here."""
    alice, bob = people("Alice"), people("Bob")
    tab = alice.context.new_page()
    tab.goto(alice.url)
    tab.wait_for_selector("body[data-ready=true]")
    for page in (alice, bob, tab):
        wait_people(page, 3)
        page.wait_for_function("() => document.querySelector('#presence-count').textContent === '2 here (3 pages)'", timeout=5000)
    tab.close()
    for page in (alice, bob):
        wait_people(page, 2)
        page.wait_for_function("() => document.querySelector('#presence-count').textContent === '2 here'", timeout=5000)
