"""Starts the real `workbench` binary on a free port for tests, and stops it."""
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from urllib.parse import unquote

import pytest
import requests

NAME_HEADERS = ("X-Workbench-User", "X-Workbench-Author")

ROOT = Path(__file__).resolve().parent.parent
BINARY = os.environ.get("WORKBENCH_BIN", str(ROOT / ".build" / "debug" / "workbench"))

# The workbench's own state (signing key, the history's signed head) lives outside the presets
# folder, by default under $XDG_STATE_HOME: tests keep it in a temporary folder of their own, so
# every server (and every command run on the same presets folder) has its own state there.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="workbench-state-")


def copy_shipped_presets(folder):
    """The repository's shipped preset files copied into `folder`: only the JSON files git holds,
    never the history, key or temporary files a running command may be writing beside them."""
    folder = Path(folder)
    folder.mkdir(parents=True)
    for file in sorted((ROOT / "Presets").glob("*.json")):
        shutil.copy(file, folder)
    return folder


@contextmanager
def opened_db(path):
    """A connection to a history database, committed and closed when the block ends. Python's
    `with sqlite3.connect(...)` only commits: the connection lives on in a reference cycle until
    the garbage collector frees it, at any later moment, and closing it then as the last
    connection removes the -wal and -shm files under whatever is reading the folder (a later
    test's copy of it failed in CI on exactly that)."""
    db = sqlite3.connect(path)
    try:
        with db:
            yield db
    finally:
        db.close()


def small_csv(rows=2000, start=1_600_000_000, step=3600, bad_line=None):
    """A deterministic hourly price CSV made here (tests never read ../shared)."""
    lines = ["timestamp,open,high,low,close,volume"]
    price = 20_000.0
    for i in range(rows):
        price *= 1 + 0.01 * ((i * 7919) % 13 - 6) / 6
        close = f"{price:.2f}"
        if bad_line is not None and len(lines) + 1 == bad_line:
            close = "12x.5"
        lines.append(f"{start + i * step},{price:.2f},{price * 1.01:.2f},{price * 0.99:.2f},{close},{i % 97}")
    return "\n".join(lines) + "\n"


class Server:
    def __init__(self, *args, data_csv=None, presets=None, host=None, presets_dir=None):
        self.dir = Path(tempfile.mkdtemp(prefix="workbench-test-"))
        self.presets = Path(presets_dir) if presets_dir else self.dir / "Presets"
        if presets_dir:
            pass  # another server's folder, served again as it is
        elif presets is None:
            copy_shipped_presets(self.presets)
        else:
            # No preset at all: a folder that already holds something (an empty one gets the starters).
            self.presets.mkdir()
            (self.presets / "README.txt").write_text("The team's presets.\n")
        command = [BINARY, "serve", "--port", "0", "--presets", str(self.presets), "--public-folder", str(ROOT / "Public")]
        if host:
            command += ["--host", host]
        if data_csv is not None:
            data = self.dir / "data.csv"
            data.write_text(data_csv)
            command += ["--data", str(data)]
        command += list(args)
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://([^/]+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"server did not start: {line!r} {self.process.stderr.read()}")
        self.authority = match.group(1)
        self.port = int(self.authority.rsplit(":", 1)[1])
        self.url = f"http://127.0.0.1:{self.port}"
        # People live in the folder's database: a server started again on it knows them still.
        self.people = Server.folder_people.setdefault(str(self.presets), {})
        # What creating a person needs besides the origin (a join token under --share).
        self.person_headers = {}
        # Under --share, the editor token the owner's calls go with (the last editor link a page came through).
        self.owner_headers = {}
        # The answer that refused the last owner's page or invitation the helper asked for.
        self.refusal = None
        Server.running[self.url] = self

    running = {}
    folder_people = {}
    people_lock = threading.Lock()

    def person(self, name="Tester", headers=None):
        """The person called `name` on this server, created the first time (POST /api/people)."""
        with Server.people_lock:
            return self._person(name, headers)

    def _person(self, name, headers):
        if name not in self.people:
            r = self.join(name, headers)
            assert r.status_code == 201, r.text
            self.people[name] = (r.json()["person"]["name"], r.json()["secret"])
        return Person(self, *self.people[name])

    def owner_secret(self):
        """The owner's secret: the first page on loopback claims the owner's page (kept per folder)."""
        if "owner" not in self.people:
            r = requests.post(self.url + "/api/people", json={"name": "owner"}, headers={"Origin": self.url, **self.person_headers, **self.owner_headers}, timeout=30)
            self.refusal = r
            assert r.status_code == 201, r.text
            self.people["owner"] = (r.json()["person"]["name"], r.json()["secret"])
        return self.people["owner"][1]

    def invitation(self, role="editor", hours=None):
        """A personal invitation's code, issued by the owner (POST /api/invitations)."""
        body = {"role": role, **({"hours": hours} if hours is not None else {})}
        if not self.person_headers and not self.owner_headers and "--share" in self.process.args:
            # Shared, and no editor link seen yet: the owner invites on the command line instead.
            made = subprocess.run([BINARY, "people", "invite", "--role", role, "--presets", str(self.presets)], capture_output=True, text=True)
            assert made.returncode == 0, made.stderr
            return made.stdout.strip().splitlines()[-1]
        r = requests.post(self.url + "/api/invitations", json=body, timeout=30,
                          headers={"Origin": self.url, **self.person_headers, **self.owner_headers, "X-Workbench-Secret": self.owner_secret()})
        self.refusal = r
        assert r.status_code == 201, r.text
        return r.json()["code"]

    def join(self, name, headers=None):
        """POST /api/people with an invitation from the owner; "owner" claims the owner's page. Under
        --share the role is that of the token in `headers` (the join link the page came through)."""
        headers = {"Origin": self.url, **self.person_headers, **(headers or {})}
        if name == "owner":
            if headers.get("X-Workbench-Token"):
                self.owner_headers = {"X-Workbench-Token": headers["X-Workbench-Token"]}
            return requests.post(self.url + "/api/people", json={"name": name}, headers=headers, timeout=30)
        role = "editor"
        if headers.get("X-Workbench-Token"):
            role = requests.get(self.url + "/api/session", headers={"X-Workbench-Token": headers["X-Workbench-Token"]}, timeout=30).json().get("role", "viewer")
            if role == "editor":
                self.owner_headers = {"X-Workbench-Token": headers["X-Workbench-Token"]}
        try:
            code = self.invitation(role)
        except AssertionError:
            return self.refusal  # no invitation can be made (the history is gone, say): that is the answer
        return requests.post(self.url + "/api/people", json={"name": name, "invitation": code}, headers=headers, timeout=30)

    def get(self, path, **kw):
        """A read; one that names a person in the old name headers is sent as that person."""
        headers = kw.pop("headers", None) or {}
        named = next((unquote(headers[h]) for h in NAME_HEADERS if headers.get(h)), None)
        if named and "X-Workbench-Secret" not in headers:
            headers = {**headers, "X-Workbench-Secret": self.person(named).secret}
        return requests.get(self.url + path, timeout=30, headers=headers, **kw)

    def request(self, method, path, anonymous=False, **kw):
        """A request from this origin. Every write is by a person: unless `anonymous` or the
        headers carry a secret already, it carries the secret of the person the old name headers
        name (created on first use), else of "Tester". The name headers themselves decide nothing."""
        headers = {"Origin": self.url, **kw.pop("headers", {})}
        named = None
        if not anonymous and "X-Workbench-Secret" not in headers:
            named = next((unquote(headers[h]) for h in NAME_HEADERS if headers.get(h)), None) or "Tester"
            with Server.people_lock:
                if named not in self.people:
                    made = self.join(named)
                    if made.status_code != 201:
                        return made  # no person can be made (the history is gone): that is the answer
                    self.people[named] = (made.json()["person"]["name"], made.json()["secret"])
            headers["X-Workbench-Secret"] = self.people[named][1]
        r = requests.request(method, self.url + path, headers=headers, timeout=30, **kw)
        if named and r.status_code == 401 and r.json().get("error", {}).get("code") == "unknown_person":
            # The folder's history (and its people) began again, or lives in memory this run:
            # the person is made anew, as the page does when its secret is no longer known.
            with Server.people_lock:
                self.people.pop(named, None)
                self.people.pop("owner", None)
                made = self.join(named)
                if made.status_code != 201:
                    return made
                self.people[named] = (made.json()["person"]["name"], made.json()["secret"])
            headers["X-Workbench-Secret"] = self.people[named][1]
            r = requests.request(method, self.url + path, headers=headers, timeout=30, **kw)
        return r

    def rss_kb(self):
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self, sig=signal.SIGTERM, timeout=10):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def close(self):
        self.stop()
        Server.running.pop(self.url, None)
        shutil.rmtree(self.dir, ignore_errors=True)


