"""Answers richer than a pair on the Explore page (issue #38): a person answers one pair, one
line (arrow keys to a stop, Enter), one gallery pick (its number key) and one edit of the best
(typed, kept), and the round says them by kind and person; on a 390 px phone a person taps a
gallery chart and drags the line's slider with a finger. Real clicks, keys and touches only."""
import re
from pathlib import Path

from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people, serious  # noqa: F401  (fixtures)
from test_explore_page import WIDER_THAN_ITS_DIALOG, start_explore, wait_answers

SHOTS = Path(__file__).resolve().parent.parent.parent / ".build" / "screenshots"
ROUND = "fetch('/api/explore').then(r => r.json()).then(l => fetch('/api/explore/' + l[0].id)).then(r => r.json())"


def console_errors(page):
    """The console's errors from now on (the named pages record uncaught exceptions only)."""
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def wait_kind(page, words):
    """Until the line of answers by kind says `words` ("1 line")."""
    page.wait_for_function("w => document.querySelector('#explore-by-kind').textContent.includes(w)", arg=words, timeout=15000)


def choose_kind(page, name, charts, tap=False):
    """Chooses the next question's kind with its radio button; waits until `charts` are drawn and answerable."""
    # The pill a person clicks is the radio's label (the radio itself is a 1 px dot in its corner).
    pill = page.locator("label", has=page.get_by_role("radio", name=name))
    pill.tap() if tap else pill.click()
    page.wait_for_function("n => document.querySelectorAll(n.sel).length === n.count", arg={"sel": charts[0], "count": charts[1]}, timeout=15000)


