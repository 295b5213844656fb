"""Shared helpers of the deciding-together browser tests: named people on one fresh server, axe."""
import json

import pytest

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")


@pytest.fixture
def people(browser, fresh_server):
    """Opens pages on one fresh server, each with a name; closes them afterwards."""
    contexts = []

    def open_as(name, query=""):
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.add_init_script(f"localStorage.setItem('workbench.user', {json.dumps(name)})")
        page.goto(fresh_server.url + "/" + query)
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_selector("#preview svg")
        return page

    yield open_as
    for context in contexts:
        context.close()


def serious(page, context):
    results = axe_module.Axe().run(page, context=context)
    found = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in found]
