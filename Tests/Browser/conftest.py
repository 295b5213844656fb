"""Every page a browser test opens is a person: the first visit to a workbench asks for a name,
so a page is given one before it loads (the name a test put in `workbench.user`, else a fresh
"Visitor N"), unless the test sets `page.ask_name = True` to meet the dialog itself."""
import itertools
import json
import re

import pytest

from workbench_server import Server

sync_api = pytest.importorskip("playwright.sync_api")

NAMED = re.compile(r"localStorage\.setItem\('workbench\.user',\s*(\"(?:[^\"\\]|\\.)*\"|'[^']*')\)")
_visitors = itertools.count(1)


@pytest.fixture(autouse=True)
def pages_are_people(monkeypatch):
    original_goto, original_init = sync_api.Page.goto, sync_api.Page.add_init_script

    def add_init_script(self, script=None, **kw):
        match = NAMED.search(script or "")
        if match:
            text = match.group(1)
            self.context.person_name = json.loads(text) if text.startswith('"') else text[1:-1]
        return original_init(self, script, **kw)

    def goto(self, url, **kw):
        server = next((s for u, s in Server.running.items() if url.startswith(u)), None)
        context = self.context
        if server and not getattr(self, "ask_name", False) and getattr(context, "seeded_for", None) != server.url:
            name = getattr(context, "person_name", None) or f"Visitor {next(_visitors)}"
            # Under --share the page joins through its link: the person gets that link's role.
            token = re.search(r"[?#&]token=([0-9a-f]+)", url)
            person = server.person(name, headers={"X-Workbench-Token": token.group(1)} if token else None)
            original_init(self, f"localStorage.setItem('workbench.secret', {json.dumps(person.secret)});"
                                f"localStorage.setItem('workbench.user', {json.dumps(person.name)})")
            context.seeded_for = server.url
        return original_goto(self, url, **kw)

    monkeypatch.setattr(sync_api.Page, "add_init_script", add_init_script)
    monkeypatch.setattr(sync_api.Page, "goto", goto)


@pytest.fixture
def contexts():
    """Browser contexts a test opens for its people (`named_pages.open_named_page` keeps them
    here), closed when it ends."""
    made = []
    yield made
    for context in made:
        context.close()
