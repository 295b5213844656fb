"""People in Chromium: the first visit with an invitation asks for a name (a name someone holds is refused), and two
pages are two people: one is not offered (and is refused) an approval of their own revision, the other's request
for changes reaches the author's page as a toast and a badge."""
from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people, serious  # noqa: F401  (fixtures)


def test_the_first_visit_asks_for_a_name(browser, fresh_server):
    fresh_server.person("Ada")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.ask_name = True
    # Joining needs a personal invitation (the owner's page is the helper's): the link carries it.
    page.goto(fresh_server.url + "/?invite=" + fresh_server.invitation("editor"))
    dialog = page.locator("#person-dialog")
    dialog.wait_for(state="visible")
    assert page.evaluate("document.activeElement.id") == "person-name"
    assert serious(page, "#person-dialog") == []
    page.fill("#person-name", "ada")
    page.click("#person-submit")
    page.wait_for_function("() => document.querySelector('#person-error').textContent.includes('taken')")
    assert page.get_attribute("#person-name", "aria-invalid") == "true"
    page.fill("#person-name", "Dana")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=true]")
    assert page.input_value("#user-name") == "Dana"
    # The dialog had nothing to give the focus back to: the page's main part has it, so Tab goes on from there.
    assert page.evaluate("document.activeElement.tagName") == "MAIN"
    page.keyboard.press("Tab")
    assert page.evaluate("document.querySelector('main').contains(document.activeElement)")
    assert not page.locator("#person-dialog").count()
    secret = page.evaluate("localStorage.getItem('workbench.secret')")
    assert fresh_server.get("/api/people/me", headers={"X-Workbench-Secret": secret}).json()["name"] == "Dana"
    # The next visit knows the person: no dialog.
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert not page.locator("#person-dialog").count()
    context.close()


def test_two_pages_are_two_people(people, fresh_server):
    ada = fresh_server.person("Ada")
    current = fresh_server.get("/api/presets/Default").json()
    saved = ada.put("/api/presets/Default", json={**{k: current[k] for k in ("notes",)}, "parameters": {**current["parameters"], "markerRadius": 5}},
                    headers={"If-Match": current["revision"]})
    assert saved.status_code == 200, saved.text
    ada_page, ben_page = people("Ada"), people("Ben")
    # Ada's page does not offer to approve her own revision, and says why; the server, asked
    # all the same, refuses in the same words, and nothing is recorded.
    ada_page.locator("#open-history").click()
    ada_page.wait_for_function("() => document.querySelector('#review-own-work').textContent.includes('someone else reviews it')")
    assert ada_page.locator("#review-approve").is_disabled() and ada_page.locator("#review-changes").is_disabled()
    assert ada.get("/api/presets/Default").json()["yourReview"] == {
        "mayDecide": False, "why": "revision 2 of “Default” carries parameters that are your work (you saved them, brought them in, edited them in the shared draft or by hand in Explore, or set a value they keep from a revision no one had approved): someone else reviews it"}
    refused = ada.post("/api/presets/Default/reviews", json={"revision": 2, "decision": "approve", "comment": ""})
    assert refused.status_code == 403 and refused.json()["error"]["message"] == ada.get("/api/presets/Default").json()["yourReview"]["why"]
    assert fresh_server.get("/api/presets/Default").json()["status"]["state"] != "approved"
    assert fresh_server.get("/api/presets/Default/reviews").json() == []
    ada_page.locator("#history-dialog button[value=close]").click()
    # Ben asks for changes: Ada's page hears it, with the comment.
    ben_page.locator("#open-history").click()
    ben_page.locator("#review-comment").fill("thinner line please")
    ben_page.locator("#review-changes").click()
    ada_page.wait_for_selector("#notice-badge:not([hidden])", timeout=5000)
    assert "1 change request" in ada_page.inner_text("#notice-badge")
    ada_page.wait_for_function("() => document.querySelector('#toasts').textContent.includes('Ben requested changes')")
    assert "thinner line please" in ada_page.inner_text("#toasts")
    assert ben_page.locator("#notice-badge").is_hidden()
    log = fresh_server.get("/api/log").json()
    authors = {e["author"] for e in (log["entries"] if isinstance(log, dict) else log)}
    assert {"Ada", "Ben"} <= authors
    assert ada_page.errors == [] and ben_page.errors == []
