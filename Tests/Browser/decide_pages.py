"""Shared helpers of the deciding-together browser tests: named people on one fresh server, axe."""
import pytest

from named_pages import open_named_page

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")


@pytest.fixture
def people(browser, fresh_server):
    """Opens pages on one fresh server, each with a name; closes them afterwards."""
    contexts = []

    def open_as(name, query="", **page_options):
        return open_named_page(browser, contexts, fresh_server.url, name, query, **page_options)

    yield open_as
    for context in contexts:
        context.close()


def serious(page, context):
    results = axe_module.Axe().run(page, context=context)
    found = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5]) for v in found]
