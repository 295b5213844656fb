"""Every page says when the server is gone and when it is back (issue 33, item 1): "Connection
lost — reconnecting…" within 2 s of a kill -9, "Server restarted" once a new run answers on the
same port and presets folder; unsaved shared edits are given back to the new server's draft by
the page of whoever made them, so each stays credited to its author (a restart never makes one
person the author of another's edit); a save whose answer the outage swallowed is settled from
the stored revision instead of staying "modified"."""
import signal
import time

from named_pages import open_named_page
from workbench_server import Server, wait_for, small_csv

LOST = "Connection lost — reconnecting…"


def banner(page):
    return page.locator("#connection-status")


def lost_within_two_seconds(page):
    started = time.monotonic()
    page.wait_for_function("() => document.body.dataset.connection === 'lost'", timeout=2000)
    assert time.monotonic() - started < 2.0
    assert banner(page).text_content() == LOST and banner(page).is_visible()


def set_number(page, key, value):
    field = page.locator(f"#param-{key}-number")
    field.click()
    field.fill(str(value))
    field.press("Tab")


def draft_value(server, key):
    return server.get("/api/drafts/Default").json()["parameters"].get(key)


def test_lost_then_restarted_and_unsaved_edits_survive(browser, contexts):
    server = Server(data_csv=small_csv())
    again = None
    try:
        ada = open_named_page(browser, contexts, server.url, "Ada", "?preset=Default", connected=True)
        ben = open_named_page(browser, contexts, server.url, "Ben", "?preset=Default", connected=True)
        phone = open_named_page(browser, contexts, server.url, "Phone", "device", viewport={"width": 390, "height": 844}, touch=True)
        log = browser.new_context()
        contexts.append(log)
        log_page = log.new_page()
        log_page.goto(server.url + "/log.html")
        log_page.wait_for_selector("body[data-ready=true]")
        set_number(ada, "markerRadius", 7)
        set_number(ben, "indicatorDash", 5)
        assert wait_for(lambda: draft_value(server, "markerRadius") == 7 and draft_value(server, "indicatorDash") == 5)
        ada.wait_for_function("() => Number(document.querySelector('#param-indicatorDash-number').value) === 5")

        server.process.send_signal(signal.SIGKILL)
        lost_within_two_seconds(ada)
        for page in (log_page, phone):
            page.wait_for_function("() => document.body.dataset.connection === 'lost'", timeout=2000)
        server.process.wait()
        again = Server("--port", str(server.port), data_csv=small_csv(), presets_dir=server.presets)
        for page in (ada, ben, log_page, phone):
            page.wait_for_function("() => document.body.dataset.connection === 'restarted'", timeout=10000)
            assert banner(page).text_content() == "Server restarted" and banner(page).is_visible()
        # Both unsaved edits are the new server's draft again, and still on Ada's screen, unsaved.
        assert wait_for(lambda: draft_value(again, "markerRadius") == 7 and draft_value(again, "indicatorDash") == 5, timeout=15)
        # Each edit is given back by its author's page: the new draft credits Ada and Ben, each for their own.
        authors = {key: change["author"] for change in again.get("/api/drafts/Default").json()["changes"] for key in change["keys"]}
        assert authors == {"markerRadius": "Ada", "indicatorDash": "Ben"}, authors
        assert float(ada.locator("#param-markerRadius-number").input_value()) == 7
        assert not ada.locator("#modified-marker").is_hidden()
        assert again.get("/api/presets/Default").json()["parameters"]["markerRadius"] != 7
        assert ada.errors == [] and ben.errors == [] and phone.errors == []
    finally:
        if again:
            again.close()
        server.close()