def test_a_pair_a_line_a_gallery_pick_and_an_edit_by_keyboard(people):
    ada = people("Ada")
    console = console_errors(ada)
    start_explore(ada, "inactiveLineWidth", "inactiveCurve")
    ada.keyboard.press("1")
    wait_answers(ada, 1)
    wait_kind(ada, "1 pair")

    # A line: the slider at its start (after one answer, one of the first questions' points spread
    # over the space, not the team's best, and the page says so); arrows move it, each stop
    # redrawn and said in words.
    choose_kind(ada, "Line", ("#explore-line-chart path[id$=-line]", 1))
    slider = ada.locator("#explore-line-stop")
    ada.wait_for_function("() => !document.querySelector('#explore-line-stop').disabled")
    assert slider.input_value() == "0" and slider.get_attribute("max") == "20"
    # (The server's `fromBest` decides; a first question's point can be the best by chance.)
    words, label = ada.locator("#explore-line-words").inner_text(), ada.locator("label[for=explore-line-stop]").inner_text()
    if words.startswith("The start: Inactive line width"):
        assert label == "Where along the line (the start is a point spread over the space, as the first questions are)"
    else:
        assert words.startswith("The team's best when asked: Inactive line width") and label == "Where along the line (the start is the team's best)"
    SHOTS.mkdir(parents=True, exist_ok=True)
    ada.screenshot(path=str(SHOTS / "line-1440.png"))
    slider.focus()
    drawn = ada.locator("#explore-line-chart").inner_html()
    for _ in range(7):
        ada.keyboard.press("ArrowRight")
    assert slider.input_value() == "7" and slider.get_attribute("aria-valuetext") == "Stop 7 of 20"
    assert ada.locator("#explore-line-words").inner_text().startswith("Stop 7 of 20: Inactive line width")
    ada.wait_for_function("d => document.querySelector('#explore-line-chart').innerHTML !== d", arg=drawn)
    ada.keyboard.press("End")
    assert slider.get_attribute("aria-valuetext") == "The model's challenger"
    # What the line changes, first stop to last: the width moves, the curve switches at the middle.
    said = r": Inactive line width ([\d.]+ px), Inactive curve (.+)\.$"
    (w0, c0), (w1, c1) = (re.search(said, text).groups() for text in (words, ada.locator("#explore-line-words").inner_text()))
    assert ada.locator("#explore-line-moves").inner_text() == f"Along this line: Inactive line width {w0} → {w1}; Inactive curve {c0} → {c1} at stop 10."
    assert "explore-line-moves" in slider.get_attribute("aria-describedby")
    ada.keyboard.press("Home")
    for _ in range(7):
        ada.keyboard.press("ArrowRight")
    assert serious(ada, "#explore-dialog") == []
    ada.keyboard.press("Enter")
    wait_kind(ada, "1 line")
    # The slider went with its question: the focus goes back to the question, not to the page's body.
    ada.wait_for_function("() => document.activeElement.id === 'explore-pair-title'")

    # A gallery: nine charts three by three; the key 3 picks the third (c).
    choose_kind(ada, "Gallery", ("#explore-gallery figure .preview path[id$=-line]", 9))
    ada.wait_for_function("() => document.querySelector('#explore-gallery figure').getAttribute('aria-disabled') === 'false'")
    lefts = ada.evaluate("() => [...document.querySelectorAll('#explore-gallery figure')].map(f => Math.round(f.getBoundingClientRect().left))")
    assert len(set(lefts)) == 3 and lefts[:3] == lefts[3:6] == lefts[6:]
    assert "keys 1 to 9" in ada.locator("#explore-progress").inner_text()
    ada.screenshot(path=str(SHOTS / "gallery-1440.png"))
    assert serious(ada, "#explore-dialog") == []
    # Pressing and dragging on one chart presses all nine, and is no pick.
    last = "#explore-gallery figure:nth-child(9) .preview"
    at_rest = ada.locator(last).inner_html()
    box = ada.locator("#explore-gallery figure:nth-child(1) .preview").bounding_box()
    ada.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)
    ada.mouse.down()
    ada.mouse.move(box["x"] + 60, box["y"] + box["height"] / 2, steps=5)
    ada.wait_for_function("([o, t]) => document.querySelector(o).innerHTML !== t", arg=[last, at_rest])
    ada.mouse.up()
    ada.keyboard.press("3")
    wait_kind(ada, "1 gallery pick")
    assert ada.evaluate(ROUND)["answersByKind"]["gallery"] == 1

    # An edit: the best's line width typed by hand, previewed, kept.
    best = ada.evaluate(ROUND)["best"]
    width = best["values"]["inactiveLineWidth"]
    typed = "2" if width > 4 else "7"
    field = ada.locator("#explore-edit-inactiveLineWidth")
    assert field.input_value() == str(width).removesuffix(".0")
    # Nothing changed yet: the button waits and says why (the server would refuse the best itself).
    keep = ada.get_by_role("button", name="Keep my edit")
    assert keep.is_disabled() and ada.locator("#explore-edit-unchanged").is_visible()
    preview = ada.locator("#explore-edit-preview")
    ada.wait_for_selector("#explore-edit-preview path[id$=-line]")
    drawn = preview.inner_html()
    field.click()
    ada.keyboard.press("Control+A")
    ada.keyboard.type(typed)
    ada.wait_for_function("d => document.querySelector('#explore-edit-preview').innerHTML !== d", arg=drawn)
    ada.screenshot(path=str(SHOTS / "edit-1440.png"))
    # Every chart drawn in the dialog names its parts apart from the page's own ids (the edit's
    # preview titled itself "explore-edit-title", the id that labels the edit's section).
    duplicated = ada.evaluate("""() => {
        const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
        return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    }""")
    assert duplicated == [], duplicated
    assert ada.get_by_role("region", name="Adjust the best by hand").is_visible()
    assert keep.is_enabled() and not ada.locator("#explore-edit-unchanged").is_visible()
    keep.click()
    wait_kind(ada, "1 edit")

    round_ = ada.evaluate(ROUND)
    by_kind = round_["answersByKind"]
    assert (by_kind["pair"], by_kind["line"], by_kind["gallery"], by_kind["edit"]) == (1, 1, 1, 1), by_kind
    assert [(e["person"], e["kind"]) for e in round_["history"]] == [("Ada", k) for k in ("pair", "line", "gallery", "edit")]
    assert [e["choice"] for e in round_["history"][1:3]] == ["7", "c"]
    assert ada.locator("#explore-by-kind").inner_text() == f"By kind: {by_kind['text']}. Ada: 1 pair, 1 line, 1 gallery pick and 1 edit."
    ada.get_by_text("Answers so far").click()
    history = ada.locator("#explore-history-list li").all_inner_texts()
    assert len(history) == 4 and history[0].startswith("Ada edited by hand: ") and "Inactive line width" in history[0]
    assert history[1].startswith("Ada picked C in a gallery of 9") and history[2].startswith("Ada stopped the line at stop 7 of 0–20")
    # Newest first, numbered as answered: the edit is answer 4, its number inside the list's box.
    numbering = ada.locator("#explore-history-list").evaluate(
        "l => [l.reversed, l.getBoundingClientRect().left, l.firstElementChild.getBoundingClientRect().left, parseFloat(getComputedStyle(l).fontSize)]")
    assert numbering[0] and numbering[2] - numbering[1] >= 2.5 * numbering[3], numbering
    log = [e["summary"] for e in ada.evaluate("fetch('/api/log?limit=100').then(r => r.json())") if e["kind"] == "explore-answer"]
    assert any("stopped the line at stop" in s for s in log) and any("in a gallery of 9" in s for s in log) and any("edited by hand" in s for s in log), log

    # Saved: the page says who agreed, from the save's answer.
    ada.locator("#explore-save-name").fill("Four kinds")
    ada.locator("#explore-save button[type=submit]").click()
    ada.wait_for_function("() => document.querySelector('#explore-best-uncertainty').textContent.includes('Saved as')")
    assert "(Agreed, by their answers: everyone who answered (Ada))" in ada.locator("#explore-best-uncertainty").inner_text()
    assert serious(ada, "#explore-dialog") == []
    assert ada.errors == [] and console == []


