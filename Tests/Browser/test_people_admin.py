"""The owner's people in Chromium: the owner changes a person's role from the page (People…),
and a phone-sized page (390 px) opens the editor link of the owner's "Open on phone" QR code,
spends its personal invitation and becomes an editor."""
import re

import requests

from test_page import sync_api  # noqa: F401  (fixtures)
from test_device import zbar
from workbench_server import Server, small_csv, wait_for


def role_of(server, name, token=None):
    people = server.get("/api/people", headers={"X-Workbench-Token": token} if token else {}).json()["people"]
    return next(p["role"] for p in people if p["name"] == name)


def test_the_owner_changes_a_role_from_the_page(browser, fresh_server):
    s = fresh_server
    s.person("Pat")
    pats = browser.new_context(viewport={"width": 1280, "height": 900})
    pat = pats.new_page()
    pat.add_init_script("localStorage.setItem('workbench.user', 'Pat')")
    pat.goto(s.url + "/")
    pat.wait_for_selector("body[data-ready=true]")
    assert pat.evaluate("document.body.dataset.role") == "editor"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script("localStorage.setItem('workbench.user', 'owner')")
    page.goto(s.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#open-people")
    row = page.locator('#people-rows tr[data-person="Pat"]')
    row.wait_for()
    row.locator("select").select_option("viewer")
    assert wait_for(lambda: role_of(s, "Pat") == "viewer", timeout=5)
    # Pat's open page hears it and starts again as a viewer.
    pat.wait_for_function("() => document.body.dataset.role === 'viewer' && document.body.dataset.ready === 'true'", timeout=10000)
    pats.close()
    assert s.person("Pat").put("/api/presets/Nope", json={"parameters": {}}).status_code == 403
    # Revoke from the page, then give the name back: the dialog shows the restoring link.
    page.locator('#people-rows tr[data-person="Pat"] button.person-revoke').click()
    page.locator('#people-rows tr[data-person="Pat"] button.person-restore').wait_for()
    page.locator('#people-rows tr[data-person="Pat"] button.person-restore').click()
    page.wait_for_function("() => document.querySelector('#invite-link')?.href.includes('invite=')")
    context.close()
    # Someone else's page offers no People… at all.
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    page = other.new_page()
    page.add_init_script("localStorage.setItem('workbench.user', 'Rae')")
    page.goto(s.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#open-people").is_hidden()
    other.close()


def test_a_phone_opens_the_editor_link_of_the_qr_code(browser, tmp_path):
    s = Server("--share", data_csv=small_csv())
    try:
        text = "".join(s.process.stdout.readline() for _ in range(6))
        editor_link = re.search(r"editors[^:]*:\s+(\S+)", text).group(1)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        owner = context.new_page()
        owner.add_init_script("localStorage.setItem('workbench.user', 'owner')")
        owner.goto(s.url + "/?token=" + re.search(r"token=(\w+)", editor_link).group(1))
        owner.wait_for_selector("body[data-ready=true]")
        owner.click("#open-phone")
        code = owner.locator('#share-codes img[data-link="editor"]')
        code.wait_for()
        assert "invite=" in code.get_attribute("src")
        assert owner.locator('#share-codes img[data-link="viewer"]').count() == 1
        link = owner.locator("#share-codes figure").first.locator("a").get_attribute("href")
        assert "token=" in link and "invite=" in link, link
        # The QR code is of that very link (the server draws it from the same parts).
        # The image's address carries the token, as an <img> must.
        qr = requests.get(s.url + code.get_attribute("src"), timeout=10)
        assert qr.status_code == 200 and qr.headers["Content-Type"].startswith("image/svg+xml"), qr.text
        owner.wait_for_function("() => [...document.querySelectorAll('#share-codes img')].every(i => i.complete && i.naturalWidth)")
        assert zbar(code.screenshot(), tmp_path) == link
        phone_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        phone = phone_context.new_page()
        phone.ask_name = True
        phone.goto(link)
        phone.locator("#person-dialog").wait_for(state="visible")
        phone.fill("#person-name", "Pat's phone")
        phone.click("#person-submit")
        phone.wait_for_selector("body[data-ready=true]")
        assert role_of(s, "Pat's phone", re.search(r"token=(\w+)", link).group(1)) == "editor"
        assert "invite=" not in phone.url
        phone_context.close()
        context.close()
    finally:
        s.close()


def test_the_first_page_on_loopback_is_the_owners(browser):
    s = Server(data_csv=small_csv())
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.ask_name = True
        page.goto(s.url + "/")
        page.locator("#person-dialog").wait_for(state="visible")
        page.fill("#person-name", "Dana")
        page.click("#person-submit")
        page.wait_for_selector("body[data-ready=true]")
        assert page.locator("#open-people").is_visible()
        secret = page.evaluate("localStorage.getItem('workbench.secret')")
        me = s.get("/api/people/me", headers={"X-Workbench-Secret": secret}).json()
        assert me["name"] == "Dana" and me["owner"] is True
        # A second browser without an invitation is told to ask the owner.
        other = browser.new_context(viewport={"width": 1280, "height": 900})
        second = other.new_page()
        second.ask_name = True
        second.goto(s.url + "/")
        second.locator("#person-dialog").wait_for(state="visible")
        second.fill("#person-name", "Eve")
        second.click("#person-submit")
        second.wait_for_function("() => document.querySelector('#person-error').textContent.includes('invitation')")
        other.close()
        context.close()
    finally:
        s.close()


def test_the_owner_withdraws_an_invitation_from_the_page(browser, fresh_server):
    """People… lists the owner's invitations with who made each, whom it is for and its state; an
    open one is withdrawn with its button (here by keyboard), says so, and its link no longer
    makes a person. At 390 px the list fits the screen."""
    s = fresh_server
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=s.url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('workbench.user', 'owner')")
    page.goto(s.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.locator("#open-people").tap()
    page.locator("#invite-role").select_option("viewer")
    page.locator("#invite-make").tap()
    link = page.locator("#invite-link")
    link.wait_for()
    code = re.search(r"invite=(\w+)", link.get_attribute("href")).group(1)
    row = page.locator("#invitation-rows tr").first
    row.locator("button.invitation-withdraw").wait_for()
    cells = row.locator("td").all_inner_texts()
    number = s.get("/api/invitations", headers={"X-Workbench-Secret": s.owner_secret()}).json()["invitations"][0]["id"]
    assert cells[0].startswith(f"No. {number} · owner, ") and cells[1] == "A viewer" and cells[2].startswith("Open until "), cells
    # The note names it by the same number, and its link is copied whole.
    assert page.locator("#invite-result").inner_text().startswith(f"Invitation No. {number}, for one viewer: ")
    page.locator("#invite-copy").tap()
    page.wait_for_function("() => document.querySelector('#invite-copy').textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == link.get_attribute("href")
    # The link's note and the list say the expiry the same way.
    until = re.match(r"Open until (.+?)\s*(Withdraw)?$", cells[2]).group(1)
    assert page.locator("#invite-result").inner_text().endswith(f"(single use; it expires {until}. It is shown only now: the workbench keeps no copy of it, so hand it on before you make another)"), (until, page.locator("#invite-result").inner_text())
    for cell in row.locator("td").all():
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (cells, box)
    row.locator("button.invitation-withdraw").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#invitation-rows tr td:last-child').textContent === 'Withdrawn'")
    assert page.locator("#people-error").inner_text() == ""
    # The link on show was that invitation's: it goes, said so.
    assert page.locator("#invite-link").count() == 0 and page.locator("#invite-result").inner_text() == "Withdrawn: that link no longer makes anyone."
    listed = s.get("/api/invitations", headers={"X-Workbench-Secret": s.owner_secret()}).json()["invitations"]
    assert listed[0]["state"] == "revoked" and listed[0]["role"] == "viewer", listed
    # Its link no longer makes a person: the name dialog says why.
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    newcomer = other.new_page()
    newcomer.ask_name = True
    newcomer.goto(s.url + "/?invite=" + code)
    newcomer.locator("#person-dialog").wait_for(state="visible")
    newcomer.locator("#person-name").fill("Mallory")
    newcomer.locator("#person-name").press("Enter")
    newcomer.wait_for_function("() => document.querySelector('#person-error').textContent.length > 0")
    assert s.get("/api/people").json()["people"] and "Mallory" not in [p["name"] for p in s.get("/api/people").json()["people"]]
    # A new invitation used while People… stays open: the owner's list shows the newcomer and the
    # invitation's use without being opened again.
    page.locator("#invite-role").select_option("editor")
    page.locator("#invite-make").tap()
    page.wait_for_function("() => document.querySelector('#invitation-rows tr td:last-child').textContent.startsWith('Open until')")
    fresh = page.locator("#invite-link").get_attribute("href")
    newcomer.goto(s.url + "/?invite=" + re.search(r"invite=(\w+)", fresh).group(1))
    newcomer.locator("#person-name").fill("Nia")
    newcomer.locator("#person-name").press("Enter")
    newcomer.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#people-rows tr[data-person='Nia']")
    page.wait_for_function("() => document.querySelector('#invitation-rows tr td:last-child').textContent === 'Used by Nia'")
    assert page.locator("#people-dialog").evaluate("d => d.open")
    entries = s.get("/api/log", headers={"X-Workbench-Secret": s.owner_secret()}).json()
    assert any(e["kind"] == "people" and e["author"] == "Nia" and e["summary"] == "joined as an editor" for e in entries), entries
    other.close()
    context.close()
    assert errors == []
