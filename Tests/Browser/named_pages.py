"""A page opened as a named person (the name the first-visit dialog would ask for), the way the
team's browser tests open theirs."""
import json


def open_named_page(browser, contexts, url, name, query="", viewport=None, touch=False, connected=False):
    """Opens `url` + `query` in a context of its own (kept in `contexts` to be closed), as `name`;
    with `connected`, also waits for the team session's stream."""
    context = browser.new_context(viewport=viewport or {"width": 1440, "height": 900}, has_touch=touch, is_mobile=touch)
    contexts.append(context)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(f"localStorage.setItem('workbench.user', {json.dumps(name)})")
    page.goto(url + "/" + query)
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#preview svg")
    if connected:
        page.wait_for_function("() => document.body.dataset.session === 'connected'")
    return page