def test_a_pick_among_four_is_said_as_one(people):
    """Four charts picked with the key 3 and a pair with the key 1: the round says "1 pair and 1
    pick among four", not two pairs, and its history "picked C among four"."""
    pat = people("Pat")
    start_explore(pat, "inactiveLineWidth", "inactiveCurve")
    choose_kind(pat, "Four", ("#explore-pair figure:not([hidden]) .preview path[id$=-line]", 4))
    pat.keyboard.press("3")
    wait_kind(pat, "1 pick among four")
    choose_kind(pat, "Pair", ("#explore-pair figure:not([hidden]) .preview path[id$=-line]", 2))
    pat.keyboard.press("1")
    wait_kind(pat, "1 pair and 1 pick among four")
    by_kind = pat.evaluate(ROUND)["answersByKind"]
    assert (by_kind["pair"], by_kind["four"]) == (1, 1), by_kind
    assert pat.locator("#explore-by-kind").inner_text() == "By kind: 1 pair and 1 pick among four. Pat: 1 pair and 1 pick among four."
    pat.get_by_text("Answers so far").click()
    assert pat.locator("#explore-history-list li").all_inner_texts()[1].startswith("Pat picked C among four")
    assert pat.errors == []


def touch_drag(page, selector, to_fraction):
    """A finger on the slider's thumb (its start), moved to `to_fraction` of its width, lifted."""
    box = page.locator(selector).bounding_box()
    y = box["y"] + box["height"] / 2
    x0, x1 = box["x"] + 8, box["x"] + box["width"] * to_fraction
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for i in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0 + (x1 - x0) * i / 10, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_gallery_tap_and_a_slider_drag_on_a_phone(people):
    pat = people("Pat", viewport={"width": 390, "height": 844}, touch=True)
    console = console_errors(pat)
    start_explore(pat, "inactiveLineWidth", "fillTopOpacity")
    assert pat.evaluate(WIDER_THAN_ITS_DIALOG) == []

    choose_kind(pat, "Gallery", ("#explore-gallery figure .preview path[id$=-line]", 9), tap=True)
    pat.wait_for_function("() => document.querySelector('#explore-gallery figure').getAttribute('aria-disabled') === 'false'")
    lefts = pat.evaluate("() => [...document.querySelectorAll('#explore-gallery figure')].map(f => Math.round(f.getBoundingClientRect().left))")
    assert len(set(lefts)) == 3   # still three across
    assert pat.evaluate(WIDER_THAN_ITS_DIALOG) == []
    pat.locator("#explore-gallery figure").nth(4).scroll_into_view_if_needed()
    pat.screenshot(path=str(SHOTS / "gallery-390.png"))
    pat.locator("#explore-gallery figure").nth(4).tap()
    wait_kind(pat, "1 gallery pick")
    assert pat.evaluate(ROUND)["history"][-1]["choice"] == "e"

    choose_kind(pat, "Line", ("#explore-line-chart path[id$=-line]", 1), tap=True)
    pat.wait_for_function("() => !document.querySelector('#explore-line-stop').disabled")
    assert pat.evaluate(WIDER_THAN_ITS_DIALOG) == []
    pat.locator("#explore-line-stop").scroll_into_view_if_needed()
    drawn = pat.locator("#explore-line-chart").inner_html()
    touch_drag(pat, "#explore-line-stop", 0.6)
    pat.wait_for_function("() => Number(document.querySelector('#explore-line-stop').value) > 5")
    pat.wait_for_function("d => document.querySelector('#explore-line-chart').innerHTML !== d", arg=drawn)
    stop = pat.locator("#explore-line-stop").input_value()
    assert pat.locator("#explore-line-words").inner_text().startswith(f"Stop {stop} of 20")
    pat.screenshot(path=str(SHOTS / "line-390.png"))
    pat.get_by_role("button", name="This is best here").tap()
    wait_kind(pat, "1 line")
    assert pat.evaluate(ROUND)["history"][-1]["choice"] == stop

    # The edit under the best fits too.
    pat.locator("#explore-edit").scroll_into_view_if_needed()
    pat.wait_for_selector("#explore-edit-preview path[id$=-line]")
    pat.screenshot(path=str(SHOTS / "edit-390.png"))
    assert pat.evaluate(WIDER_THAN_ITS_DIALOG) == []
    # Its hints begin where its heading and fields do, as the rest of the panel (they were centred).
    left = pat.evaluate("""() => {
        const edge = el => { const r = document.createRange(); r.selectNodeContents(el); return Math.round(r.getClientRects()[0].left); };
        return [...document.querySelectorAll('#explore-edit h4, #explore-edit p.hint')].filter(el => el.offsetParent).map(edge);
    }""")
    assert len(left) == 3 and len(set(left)) == 1, left
    assert serious(pat, "#explore-dialog") == []
    # Kept by a tap, the next question comes back into sight (it is above the edit).
    field = pat.locator("#explore-edit-inactiveLineWidth")
    typed = "2" if float(field.input_value()) > 4 else "7"
    field.tap()
    pat.keyboard.press("Control+A")
    pat.keyboard.type(typed)
    keep = pat.get_by_role("button", name="Keep my edit")
    pat.wait_for_function("() => !document.querySelector('#explore-edit button[type=submit]').disabled")
    keep.tap()
    wait_kind(pat, "1 edit")
    pat.wait_for_function("() => document.activeElement?.id === 'explore-pair-title'")
    title = pat.locator("#explore-pair-title").bounding_box()
    assert title and 0 <= title["y"] and title["y"] + title["height"] <= 844, title

    # The kind chosen and the round are remembered: back on the page, Explore opens on the
    # round, which asks on a line again.
    pat.reload()
    pat.wait_for_selector("body[data-ready=true]")
    pat.locator("#open-explore").tap()
    pat.wait_for_selector("#explore-line-chart path[id$=-line]")
    assert pat.get_by_role("radio", name="Line").is_checked() and pat.locator("#explore-pair").is_hidden()
    assert pat.errors == [] and console == []