def test_a_save_the_outage_interrupted_is_settled_from_the_stored_revision(browser, contexts):
    server = Server(data_csv=small_csv())
    again = None
    try:
        ada = open_named_page(browser, contexts, server.url, "Ada", "?preset=Default", connected=True)
        before = server.get("/api/presets/Default").json()["revision"]
        set_number(ada, "markerRadius", 6)
        ada.wait_for_function("() => !document.querySelector('#modified-marker').hidden")

        # The save reaches the server and is kept, but its answer never reaches the page.
        def swallow(route):
            if route.request.method == "PUT":
                route.fetch()
                route.abort()
            else:
                route.continue_()
        ada.route("**/api/presets/Default", swallow)
        ada.locator("#preset-save").click()
        ada.wait_for_function("() => document.querySelector('#toasts').textContent.includes('connection was lost while saving')")
        assert "Failed to fetch" not in ada.locator("#toasts").text_content()
        ada.unroute("**/api/presets/Default")
        kept = server.get("/api/presets/Default").json()
        assert kept["revision"] != before and kept["parameters"]["markerRadius"] == 6

        server.process.send_signal(signal.SIGKILL)
        lost_within_two_seconds(ada)
        server.process.wait()
        again = Server("--port", str(server.port), data_csv=small_csv(), presets_dir=server.presets)
        ada.wait_for_function("() => document.body.dataset.connection === 'restarted'", timeout=10000)
        ada.wait_for_function("() => document.querySelector('#toasts').textContent.includes('was kept as revision')")
        assert ada.locator("#modified-marker").is_hidden()
        assert again.get("/api/presets/Default").json()["revision"] == kept["revision"]
        assert ada.errors == []
    finally:
        if again:
            again.close()
        server.close()


def test_undo_and_redo_of_a_step_made_before_a_restart(browser, contexts):
    """The restarted server no longer knows the page's step: Undo (a real click) still takes it
    back, by the values the page kept, and Redo brings it again."""
    server = Server(data_csv=small_csv())
    again = None
    try:
        ada = open_named_page(browser, contexts, server.url, "Ada", "?preset=Default", connected=True)
        before = draft_value(server, "markerRadius")
        set_number(ada, "markerRadius", 7)
        assert wait_for(lambda: draft_value(server, "markerRadius") == 7)
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        again = Server("--port", str(server.port), data_csv=small_csv(), presets_dir=server.presets)
        ada.wait_for_function("() => document.body.dataset.connection === 'restarted'", timeout=10000)
        assert wait_for(lambda: draft_value(again, "markerRadius") == 7, timeout=15)
        ada.locator("#undo").click()
        assert wait_for(lambda: draft_value(again, "markerRadius") == before, timeout=5)
        ada.wait_for_function(f"() => Number(document.querySelector('#param-markerRadius-number').value) === {before}")
        ada.locator("#redo").click()
        assert wait_for(lambda: draft_value(again, "markerRadius") == 7, timeout=5)
        ada.wait_for_function("() => Number(document.querySelector('#param-markerRadius-number').value) === 7")
        assert ada.errors == []
    finally:
        if again:
            again.close()
        server.close()


def test_unsaved_values_reach_a_restarted_server_that_first_drops_them_or_the_person_is_told(browser, contexts):
    """Giving the unsaved values back after a restart is tried again when the new server drops
    it; when it never takes them, the page says so and still shows them."""
    server = Server(data_csv=small_csv())
    again = None
    try:
        ada = open_named_page(browser, contexts, server.url, "Ada", "?preset=Default", connected=True)
        set_number(ada, "markerRadius", 7)
        assert wait_for(lambda: draft_value(server, "markerRadius") == 7)
        dropped = []

        def drop(route, times):
            if route.request.method == "POST" and len(dropped) < times:
                dropped.append(route.request.url)
                return route.abort()
            return route.continue_()
        ada.route("**/api/drafts/Default/changes", lambda route: drop(route, 2))
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        again = Server("--port", str(server.port), data_csv=small_csv(), presets_dir=server.presets)
        assert wait_for(lambda: draft_value(again, "markerRadius") == 7, timeout=15, interval=0.1, page=ada)
        assert len(dropped) == 2

        # A server that never takes them: the person is told, and the value stays on the page.
        set_number(ada, "markerRadius", 5)
        assert wait_for(lambda: draft_value(again, "markerRadius") == 5, timeout=15, interval=0.1, page=ada)
        ada.unroute("**/api/drafts/Default/changes")
        dropped.clear()
        ada.route("**/api/drafts/Default/changes", lambda route: drop(route, 1000))
        again.process.send_signal(signal.SIGKILL)
        again.process.wait()
        again = Server("--port", str(server.port), data_csv=small_csv(), presets_dir=server.presets)
        ada.wait_for_function("() => document.querySelector('#toasts').textContent.includes('did not reach the restarted server')",
                              timeout=20000)
        assert "they are still on this page" in ada.locator("#toasts").text_content()
        assert float(ada.locator("#param-markerRadius-number").input_value()) == 5
        assert len(dropped) == 4
    finally:
        if again:
            again.close()
        server.close()
