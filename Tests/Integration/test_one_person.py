"""One human, one person, against the real binary: joining needs a personal invitation (single
use, with a role and an expiry); on loopback only the first page joins without one, as the owner;
people and invitations outlive a restart; look-alike names are refused naming the name they
resemble; approvals count from distinct invited people, never from whoever brought the
parameters in anywhere (a duplicate, a save over another preset, a shared-draft edit); revoking
ends the person's event stream at once, removes them from presence and takes their approval back."""
import json
import re
import subprocess
import threading
import time
from urllib.parse import quote

import requests

from workbench_server import BINARY, Server, small_csv, wait_for


def join(s, name, code):
    return requests.post(s.url + "/api/people", json={"name": name, "invitation": code}, headers={"Origin": s.url}, timeout=10)


def save(person, name, parameters, **extra):
    r = person.put("/api/presets/" + quote(name), json={"parameters": parameters, **extra})
    assert r.status_code in (200, 201), r.text
    return r.json()["revision"]


def approve(person, name, revision):
    return person.post(f"/api/presets/{quote(name)}/reviews", json={"revision": revision, "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True})


def status(s, name):
    return s.get("/api/presets/" + quote(name)).json()["status"]


def test_joining_needs_an_invitation_used_once_and_before_it_expires(fresh_server):
    s = fresh_server
    owner = s.owner_secret()
    # Loopback, but the owner's page exists: no invitation, no person.
    r = requests.post(s.url + "/api/people", json={"name": "Mallory"}, headers={"Origin": s.url}, timeout=10)
    assert r.status_code == 403 and r.json()["error"]["code"] == "invitation_required" and r.json()["error"]["field"] == "invitation"
    assert requests.get(s.url + "/api/people/me", headers={"X-Workbench-Secret": owner}, timeout=10).json()["owner"] is True
    code = s.invitation("viewer")
    made = join(s, "Vic", code)
    assert made.status_code == 201 and made.json()["person"]["role"] == "viewer" and made.json()["person"]["invited"] is True
    again = join(s, "Vic's twin", code)
    assert again.status_code == 403 and "used already" in again.json()["error"]["message"]
    assert join(s, "Guess", "0" * 64).status_code == 403
    # A lifetime under a minute is refused at issue (expiry itself: test_an_expired_invitation_is_refused).
    short = requests.post(s.url + "/api/invitations", json={"role": "editor", "hours": 0.001}, timeout=10,
                          headers={"Origin": s.url, "X-Workbench-Secret": owner})
    assert short.status_code == 400 and short.json()["error"]["field"] == "hours"
    # Only the owner invites.
    vic = made.json()["secret"]
    assert requests.post(s.url + "/api/invitations", json={"role": "editor"}, timeout=10,
                         headers={"Origin": s.url, "X-Workbench-Secret": vic}).status_code == 403
    listed = requests.get(s.url + "/api/invitations", headers={"X-Workbench-Secret": owner}, timeout=10).json()["invitations"]
    assert any(i["state"] == "used by Vic" and i["role"] == "viewer" for i in listed)


def test_the_owner_withdraws_an_unused_invitation(fresh_server):
    """An invitation handed to the wrong person is withdrawn before anyone joins with it: its code
    stops working and the list says so; a used one is refused with 409 (revoke the person
    instead); only the owner withdraws; an id that is not one is named."""
    s = fresh_server
    owner = {"Origin": s.url, "X-Workbench-Secret": s.owner_secret()}

    def withdraw(id_, headers=owner):
        return requests.post(f"{s.url}/api/invitations/{id_}/withdraw", json={}, headers=headers, timeout=10)

    made = requests.post(s.url + "/api/invitations", json={"role": "editor"}, headers=owner, timeout=10).json()
    used = requests.post(s.url + "/api/invitations", json={"role": "viewer"}, headers=owner, timeout=10).json()
    vic = join(s, "Vic", used["code"])
    assert vic.status_code == 201
    # Vic may not withdraw anything, not even the one he used.
    refused = withdraw(made["invitation"]["id"], {"Origin": s.url, "X-Workbench-Secret": vic.json()["secret"]})
    assert refused.status_code == 403, refused.text
    r = withdraw(made["invitation"]["id"])
    assert r.status_code == 200, r.text
    states = {i["id"]: i["state"] for i in r.json()["invitations"]}
    assert states[made["invitation"]["id"]] == "revoked" and states[used["invitation"]["id"]] == "used by Vic", states
    assert join(s, "Mallory", made["code"]).status_code == 403
    # Withdrawing again changes nothing; a used one, an unknown one and a non-number are refused by name.
    assert withdraw(made["invitation"]["id"]).status_code == 200
    again = withdraw(used["invitation"]["id"])
    assert again.status_code == 409 and again.json()["error"]["code"] == "invitation_used" and again.json()["error"]["field"] == "id", again.text
    assert "revoke the person instead" in again.json()["error"]["message"]
    unknown = withdraw(999999)
    assert unknown.status_code == 404 and unknown.json()["error"]["field"] == "id" and "invitation 999999" in unknown.json()["error"]["message"]
    for bad in ("x", "0", "-1", "99999999999999999999999"):
        wrong = withdraw(bad)
        assert wrong.status_code == 400 and wrong.json()["error"]["field"] == "id", (bad, wrong.text)
    listed = requests.get(s.url + "/api/invitations", headers=owner, timeout=10).json()["invitations"]
    assert [i["state"] for i in listed if i["id"] == made["invitation"]["id"]] == ["revoked"], listed


def test_the_first_loopback_page_is_the_owners_and_people_survive_a_restart(tmp_path):
    first = Server(data_csv=small_csv())
    try:
        r = requests.post(first.url + "/api/people", json={"name": "Dana"}, headers={"Origin": first.url}, timeout=10)
        assert r.status_code == 201 and r.json()["person"]["owner"] is True and r.json()["person"]["name"] == "Dana"
        owner = r.json()["secret"]
        code = requests.post(first.url + "/api/invitations", json={"role": "editor"}, timeout=10,
                             headers={"Origin": first.url, "X-Workbench-Secret": owner}).json()["code"]
        pending = requests.post(first.url + "/api/invitations", json={"role": "viewer"}, timeout=10,
                                headers={"Origin": first.url, "X-Workbench-Secret": owner}).json()["code"]
        ben = join(first, "Ben", code).json()["secret"]
        first.stop()
        again = Server(data_csv=small_csv(), presets_dir=first.presets)
        try:
            me = requests.get(again.url + "/api/people/me", headers={"X-Workbench-Secret": ben}, timeout=10)
            assert me.status_code == 200 and me.json()["name"] == "Ben"
            assert requests.get(again.url + "/api/people/me", headers={"X-Workbench-Secret": owner}, timeout=10).json()["owner"] is True
            # An invitation issued before the restart still works, once.
            assert join(again, "Cleo", pending).status_code == 201
            # The owner's page was claimed before: a second loopback page is nobody.
            assert requests.post(again.url + "/api/people", json={"name": "Eve"}, headers={"Origin": again.url}, timeout=10).status_code == 403
            # The log tells who took the owner's page and who joined, each once (Eve is not there).
            log = requests.get(again.url + "/api/log", headers={"X-Workbench-Secret": owner}, timeout=10).json()
            joins = sorted((e["author"], e["summary"]) for e in log if e["kind"] == "people")
            assert joins == [("Ben", "joined as an editor"), ("Cleo", "joined as a viewer"), ("Dana", "joined as the owner (the first page on this machine)")], joins
        finally:
            again.stop()
    finally:
        first.close()


def test_look_alike_names_are_refused_naming_the_name_they_resemble(fresh_server):
    s = fresh_server
    s.owner_secret()
    s.person("Ben Smith")
    for look_alike, resembles in [("\u043ewner", "owner"), ("Ben\u00a0Smith", "Ben Smith"), ("\U0001d401en Smith", "Ben Smith"),
                                  ("Presets  Folder", "presets folder"), ("B\u0435n Smith", "Ben Smith")]:
        r = join(s, look_alike, s.invitation())
        assert r.status_code == 409, (look_alike, r.text)
        assert r.json()["error"]["code"] == "name_look_alike" and f"looks like “{resembles}”" in r.json()["error"]["message"], r.text
    # A blank drawn by a symbol (the Braille blank) or a filler letter, anywhere in a name, is
    # refused by name: "Ben Smith⠀" read as "Ben Smith" and joined as a second person.
    for blank in ["Ben Smith\u2800", "\u2800Ben Smith", "B\u2800en Smith", "Ben Smith\u3164"]:
        r = join(s, blank, s.invitation())
        assert r.status_code == 400 and "invisible" in r.json()["error"]["message"] and "U+" in r.json()["error"]["message"], (blank, r.text)
    assert join(s, "Benjamin", s.invitation()).status_code == 201


def test_a_second_identity_and_laundered_parameters_do_not_approve(fresh_server):
    s = fresh_server
    pm, designer, reviewer = s.person("Pat"), s.person("Dee"), s.person("Rae")
    # The PM's own values, brought in by her as "Mine".
    mine = {"markerRadius": 7, "inactiveLineWidth": 5.5}
    save(pm, "Mine", mine)
    # Duplicated, and saved over another preset: her parameters still.
    dup = save(pm, "Mine copy", mine, **{"from": "Mine"})
    assert approve(pm, "Mine copy", dup).status_code == 403
    over = save(designer, "Default", mine)
    assert approve(pm, "Default", over).json()["error"]["code"] == "own_work"
    # Explore best / round candidate equal to her values, saved by someone else: still hers.
    best = save(reviewer, "Explore best", mine)
    assert approve(pm, "Explore best", best).status_code == 403
    # Another person approves: counted.
    assert approve(reviewer, "Mine copy", dup).status_code == 201
    assert status(s, "Mine copy")["state"] == "approved"
    # The shared draft: the designer edits, the PM presses Save; the designer's approval would be of her own work.
    save(pm, "Shared", {"markerRadius": 3})
    edit = designer.post("/api/drafts/Shared/changes", json={"parameters": {"indicatorDash": 5}, "step": "d1"})
    assert edit.status_code == 200, edit.text
    saved = save(pm, "Shared", {"markerRadius": 3, "indicatorDash": 5})
    r = approve(designer, "Shared", saved)
    assert r.status_code == 403 and r.json()["error"]["code"] == "own_work", r.text
    assert approve(reviewer, "Shared", saved).status_code == 201
    # An edit taken back changes nothing: the saved parameters are not the reviewer's work, and
    # her approval of them still counts after a notes-only save.
    for value, step in ((7, "r1"), (5, "r2")):
        edit = reviewer.post("/api/drafts/Shared/changes", json={"parameters": {"indicatorDash": value}, "step": step})
        assert edit.status_code == 200, edit.text
    notes = save(pm, "Shared", {"markerRadius": 3, "indicatorDash": 5})
    assert status(s, "Shared")["state"] == "approved", status(s, "Shared")
    assert reviewer.get("/api/presets/Shared").json()["yourReview"]["mayDecide"] is True, notes


def test_approvals_count_from_distinct_invited_people_and_revoking_takes_them_back():
    s = Server("--approvals", "2", data_csv=small_csv())
    try:
        owner = s.owner_secret()
        author, ben, cleo = s.person("Ann"), s.person("Ben"), s.person("Cleo")
        rev = save(author, "Pick", {"markerRadius": 6})
        assert approve(ben, "Pick", rev).status_code == 201
        assert status(s, "Pick")["state"] != "approved"
        assert approve(cleo, "Pick", rev).status_code == 201
        assert status(s, "Pick")["state"] == "approved"
        # Ben's open event stream and his place in presence.
        stream = requests.get(s.url + "/api/events", params={"client": "ben-page", "secret": ben.secret}, stream=True, timeout=10)
        assert wait_for(lambda: any(p["user"] == "Ben" for p in s.get("/api/session").json()["people"]))
        ended = threading.Event()

        def read():
            try:
                for _ in stream.iter_content(chunk_size=None):
                    pass
            except requests.RequestException:
                pass
            ended.set()
        threading.Thread(target=read, daemon=True).start()
        started = time.time()
        r = requests.post(s.url + "/api/people/Ben/revoke", json={}, headers={"Origin": s.url, "X-Workbench-Secret": owner}, timeout=10)
        assert r.status_code == 200 and r.json()["revoked"] is True
        assert ended.wait(1.5) and time.time() - started < 1.5, "the revoked person's event stream is still open"
        assert not any(p["user"] == "Ben" for p in s.get("/api/session").json()["people"])
        st = status(s, "Pick")
        assert st["state"] != "approved" and st["notCounted"] == ["Ben (revoked)"], st
        assert ben.get("/api/people/me").status_code == 401
        log = s.get("/api/log").json()
        assert any(e["kind"] == "people" and e["summary"] == "revoked Ben's access" and e["author"] == "owner" for e in log), log[:3]
        # Only the owner revokes and changes roles.
        assert cleo.post("/api/people/Ann/revoke", json={}).status_code == 403
        assert cleo.put("/api/people/Ann/role", json={"role": "viewer"}).status_code == 403
        # The owner gives Ben back: a restoring invitation, same person and name.
        code = requests.post(s.url + "/api/people/Ben/restore", json={}, headers={"Origin": s.url, "X-Workbench-Secret": owner}, timeout=10).json()["code"]
        back = join(s, "ignored", code)
        assert back.status_code == 201 and back.json()["person"]["name"] == "Ben" and back.json()["person"]["revoked"] is False
        assert status(s, "Pick")["state"] == "approved"
    finally:
        s.close()


def test_the_owner_changes_a_role(fresh_server):
    s = fresh_server
    owner = s.owner_secret()
    phone = s.person("Phone")
    headers = {"Origin": s.url, "X-Workbench-Secret": owner}
    r = requests.put(s.url + "/api/people/Phone/role", json={"role": "viewer"}, headers=headers, timeout=10)
    assert r.status_code == 200 and r.json()["role"] == "viewer"
    assert phone.put("/api/presets/Nope", json={"parameters": {}}).status_code == 403
    assert requests.put(s.url + "/api/people/Phone/role", json={"role": "editor"}, headers=headers, timeout=10).json()["role"] == "editor"
    assert phone.put("/api/presets/Yes", json={"parameters": {}}).status_code == 201
    assert requests.put(s.url + "/api/people/Phone/role", json={"role": "boss"}, headers=headers, timeout=10).status_code == 400


def shared_links(server):
    """The editor and viewer links `serve --share` printed: (token, invitation) each."""
    text = "".join(server.process.stdout.readline() for _ in range(6))
    found = re.findall(r"/\?token=(\w+)&invite=(\w+)", text)
    assert len(found) == 2, text
    return found


def test_join_links_and_people_survive_a_restart_until_revoked(tmp_path):
    first = Server("--share", data_csv=small_csv())
    try:
        (editor, invitation), (viewer, _) = shared_links(first)
        token = {"X-Workbench-Token": editor}
        made = requests.post(first.url + "/api/people", json={"name": "Phone", "invitation": invitation}, headers={"Origin": first.url, **token}, timeout=10)
        assert made.status_code == 201 and made.json()["person"]["role"] == "editor", made.text
        secret = made.json()["secret"]
        first.stop()
        again = Server("--share", data_csv=small_csv(), presets_dir=first.presets)
        try:
            shared_links(again)
            me = requests.get(again.url + "/api/people/me", headers={**token, "X-Workbench-Secret": secret}, timeout=10)
            assert me.status_code == 200 and me.json()["name"] == "Phone"
            assert requests.get(again.url + "/api/session", headers={"X-Workbench-Token": viewer}, timeout=10).json()["role"] == "viewer"
            listed = subprocess.run([BINARY, "links", "list", "--presets", str(first.presets)], capture_output=True, text=True)
            assert listed.returncode == 0 and listed.stdout.count("join link") == 4 and "used by Phone" in listed.stdout, listed.stdout
            first_link = re.search(r"^(L\d+)\tjoin link\teditor", listed.stdout, re.M).group(1)
            revoked = subprocess.run([BINARY, "links", "revoke", first_link, "--presets", str(first.presets)], capture_output=True, text=True)
            assert revoked.returncode == 0, revoked.stderr
            assert requests.get(again.url + "/api/schema", headers=token, timeout=10).status_code == 401
            bad = subprocess.run([BINARY, "links", "revoke", "Q7", "--presets", str(first.presets)], capture_output=True, text=True)
            assert bad.returncode != 0 and bad.stderr.count("\n") == 1 and "ID" in bad.stderr
        finally:
            again.stop()
    finally:
        first.close()


def test_people_role_and_restore_on_the_command_line(fresh_server):
    s = fresh_server
    s.person("Ada")
    folder = str(s.presets)
    role = subprocess.run([BINARY, "people", "role", "Ada", "viewer", "--presets", folder], capture_output=True, text=True)
    assert role.returncode == 0 and "Ada is now a viewer" in role.stdout, role.stderr
    assert s.person("Ada").put("/api/presets/X", json={"parameters": {}}).status_code == 403
    bad = subprocess.run([BINARY, "people", "role", "Ada", "boss", "--presets", folder], capture_output=True, text=True)
    assert bad.returncode != 0 and "role" in bad.stderr
    assert subprocess.run([BINARY, "people", "revoke", "Ada", "--presets", folder], capture_output=True, text=True).returncode == 0
    restored = subprocess.run([BINARY, "people", "restore", "Ada", "--presets", folder], capture_output=True, text=True)
    assert restored.returncode == 0, restored.stderr
    code = restored.stdout.strip().splitlines()[-1]
    back = join(s, "whatever", code)
    assert back.status_code == 201 and back.json()["person"]["name"] == "Ada" and back.json()["person"]["role"] == "viewer"


def test_a_revoke_on_the_command_line_closes_the_open_stream_too(fresh_server):
    s = fresh_server
    ada = s.person("Ada")
    stream = requests.get(s.url + "/api/events", params={"client": "ada-page", "secret": ada.secret}, stream=True, timeout=10)
    assert wait_for(lambda: any(p["user"] == "Ada" for p in s.get("/api/session").json()["people"]))
    ended = threading.Event()

    def read():
        try:
            for _ in stream.iter_content(chunk_size=None):
                pass
        except requests.RequestException:
            pass
        ended.set()
    threading.Thread(target=read, daemon=True).start()
    revoked = subprocess.run([BINARY, "people", "revoke", "Ada", "--presets", str(s.presets)], capture_output=True, text=True)
    assert revoked.returncode == 0, revoked.stderr
    # The server looks for revocations made elsewhere once a second.
    assert ended.wait(3), "the stream of a person revoked on the command line is still open"
    assert not any(p["user"] == "Ada" for p in s.get("/api/session").json()["people"])


def test_whoever_started_a_round_of_variations_cannot_approve_a_saved_variation(fresh_server):
    s = fresh_server
    sam, rae, ted = s.person("Sam"), s.person("Rae"), s.person("Ted")
    created = sam.post("/api/rounds", json={"variationsOf": "Default", "count": 1})
    assert created.status_code == 201, created.text
    round_id = created.json()["id"]
    # Rae votes (a round is closed and saved from by who started it or voted in it).
    pair = rae.get(f"/api/rounds/{round_id}/next").json()
    assert rae.post(f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "left"}).status_code == 201
    assert sam.post(f"/api/rounds/{round_id}/close", json={}).status_code == 200
    ranking = s.get(f"/api/rounds/{round_id}").json()["ranking"]
    variation = next(e for e in ranking if "variation" in e["name"])
    saved = rae.post(f"/api/rounds/{round_id}/candidates/{variation['candidate']}/save", json={"name": "Round pick"})
    assert saved.status_code == 201, saved.text
    revision = saved.json()["revision"]
    refused = approve(sam, "Round pick", revision)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "own_work", refused.text
    assert approve(ted, "Round pick", revision).status_code == 201


def test_a_second_identity_of_the_author_cannot_be_made_to_approve(fresh_server):
    s = fresh_server
    code = s.invitation("editor")
    ann = join(s, "Ann", code)
    assert ann.status_code == 201
    secret = ann.json()["secret"]
    rev = requests.put(s.url + "/api/presets/Hers", json={"parameters": {"markerRadius": 8}}, headers={"Origin": s.url, "X-Workbench-Secret": secret}, timeout=10)
    assert rev.status_code == 201, rev.text
    # "Ann at home": no invitation, her own used one, or a guessed one: nobody new.
    for attempt in ({"name": "Ann at home"}, {"name": "Ann at home", "invitation": code}, {"name": "Ann at home", "invitation": "ab" * 32}):
        r = requests.post(s.url + "/api/people", json=attempt, headers={"Origin": s.url}, timeout=10)
        assert r.status_code == 403 and r.json()["error"]["code"] == "invitation_required", r.text
    names = [p["name"] for p in s.get("/api/people").json()["people"]]
    assert "Ann at home" not in names
    own = requests.post(s.url + "/api/presets/Hers/reviews", json={"revision": rev.json()["revision"], "decision": "approve", "acknowledgeReadability": True, "acknowledgeHonesty": True},
                        headers={"Origin": s.url, "X-Workbench-Secret": secret}, timeout=10)
    assert own.status_code == 403 and own.json()["error"]["code"] == "own_work"


def test_a_phone_that_joined_through_the_viewer_link_becomes_an_editor_through_the_owner():
    s = Server("--share", data_csv=small_csv())
    try:
        (editor, _), (viewer, viewer_invitation) = shared_links(s)
        made = requests.post(s.url + "/api/people", json={"name": "Phone", "invitation": viewer_invitation},
                             headers={"Origin": s.url, "X-Workbench-Token": viewer}, timeout=10)
        assert made.status_code == 201 and made.json()["person"]["role"] == "viewer"
        phone = {"Origin": s.url, "X-Workbench-Token": viewer, "X-Workbench-Secret": made.json()["secret"]}
        assert requests.put(s.url + "/api/presets/Mine", json={"parameters": {}}, headers=phone, timeout=10).status_code == 403
        # Opening the editor link later changes nothing by itself: the person is a viewer.
        assert requests.put(s.url + "/api/presets/Mine", json={"parameters": {}}, headers={**phone, "X-Workbench-Token": editor}, timeout=10).status_code == 403
        # A viewer link alone, without a person, still writes nothing.
        assert requests.put(s.url + "/api/presets/Mine", json={"parameters": {}}, headers={"Origin": s.url, "X-Workbench-Token": viewer}, timeout=10).status_code == 403
        owner = requests.post(s.url + "/api/people", json={"name": "owner"}, headers={"Origin": s.url, "X-Workbench-Token": editor}, timeout=10).json()["secret"]
        r = requests.put(s.url + "/api/people/Phone/role", json={"role": "editor"}, timeout=10,
                         headers={"Origin": s.url, "X-Workbench-Token": editor, "X-Workbench-Secret": owner})
        assert r.status_code == 200, r.text
        assert requests.put(s.url + "/api/presets/Mine", json={"parameters": {}}, headers=phone, timeout=10).status_code == 201
        assert requests.get(s.url + "/api/session", headers=phone, timeout=10).json()["role"] == "editor"
    finally:
        s.close()


def test_an_explore_edit_the_saved_best_carries_is_its_authors_own_work(fresh_server):
    """An edit by hand in an Explore round is that person's values: when the best saved from the
    round holds them, their approval would be of their own work (the attack pass's F4)."""
    s = fresh_server
    dee, pat, rae = s.person("Dee"), s.person("Pat"), s.person("Rae")
    started = dee.post("/api/explore", json={"preset": "Default", "parameters": ["inactiveCurve"], "endWhenStable": False, "seed": 5}).json()
    rid, start = started["id"], started["start"]["values"]["inactiveCurve"]
    kept = "stepCenter" if start != "stepCenter" else "linear"
    r = pat.post(f"/api/explore/{rid}/edits", json={"values": {"inactiveCurve": kept}})
    assert r.status_code == 201, r.text
    assert dee.get(f"/api/explore/{rid}/best").json()["values"]["inactiveCurve"] == kept   # one answer: the kept value beats the start
    saved = dee.post(f"/api/explore/{rid}/save", json={"name": "Edited best"})
    assert saved.status_code == 201, saved.text
    revision = saved.json()["revision"]
    review = pat.get("/api/presets/Edited best").json()["yourReview"]
    assert review["mayDecide"] is False and "by hand in Explore" in review["why"], review
    r = approve(pat, "Edited best", revision)
    assert r.status_code == 403 and r.json()["error"]["code"] == "own_work", r.text
    # Someone who only watched may approve it; so may the saver's other reviewers.
    assert rae.get("/api/presets/Edited best").json()["yourReview"]["mayDecide"] is True
    assert approve(rae, "Edited best", revision).status_code == 201


def test_an_explore_best_a_step_beyond_an_edit_is_still_its_authors_work(fresh_server):
    """The model's best often lands beside an edit by hand, not on it (an attack pass saved 8 px
    after an edit to 7.5 and approved it as not its own). A best nearer the edited value than the
    value the edit replaced carries the edit; one the other way does not. Renamed, the editor is
    still themself."""
    s = fresh_server
    dee, pat, rae = s.person("Dee"), s.person("Pat"), s.person("Rae")
    for kept, name in [(7.5, "Beside"), (9, "Beside again")]:
        started = dee.post("/api/explore", json={"preset": "Default", "parameters": ["inactiveLineWidth"], "endWhenStable": False, "seed": 4}).json()
        rid, start = started["id"], started["start"]["values"]["inactiveLineWidth"]
        r = pat.post(f"/api/explore/{rid}/edits", json={"values": {"inactiveLineWidth": kept}})
        assert r.status_code == 201, r.text
        best = r.json()["best"]["values"]["inactiveLineWidth"]
        assert abs(best - kept) < abs(best - start), (best, kept, start)   # nearer the edit than the start
        if name == "Beside again":   # renamed before the save: the edit is still theirs
            renamed = subprocess.run([BINARY, "people", "rename", "Pat", "Patrice", "--presets", str(s.presets)], capture_output=True, text=True, timeout=60)
            assert renamed.returncode == 0, renamed.stderr
        saved = dee.post(f"/api/explore/{rid}/save", json={"name": name})
        assert saved.status_code == 201, saved.text
        assert pat.get(f"/api/presets/{quote(name)}").json()["yourReview"]["mayDecide"] is False, (name, best)
        assert approve(pat, name, saved.json()["revision"]).json()["error"]["code"] == "own_work"
        assert approve(rae, name, saved.json()["revision"]).status_code == 201


def test_an_edit_stays_its_authors_work_when_a_later_save_changes_another_value(fresh_server):
    """Own work follows each value, not the whole set: an edit carried by one save is still its
    author's in a later save that changes another value (a shared-draft edit under a colleague's
    save, an Explore edit under a second round from the saved best), until a revision holding it
    is approved by others; then a save from it asks only about what it changed."""
    s = fresh_server
    pat, dee, rae, kit = s.person("Pat"), s.person("Dee"), s.person("Rae"), s.person("Kit")
    save(pat, "Lab", {"markerRadius": 3})
    assert dee.post("/api/drafts/Lab/changes", json={"parameters": {"inactiveLineWidth": 7}, "step": "d1"}).status_code == 200
    save(pat, "Lab", {"markerRadius": 3, "inactiveLineWidth": 7})
    over = save(rae, "Lab", {"markerRadius": 4, "inactiveLineWidth": 7})
    for person in (dee, pat):   # Dee's width and Pat's save of it are still there
        r = approve(person, "Lab", over)
        assert r.status_code == 403 and r.json()["error"]["code"] == "own_work", r.text
    assert dee.get("/api/presets/Lab").json()["yourReview"]["mayDecide"] is False
    assert approve(kit, "Lab", over).status_code == 201 and status(s, "Lab")["state"] == "approved"
    # Reviewed by Kit, the width is no longer what Dee's approval would be about: Rae's next change is.
    after = save(rae, "Lab", {"markerRadius": 5, "inactiveLineWidth": 7})
    assert approve(dee, "Lab", after).status_code == 201

    # Explore: Pat's curve, kept by hand and saved by Dee; a second round from that best, on the
    # width alone, with Rae's edit, saved by Kit: the curve is still Pat's.
    started = dee.post("/api/explore", json={"preset": "Default", "parameters": ["inactiveCurve"], "endWhenStable": False, "seed": 5}).json()
    curve = "stepCenter" if started["start"]["values"]["inactiveCurve"] != "stepCenter" else "linear"
    assert pat.post(f"/api/explore/{started['id']}/edits", json={"values": {"inactiveCurve": curve}}).status_code == 201
    assert dee.post(f"/api/explore/{started['id']}/save", json={"name": "First best"}).status_code == 201
    second = kit.post("/api/explore", json={"preset": "First best", "parameters": ["inactiveLineWidth"], "endWhenStable": False, "seed": 6}).json()
    assert rae.post(f"/api/explore/{second['id']}/edits", json={"values": {"inactiveLineWidth": 9}}).status_code == 201
    saved = kit.post(f"/api/explore/{second['id']}/save", json={"name": "Second best"})
    assert saved.status_code == 201, saved.text
    assert s.get("/api/presets/Second best").json()["parameters"]["inactiveCurve"] == curve
    for person in (pat, rae):
        r = approve(person, "Second best", saved.json()["revision"])
        assert r.status_code == 403 and r.json()["error"]["code"] == "own_work", r.text
    assert approve(dee, "Second best", saved.json()["revision"]).status_code == 403   # she saved the first best
    assert approve(s.person("Lou"), "Second best", saved.json()["revision"]).status_code == 201   # who only watched


def test_an_edit_stays_its_authors_work_past_a_renamed_or_deleted_base_a_long_draft_and_a_round_of_variations(fresh_server):
    """The ways two attack passes cut an edit from its author: the preset an Explore round started
    from renamed before its best was saved; a preset deleted and saved again; a copy saved into a
    name once deleted; a key this version does not know beside the edit; a file changed by hand;
    260 later changes in the shared draft pushing the edit out of the draft's list, or 64 other
    drafts pushing the draft itself out; a blind round's variations of the preset. Each later
    revision still holds Dee's value, and her approval is refused."""
    s = fresh_server
    dee, pat, rae, kit = s.person("Dee"), s.person("Pat"), s.person("Rae"), s.person("Kit")

    def refused(name, revision):
        r = approve(dee, name, revision)
        assert r.status_code == 403 and r.json()["error"]["code"] == "own_work", (name, r.text)

    # Explore: the round's start is what the best is measured against, whatever its preset is called now.
    save(dee, "Start", {"inactiveLineWidth": 8.5})
    rid = kit.post("/api/explore", json={"preset": "Start", "parameters": ["inactiveCurve"], "endWhenStable": False, "seed": 3}).json()["id"]
    assert dee.post("/api/presets/Start/rename", json={"newName": "Renamed"}).status_code == 200
    curve = "stepCenter" if s.get("/api/presets/Renamed").json()["parameters"]["inactiveCurve"] != "stepCenter" else "linear"
    assert rae.post(f"/api/explore/{rid}/edits", json={"values": {"inactiveCurve": curve}}).status_code == 201
    best = kit.post(f"/api/explore/{rid}/save", json={"name": "From start"})
    assert best.status_code == 201 and s.get("/api/presets/From start").json()["parameters"]["inactiveLineWidth"] == 8.5, best.text
    refused("From start", best.json()["revision"])

    # Deleted, then saved again by someone else with one more change.
    save(dee, "Gone", {"inactiveLineWidth": 9.5})
    assert dee.request("DELETE", "/api/presets/Gone").status_code == 200
    refused("Gone", save(rae, "Gone", {"inactiveLineWidth": 9.5, "markerRadius": 4}))

    # A copy saved into a name once deleted is measured against what it was copied from too.
    save(dee, "Source", {"inactiveLineWidth": 11.5})
    save(rae, "Slot", {"markerRadius": 2})
    assert rae.request("DELETE", "/api/presets/Slot").status_code == 200
    refused("Slot", save(kit, "Slot", {"inactiveLineWidth": 11.5, "indicatorDash": 4}, **{"from": "Source"}))

    # A key this version does not know, which a round's start drops, does not hide who set the others.
    save(dee, "Unknown", {"inactiveLineWidth": 3.5, "futureKnob": 1})
    rid = kit.post("/api/explore", json={"preset": "Unknown", "parameters": ["inactiveCurve"], "endWhenStable": False, "seed": 3}).json()["id"]
    assert rae.post(f"/api/explore/{rid}/edits", json={"values": {"inactiveCurve": curve}}).status_code == 201
    best = kit.post(f"/api/explore/{rid}/save", json={"name": "Unknown best"})
    assert best.status_code == 201, best.text
    refused("Unknown best", best.json()["revision"])

    # A file changed by hand keeps whoever set the values it did not change.
    save(dee, "Hand", {"inactiveLineWidth": 10.5})
    path = next(p for p in s.presets.glob("*.json") if json.loads(p.read_text())["name"] == "Hand")
    file = json.loads(path.read_text())
    file["parameters"]["markerRadius"] = 4
    path.write_text(json.dumps(file))
    taken = s.get("/api/presets/Hand").json()
    assert taken["revision"] == "2" and taken["parameters"]["markerRadius"] == 4, taken
    refused("Hand", "2")

    # The draft keeps its last 256 changes; who changed each key is kept apart from them.
    save(pat, "Long", {"markerRadius": 3})
    assert dee.post("/api/drafts/Long/changes", json={"parameters": {"inactiveLineWidth": 7}, "step": "d0"}).status_code == 200
    for i in range(260):
        assert dee.post("/api/drafts/Long/changes", json={"parameters": {"markerRadius": 4 if i % 2 == 0 else 3}, "step": f"t{i}"}).status_code == 200
    assert len(s.get("/api/drafts/Long").json()["changes"]) <= 256
    refused("Long", save(pat, "Long", {"markerRadius": 3, "inactiveLineWidth": 7}))

    # A draft evicted by edits to 64 others keeps who changed it, for a page that still shows and saves its values.
    save(pat, "Evicted", {"markerRadius": 3})
    assert dee.post("/api/drafts/Evicted/changes", json={"parameters": {"inactiveLineWidth": 7.5}, "step": "e0"}).status_code == 200
    for i in range(66):
        save(kit, f"Other {i}", {"markerRadius": 3})
        assert dee.post(f"/api/drafts/{quote(f'Other {i}')}/changes", json={"parameters": {"markerRadius": 4}, "step": f"o{i}"}).status_code == 200
    assert s.get("/api/drafts/Evicted").json()["parameters"]["inactiveLineWidth"] != 7.5   # the draft is gone
    refused("Evicted", save(pat, "Evicted", {"markerRadius": 5, "inactiveLineWidth": 7.5}))

    # Variations keep most of the original's values (each is changed with a small chance).
    mine = {"inactiveLineWidth": 6.5, "markerRadius": 6, "fillTopOpacity": 0.4, "indicatorDash": 5, "activeLineWidth": 4.5}
    save(dee, "Hers", mine)
    round_id = rae.post("/api/rounds", json={"variationsOf": "Hers", "count": 7}).json()["id"]
    pair = kit.get(f"/api/rounds/{round_id}/next").json()
    assert kit.post(f"/api/rounds/{round_id}/votes", json={"pair": pair["pair"], "choice": "left"}).status_code == 201
    assert rae.post(f"/api/rounds/{round_id}/close", json={}).status_code == 200
    for index, entry in enumerate(e for e in s.get(f"/api/rounds/{round_id}").json()["ranking"] if "variation" in e["name"]):
        saved = kit.post(f"/api/rounds/{round_id}/candidates/{entry['candidate']}/save", json={"name": f"Pick {index}"})
        assert saved.status_code == 201, saved.text
        values = s.get(f"/api/presets/Pick {index}").json()["parameters"]
        if any(values[key] == value for key, value in mine.items()):
            refused(f"Pick {index}", saved.json()["revision"])
        else:
            assert approve(dee, f"Pick {index}", saved.json()["revision"]).status_code == 201


def test_an_explore_edit_off_the_rounds_grid_is_refused_by_name(fresh_server):
    s = fresh_server
    dee = s.person("Dee")
    rid = dee.post("/api/explore", json={"preset": "Default", "parameters": ["inactiveLineWidth"], "endWhenStable": False, "seed": 4}).json()["id"]
    r = dee.post(f"/api/explore/{rid}/edits", json={"values": {"inactiveLineWidth": 9.2}})
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["field"] == "values.inactiveLineWidth" and error["message"].endswith("the nearest value on it is 9"), error
    assert dee.get(f"/api/explore/{rid}").json()["answers"] == 0
