"""Issue 39.3 on the page: the honesty check beside the controls marks the control that causes a
failure and says why; changing it by a real choice clears the mark; the review lists the failures
and approving asks for an acknowledgement, which the log records. And 39.1: View → Market."""
from urllib.parse import quote

from test_page import open_page, page  # noqa: F401  (fixtures)
from decide_pages import people  # noqa: F401  (fixtures)


def test_the_panel_marks_the_smoothing_and_clears_when_it_is_turned_off(people):
    ada = people("Ada", "?smoothing=movingAverage&inactiveCurve=monotone")
    ada.wait_for_selector(".control[data-key=smoothing][data-honesty=fail] .honesty-note")
    note = ada.locator(".control[data-key=smoothing] .honesty-note").inner_text()
    assert note.startswith("Moving average shows only") or note.startswith("Moving average moves the")
    assert ada.locator("#honesty").get_attribute("data-pass") == "false"
    assert "failure" in ada.locator("#honesty-title").inner_text()
    ada.locator(".control[data-key=smoothing] select").select_option("none")
    ada.wait_for_function("() => document.querySelector('#honesty').dataset.pass === 'true'")
    assert ada.locator(".control[data-honesty=fail]").count() == 0
    assert ada.errors == []


def test_the_market_menu_draws_every_chart_on_a_scenario(people):
    ada = people("Ada")
    before = ada.locator("#preview svg").get_attribute("data-last-time")
    ada.locator("#scenario-select").select_option("flash-crash")
    ada.wait_for_function("b => document.querySelector('#preview svg').dataset.lastTime !== b", arg=before)
    # The address is written after a short calm (page-address.js), so a loaded machine may draw first.
    ada.wait_for_function("() => new URLSearchParams(location.search).get('scenario') === 'flash-crash'")


def test_approving_a_dishonest_revision_needs_an_acknowledgement_and_is_logged(people, fresh_server):
    ana = fresh_server.person("Ana")
    saved = ana.put("/api/presets/" + quote("Smooth"), json={"parameters": {"smoothing": "movingAverage", "inactiveCurve": "monotone",
                                                                               "lineColor": "#1060E0", "trailingColor": "#B8B8B8"}})
    assert saved.status_code in (200, 201), saved.text
    ben = people("Ben", "?preset=Smooth")
    ben.locator("#open-history").click()
    ben.wait_for_selector("#review-honesty:not([hidden]) #review-honesty-failures li")
    assert "fails" in ben.locator("#review-honesty-title").inner_text()
    if ben.locator("#review-acknowledge").is_visible():
        ben.locator("#review-acknowledge").click()
    ben.locator("#review-approve").click()
    ben.wait_for_function("() => document.querySelector('#review-error').textContent.includes('honesty')")
    ben.locator("#review-acknowledge-honesty").click()
    ben.locator("#review-approve").click()
    ben.wait_for_function("() => document.querySelector('#preset-status').textContent.startsWith('Approved')")
    approval = next(e for e in fresh_server.get("/api/log?preset=Smooth").json() if e["kind"] == "approval")
    assert "honesty check" in approval["summary"], approval
    assert ben.errors == []
