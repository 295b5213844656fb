"""Explore through an outage (a three-person walk): a question the page could not get while the
server was down comes back by itself once the restarted server answers, and the page says what
happened instead of blaming the kind of question; a phone's words name no keys."""
import signal

from named_pages import open_named_page
from test_explore_page import start_explore, wait_answers
from workbench_server import Server, small_csv


def progress(page):
    return page.locator("#explore-progress").inner_text()


def test_a_question_lost_to_an_outage_comes_back_after_the_restart(browser, contexts):
    server = Server(data_csv=small_csv())
    again = None
    try:
        ada = open_named_page(browser, contexts, server.url, "Ada", connected=True)
        start_explore(ada)
        assert "keys 1, 2 and 0" in progress(ada)
        # The start button went with the start form: the keyboard goes on from the question's heading.
        assert ada.evaluate("document.activeElement.id") == "explore-pair-title"
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        ada.wait_for_function("() => document.body.dataset.connection === 'lost'", timeout=5000)
        ada.keyboard.press("1")   # answered while the server is away: not recorded
        ada.wait_for_function("() => document.querySelector('#explore-progress').textContent.includes('The server cannot be reached')")
        assert "Choose another kind" not in progress(ada)
        assert ada.locator("#explore-dialog .toast.error", has_text="the server cannot be reached").count() == 1
        assert ada.locator("[data-explore-choice=a]").is_hidden()

        again = Server("--port", str(server.port), data_csv=small_csv(), presets_dir=server.presets)
        # The same question again, without a click: answered now, it counts.
        ada.wait_for_function("() => !document.querySelector('[data-explore-choice=a]').disabled"
                              " && document.querySelector('#explore-progress').textContent.startsWith('0 answers')", timeout=15000)
        ada.keyboard.press("1")
        wait_answers(ada, 1)
        assert ada.errors == []
    finally:
        if again:
            again.close()
        server.close()


def test_a_phone_is_asked_without_keys(browser, contexts):
    server = Server(data_csv=small_csv())
    try:
        sam = open_named_page(browser, contexts, server.url, "Sam", viewport={"width": 390, "height": 844}, touch=True)
        sam.locator("#open-explore").tap()
        sam.locator("#explore-preset").select_option("Default")
        sam.locator("#explore-parameter-inactiveLineWidth").tap()
        sam.locator("#explore-start button[type=submit]").tap()
        sam.wait_for_selector("#explore-b path[id$=-line]")
        assert progress(sam).endswith("Press and drag on either chart to see both pressed; answer with the buttons.")
        sam.get_by_role("radio", name="Line").tap()
        sam.wait_for_function("() => !document.querySelector('#explore-line-stop').disabled")
        assert progress(sam).endswith("Drag the slider to where the chart is best along the line, then tap “This is best here”.")
        assert "key" not in progress(sam).lower()
    finally:
        server.close()
