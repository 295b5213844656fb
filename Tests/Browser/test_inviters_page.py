"""Invitations by a person the owner allows, in Chromium (#34.4): the owner ticks "May invite" for
Ann in People…; Ann's page then offers People… with the invitation part only, and her click
makes a working invitation link."""
import requests

from test_page import sync_api  # noqa: F401  (fixtures)
from workbench_server import wait_for


def may_invite(server, name):
    people = server.get("/api/people").json()["people"]
    return next(p["mayInvite"] for p in people if p["name"] == name)


def open_page(browser, server, user):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('workbench.user', '{user}')")
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    return context, page


def test_the_owner_allows_a_person_to_invite_from_the_page(browser, fresh_server):
    s = fresh_server
    s.person("Ann")
    anns, ann = open_page(browser, s, "Ann")
    assert ann.locator("#open-people").is_hidden()
    anns.close()

    owners, owner = open_page(browser, s, "owner")
    owner.click("#open-people")
    box = owner.locator('#people-rows tr[data-person="Ann"] input.person-may-invite')
    box.wait_for()
    assert not box.is_checked()
    box.click()
    assert wait_for(lambda: may_invite(s, "Ann"), timeout=5)
    owners.close()

    anns, ann = open_page(browser, s, "Ann")
    ann.click("#open-people")
    assert ann.locator("#people-table").is_hidden() and ann.locator("#people-inviter-hint").is_visible()
    ann.click("#invite-make")
    ann.wait_for_function("() => document.querySelector('#invite-link')?.href.includes('invite=')")
    code = ann.locator("#invite-link").get_attribute("href").split("invite=")[1]
    joined = requests.post(s.url + "/api/people", json={"name": "Bo", "invitation": code}, headers={"Origin": s.url}, timeout=10)
    assert joined.status_code == 201, joined.text
    assert ann.locator("#people-error").inner_text() == ""
    anns.close()