class Person:
    """A person on a server: their name and secret, and requests sent as them."""

    def __init__(self, server, name, secret):
        self.server, self.name, self.secret = server, name, secret

    @property
    def headers(self):
        return {"Origin": self.server.url, **self.server.person_headers, "X-Workbench-Secret": self.secret}

    def request(self, method, path, **kw):
        headers = {**self.headers, **kw.pop("headers", {})}
        return requests.request(method, self.server.url + path, headers=headers, timeout=30, **kw)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, **kw):
        return self.request("POST", path, **kw)

    def put(self, path, **kw):
        return self.request("PUT", path, **kw)


def wait_for(predicate, timeout=5.0, interval=0.02, page=None):
    """Whether `predicate` comes true within `timeout` seconds. With a `page`, the pauses are the
    page's own (`wait_for_timeout`): a route handler of Playwright's sync API runs only while the
    test is inside a Playwright call, so a plain sleep would hold every routed request."""
    end = time.time() + timeout
    while time.time() < end:
        if predicate():
            return True
        if page is None:
            time.sleep(interval)
        else:
            page.wait_for_timeout(interval * 1000)
    return False


def event_stream(server, query, cookies=None):
    """The page's event stream (`/api/events?` + `query`), read up to its hello:
    (the response, the hello, an iterator over the lines after it)."""
    r = requests.get(server.url + "/api/events?" + query, stream=True, timeout=10, cookies=cookies)
    lines = r.iter_lines(decode_unicode=True)
    event = None
    for line in lines:
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "hello":
            return r, json.loads(line[6:]), lines
    raise AssertionError("no hello")


def chromium():
    """Debian's Chromium headless shell, what Playwright itself drives headless: the same Blink
    and V8 without the browser's window parts (address bar, tab strip), which a full Chromium
    builds for every Playwright context, a window each. A page opened in it costs 0.7–0.8 of
    the CPU it costs in the full browser. A test that needs a browser skips without it."""
    found = shutil.which("chromium-headless-shell")
    if found is None:
        pytest.skip("no chromium-headless-shell (scripts/ensure-deps.sh test installs it)")
    return found


def launch_chromium(playwright):
    """The tests' Chromium (one per pytest worker)."""
    return playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
