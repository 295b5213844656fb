"""The page's state is held once, by the store (Public/js/state.js): the open preset's identity,
the view, the values and the draft's position are written there and nowhere else, and every
change goes through a method of the store, which tells its listeners (so /device redraws)."""
import re
from pathlib import Path

from test_device import open_device
from test_page import open_page, page  # noqa: F401  (fixtures)

JS = Path(__file__).resolve().parents[2] / "Public" / "js"
STATE = ("view", "preset", "params", "draft", "presetName", "baseline", "modified")
# `store.view = …`, `this.store.preset.name = …`, `store.params[key] = …`, `store.view.zoom++`, Object.assign(store.view, …)
WRITE = re.compile(r"\bstore\.(%s)\b(?:\s*\.\s*\w+|\s*\[[^\]]*\])*\s*(?:[-+*/]?=(?!=)|\+\+|--)" % "|".join(STATE))
ASSIGN_INTO = re.compile(r"Object\.assign\(\s*(?:this\.)?store\.(%s)\b" % "|".join(STATE))


def test_only_the_store_writes_the_state():
    offenders = []
    for path in sorted(JS.glob("*.js")):
        if path.name == "state.js":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if WRITE.search(line) or ASSIGN_INTO.search(line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert offenders == [], "\n".join(offenders)


def test_panels_read_the_open_preset_from_the_store_rather_than_keeping_it():
    for name in ("review.js", "comments.js", "history.js"):
        text = (JS / name).read_text()
        assert "store.presetName" in text, name
        # No name handed in by main.js as a callback, no copy of the identity kept.
        assert not re.search(r"this\.presetName\s*=(?!=)|presetName\s*\(\s*\)", text), name
        assert not re.search(r"this\.preset\s*=(?!=)", text), name
    main = (JS / "main.js").read_text()
    assert "presets.current" not in main and "presetName:" not in main


def test_the_store_refuses_writes_from_outside(page, server):
    open_page(page, server)
    refused = page.evaluate("""async () => {
        'use strict';  // as the page's modules are: a refused write throws
        const { Store } = await import('/js/state.js');
        const store = new Store(await (await fetch('/api/schema')).json());
        store.openPreset({ name: 'P', author: 'A', notes: '', updatedAt: null },
                         { draft: 1, version: 0, baseRevision: '3', saved: {}, parameters: {} });
        const tries = {
            view: () => { store.view = {}; }, viewKey: () => { store.view.zoom = 2; },
            preset: () => { store.preset = null; }, name: () => { store.preset.name = 'Q'; },
            revision: () => { store.preset.revision = '9'; }, saved: () => { store.preset.params.lineWidth = 1; },
            params: () => { store.params = {}; }, draft: () => { store.draft = null; },
        };
        const result = {};
        for (const [what, attempt] of Object.entries(tries)) {
            try { attempt(); result[what] = 'allowed'; } catch (error) { result[what] = error.name; }
        }
        result.after = [store.presetName, store.preset.revision, store.view.zoom];
        return result;
    }""")
    after = refused.pop("after")
    assert set(refused.values()) == {"TypeError"}, refused
    assert after == ["P", "3", 1]


def test_the_identity_changes_only_through_the_store_and_is_told(page, server):
    """Every change of the open preset reaches the store's listeners as a `preset` change."""
    open_page(page, server, "?preset=Default")
    page.evaluate("""async () => {
        const { Store } = await import('/js/state.js');
        const emit = Store.prototype.emit;
        window.changes = [];
        Store.prototype.emit = function (change) { window.changes.push(change.kind + ':' + (this.presetName ?? '')); return emit.call(this, change); };
    }""")
    page.select_option("#preset-select", "PM's favourite")
    page.wait_for_function("name => window.changes.includes('preset:' + name)", arg="PM's favourite")
    page.wait_for_function("name => new URLSearchParams(location.search).get('preset') === name", arg="PM's favourite")


def test_a_view_change_on_device_goes_through_the_store_and_redraws(browser, server):
    device = open_device(browser, server.url + "/device")
    device.evaluate("""async () => {
        const { Store } = await import('/js/state.js');
        const emit = Store.prototype.emit;
        window.changes = [];
        Store.prototype.emit = function (change) {
            if (change.kind === 'view') window.changes.push(change.keys.join(','));
            return emit.call(this, change);
        };
    }""")
    width = lambda: device.evaluate("Number(document.querySelector('#preview svg').getAttribute('width'))")  # noqa: E731
    assert width() == 390
    # The phone turned or resized: the fitted size is a view change the chart follows.
    device.set_viewport_size({"width": 360, "height": 780})
    device.wait_for_function("() => window.changes.some(keys => keys.includes('width'))")
    device.wait_for_function("() => Number(document.querySelector('#preview svg').getAttribute('width')) === 360")
    # A period: the store is told, the buttons and the chart follow it.
    line = device.locator("#preview .cw-line").get_attribute("d")
    device.locator(".periods button", has_text="1W").tap()
    device.wait_for_function("() => window.changes.includes('period')")
    device.wait_for_function("d => document.querySelector('#preview .cw-line').getAttribute('d') !== d", arg=line)
    assert device.locator(".periods button[aria-pressed=true]").inner_text() == "1W"
    assert device.errors == []