def test_a_line_that_only_switches_says_where(people):
    """A line that moves no number (a round over the curve alone; late in a round, the model asking
    about a curve on its own) shows two charts: the page says so, and where the slider switches."""
    ada = people("Ada")
    start_explore(ada, "inactiveCurve")
    choose_kind(ada, "Line", ("#explore-line-chart path[id$=-line]", 1))
    ada.wait_for_function("() => !document.querySelector('#explore-line-stop').disabled")
    moves = re.fullmatch(r"This line only switches Inactive curve (.+) → (.+) at stop 10: "
                         r"the slider shows one chart before that stop and the other from it\.", ada.locator("#explore-line-moves").inner_text())
    assert moves, ada.locator("#explore-line-moves").inner_text()
    ada.locator("#explore-line-stop").focus()
    for _ in range(9):
        ada.keyboard.press("ArrowRight")
    assert ada.locator("#explore-line-words").inner_text() == f"Stop 9 of 20: Inactive curve {moves.group(1)}."
    ada.keyboard.press("ArrowRight")
    assert ada.locator("#explore-line-words").inner_text() == f"Stop 10 of 20: Inactive curve {moves.group(2)}."


def test_an_edit_follows_the_best_but_for_what_was_changed(people, fresh_server):
    """A person changes one value by hand and has not kept it yet; others answer and the team's
    best moves: the values they did not touch follow it, theirs stays, and keeping it records
    their change alone (the log names only that parameter)."""
    ada = people("Ada")
    start_explore(ada, "inactiveLineWidth", "inactiveCurve")
    s = fresh_server
    rid = ada.evaluate(ROUND)["id"]
    field = ada.locator("#explore-edit-inactiveLineWidth")
    field.scroll_into_view_if_needed()
    curve = ada.locator("#explore-edit-inactiveCurve")
    shown_curve = curve.input_value()
    width = float(field.input_value())
    typed = "2" if width > 4 else "9"
    field.click()
    ada.keyboard.press("Control+A")
    ada.keyboard.type(typed)
    # Ben answers by the API, always for the chart whose curve is not the one Ada's form shows,
    # until the team's best takes another curve.
    ben = {"X-Workbench-Secret": s.person("Ben").secret, "Origin": s.url}
    moved = None
    for _ in range(25):
        pair = s.get(f"/api/explore/{rid}/next", headers=ben).json()
        a, b = (c["values"] for c in pair["candidates"])
        choice = "b" if a["inactiveCurve"] == shown_curve else "a" if b["inactiveCurve"] == shown_curve else "none"
        r = s.request("POST", f"/api/explore/{rid}/answers", json={"ticket": pair["ticket"], "choice": choice}, headers=ben)
        assert r.status_code == 201, r.text
        best = r.json()["best"]
        if best and best["values"]["inactiveCurve"] != shown_curve:
            moved = best["values"]
            break
    assert moved, "the best never left the curve Ada's form showed"
    ada.wait_for_function("c => document.querySelector('#explore-edit-inactiveCurve').value === c", arg=moved["inactiveCurve"])
    assert field.input_value() == typed
    ada.get_by_role("button", name="Keep my edit").click()
    ada.wait_for_function("() => document.querySelector('#explore-by-kind').textContent.includes('1 edit')", timeout=15000)
    edited = ada.evaluate(ROUND)["history"][-1]
    assert edited["person"] == "Ada" and edited["kind"] == "edit", edited
    log = [e["summary"] for e in ada.evaluate("fetch('/api/log?limit=100').then(r => r.json())") if e["kind"] == "explore-answer" and e["author"] == "Ada"]
    assert log and "edited by hand: Inactive line width" in log[0] and "Inactive curve" not in log[0], log


