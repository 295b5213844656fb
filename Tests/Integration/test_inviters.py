"""Invitations by a person the owner allows (#34.4): only the owner, or someone the owner allows
(`PUT /api/people/{name}/may-invite`, `workbench people allow-invite NAME`), may issue
invitations; everyone else gets 403 with a plain message. Only editors can be allowed.
The allowance is a person change, chained: a row added behind the workbench's back is refused."""
import subprocess

import requests

from workbench_server import BINARY, Server, opened_db, small_csv


def invite(person, role="editor"):
    return person.post("/api/invitations", json={"role": role})


def join(server, name, code):
    return requests.post(server.url + "/api/people", json={"name": name, "invitation": code}, headers={"Origin": server.url}, timeout=30)


def test_only_the_owner_and_people_the_owner_allows_invite():
    s = Server(data_csv=small_csv())
    try:
        owner = s.person("owner")
        ann, eve = s.person("Ann"), s.person("Eve")
        vic_joined = join(s, "Vic", s.invitation("viewer"))
        assert vic_joined.status_code == 201
        vic = type(ann)(s, "Vic", vic_joined.json()["secret"])

        refused = invite(ann)
        assert refused.status_code == 403, refused.text
        error = refused.json()["error"]
        assert error["code"] == "not_allowed_to_invite" and "owner" in error["message"] and "allow" in error["message"]
        assert ann.get("/api/people/me").json()["mayInvite"] is False

        # Only the owner allows.
        assert eve.put("/api/people/Ann/may-invite", json={"allowed": True}).status_code == 403
        assert owner.put("/api/people/Ann/may-invite", json={"allowed": "yes"}).status_code == 400
        allowed = owner.put("/api/people/Ann/may-invite", json={"allowed": True})
        assert allowed.status_code == 200 and allowed.json()["mayInvite"] is True
        assert ann.get("/api/people/me").json()["mayInvite"] is True
        listed = {p["name"]: p for p in owner.get("/api/people").json()["people"]}
        assert listed["Ann"]["mayInvite"] and not listed["Eve"]["mayInvite"]

        made = invite(ann, "editor")
        assert made.status_code == 201, made.text
        assert made.json()["invitation"]["issuedBy"] == "Ann"
        assert join(s, "Cid", made.json()["code"]).status_code == 201
        assert invite(eve).status_code == 403  # Eve still may not

        # A viewer cannot be allowed (viewers change nothing); the command line allows an editor.
        viewer = owner.put("/api/people/Vic/may-invite", json={"allowed": True})
        assert viewer.status_code == 403 and "viewer" in viewer.json()["error"]["message"]
        done = subprocess.run([BINARY, "people", "allow-invite", "Eve", "--presets", str(s.presets)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "Eve may now invite people" in done.stdout
        assert invite(eve, "viewer").status_code == 201
        # Made a viewer, she invites nobody any more.
        assert owner.put("/api/people/Eve/role", json={"role": "viewer"}).status_code == 200
        assert invite(eve, "viewer").status_code == 403

        # Taken back, and gone with a revoke.
        assert owner.put("/api/people/Ann/may-invite", json={"allowed": False}).json()["mayInvite"] is False
        assert invite(ann).status_code == 403
        assert owner.put("/api/people/Ann/may-invite", json={"allowed": True}).status_code == 200
        assert owner.post("/api/people/Ann/revoke", json={}).status_code == 200
        assert invite(ann).status_code == 401
    finally:
        s.stop()

    check = subprocess.run([BINARY, "history", "check", "--presets", str(s.presets)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stderr
    # An allowance added with sqlite3 is not in the chain: refused.
    with opened_db(s.presets / ".workbench.sqlite") as db:
        cid_id = db.execute("SELECT id FROM people WHERE name = 'Cid'").fetchone()[0]
        db.execute("INSERT INTO invite_rights(person_id, granted_at) VALUES (?, '2026-01-01T00:00:00.000Z')", (cid_id,))
    check = subprocess.run([BINARY, "history", "check", "--presets", str(s.presets)], capture_output=True, text=True, timeout=60)
    assert check.returncode != 0 and "invite right" in check.stderr and "behind the workbench's back" in check.stderr


def test_cli_refuses_an_unknown_person():
    s = Server(data_csv=small_csv())
    s.stop()
    done = subprocess.run([BINARY, "people", "allow-invite", "Nobody", "--presets", str(s.presets)], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and len(done.stderr.strip().splitlines()) == 1 and "Nobody" in done.stderr


def test_an_inviters_open_invitations_go_with_their_right_to_invite():
    """A code an inviter kept brings nobody in once they may no longer invite: revoked, no longer
    allowed, or made a viewer. Their open invitations are withdrawn with the change (the list
    says so), and a join asks the issuer's right again."""
    s = Server(data_csv=small_csv())
    try:
        owner = s.person("owner")
        people = {name: s.person(name) for name in ("Ann", "Bea", "Cal")}
        codes = {}
        for name, person in people.items():
            assert owner.put(f"/api/people/{name}/may-invite", json={"allowed": True}).status_code == 200
            made = invite(person)
            assert made.status_code == 201, made.text
            codes[name] = (made.json()["invitation"]["id"], made.json()["code"])
        kept = invite(people["Ann"], "viewer").json()  # used before the revoke: it stays used
        assert join(s, "Dot", kept["code"]).status_code == 201

        assert owner.post("/api/people/Ann/revoke", json={}).status_code == 200
        assert owner.put("/api/people/Bea/may-invite", json={"allowed": False}).status_code == 200
        assert owner.put("/api/people/Cal/role", json={"role": "viewer"}).status_code == 200

        listed = {i["id"]: i for i in owner.get("/api/invitations").json()["invitations"]}
        for name, (id, code) in codes.items():
            assert listed[id]["state"] == "revoked", (name, listed[id])
            refused = join(s, "New " + name, code)
            assert refused.status_code != 201 and "revoked" in refused.json()["error"]["message"], refused.text
        assert listed[kept["invitation"]["id"]]["state"] == "used by Dot"
        names = {p["name"] for p in owner.get("/api/people").json()["people"]}
        assert not {"New Ann", "New Bea", "New Cal"} & names
        # The owner's own invitations are untouched by all of it.
        assert join(s, "Eli", s.invitation("editor")).status_code == 201
    finally:
        s.stop()
    check = subprocess.run([BINARY, "history", "check", "--presets", str(s.presets)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stderr