def test_a_range_is_no_tab_stop_until_its_parameter_is_ticked(people):
    ada = people("Ada")
    ada.locator("#open-explore").click()
    low = ada.locator("#explore-parameters input[aria-label='Inactive line width: lowest value']")
    low.wait_for()
    assert low.is_disabled()
    ada.locator("#explore-parameter-inactiveLineWidth").focus()
    ada.keyboard.press("Space")
    assert low.is_enabled()
    ada.keyboard.press("Tab")
    assert ada.evaluate("document.activeElement.getAttribute('aria-label')") == "Inactive line width: lowest value"
    ada.keyboard.press("Shift+Tab")
    ada.keyboard.press("Space")
    assert low.is_disabled()


def test_the_start_form_lists_parameters_under_their_groups(people):
    """Each parameter's box sits under its schema group's name, in the schema's order, and every
    box and range field has a name of its own: four motions each have a "Duration"."""
    ada = people("Ada")
    ada.locator("#open-explore").click()
    ada.locator("#explore-parameter-periodDuration").wait_for()
    schema = ada.evaluate("fetch('/api/schema').then(r => r.json())")
    placed = ada.evaluate("""() => [...document.querySelectorAll('#explore-parameters input[type=checkbox]')].map(c =>
        [c.value, c.closest('fieldset.explore-group')?.querySelector('legend')?.textContent, c.getAttribute('aria-label')])""")
    assert [key for key, _, _ in placed] == [p["key"] for g in schema["groups"] for p in schema["parameters"] if p["group"] == g]
    groups = {p["key"]: p["group"] for p in schema["parameters"]}
    assert all(legend == groups[key] for key, legend, _ in placed), placed
    names = [name for _, _, name in placed]
    assert len(set(names)) == len(names) and "Period change duration" in names and "Inactive line width" in names, names
    fields = ada.evaluate("() => [...document.querySelectorAll('#explore-parameters input[type=number]')].map(i => i.getAttribute('aria-label'))")
    assert len(set(fields)) == len(fields) and "Live price duration: highest value" in fields, fields
    # By keyboard: the period change's Duration ticks with Space, and its range follows.
    ada.locator("#explore-parameter-periodDuration").focus()
    ada.keyboard.press("Space")
    assert ada.locator("#explore-parameters input[aria-label='Period change duration: lowest value']").is_enabled()
