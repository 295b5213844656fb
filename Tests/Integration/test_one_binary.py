"""One file to install (issue 37): a copy of the binary alone serves the whole page from its
built-in files, names its version and commit, and `make install` / `make dist` lay out the
binary, its man page and shell completions."""
import hashlib
import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
import requests
from urllib.parse import quote

from workbench_server import BINARY, ROOT, Server, small_csv

VERSION = (ROOT / "VERSION").read_text().strip()


def git_commit():
    r = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


@pytest.fixture(scope="module")
def lone_server(tmp_path_factory):
    """The built binary copied alone into an empty folder and run from there, with a new team folder."""
    folder = tmp_path_factory.mktemp("lone")
    shutil.copy(BINARY, folder / "workbench")
    # A small price series keeps the start quick; the page and the team folder are what is tried.
    data = tmp_path_factory.mktemp("data") / "prices.csv"
    data.write_text(small_csv())
    process = subprocess.Popen(["./workbench", "serve", "--port", "0", "--presets", "team", "--data", str(data)], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert match, (line, process.stderr.read() if process.poll() is not None else "")
    yield f"http://127.0.0.1:{match.group(1)}", folder, process
    process.terminate()
    process.wait(timeout=10)


def test_a_lone_copy_serves_the_page_its_modules_and_styles(lone_server):
    url, folder, _ = lone_server
    assert sorted(p.name for p in folder.iterdir()) == ["team", "workbench"]
    for path, file, media in [("/", "index.html", "text/html; charset=utf-8"), ("/js/main.js", "js/main.js", "text/javascript; charset=utf-8"),
                              ("/js/about.js", "js/about.js", "text/javascript; charset=utf-8"), ("/css/app.css", "css/app.css", "text/css; charset=utf-8"),
                              ("/favicon.svg", "favicon.svg", "image/svg+xml"), ("/device", "device.html", "text/html; charset=utf-8")]:
        r = requests.get(url + path, timeout=30)
        assert r.status_code == 200, path
        assert r.headers["Content-Type"] == media, path
        assert r.content == (ROOT / "Public" / file).read_bytes(), path
        assert r.headers["Cache-Control"] == "no-cache"
        # The copy the browser holds is checked, not fetched again.
        again = requests.get(url + path, headers={"If-None-Match": r.headers["ETag"]}, timeout=30)
        assert again.status_code == 304 and again.content == b"", path
        assert requests.get(url + path, headers={"If-None-Match": '"stale"'}, timeout=30).status_code == 200
    for path in ["/js/nothing.js", "/../VERSION", "/.hidden", "/js/%2e%2e/index.html"]:
        assert requests.get(url + path, timeout=30).status_code == 404, path


def test_the_lone_copy_says_it_serves_its_built_in_page(lone_server):
    url, _, process = lone_server
    about = requests.get(url + "/api/about", timeout=30).json()
    assert about["page"] == "built-in" and about["folder"] is None and about["version"] == VERSION
    if git_commit():
        assert about["commit"] == git_commit()
    # One line on stderr at start says which page is served.
    assert "Serving the page built into this binary (workbench " + VERSION in process.stderr.readline()


def test_a_new_team_folder_starts_with_the_starter_presets(tmp_path):
    """The copied binary run in an empty folder: `./workbench` makes ./Presets with the presets the
    repository ships, so the page opens on Default and `export --preset Default` works there."""
    shutil.copy(BINARY, tmp_path / "workbench")
    data = tmp_path / "prices.csv"
    data.write_text(small_csv())
    shipped = sorted(json.loads(p.read_text())["name"] for p in (ROOT / "Presets").glob("*.json"))
    # A command that reads presets makes no folder; it says how one starts.
    r = subprocess.run(["./workbench", "export", "--preset", "Default", "--format", "tokens"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "no such folder" in r.stderr and "starter presets" in r.stderr and not (tmp_path / "Presets").exists()
    process = subprocess.Popen(["./workbench", "serve", "--port", "0", "--data", str(data)], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
        assert match
        listed = requests.get(f"http://127.0.0.1:{match.group(1)}/api/presets", timeout=30).json()
        assert sorted(p["name"] for p in listed["presets"]) == shipped and listed["problems"] == []
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert sorted(p.name for p in (tmp_path / "Presets").glob("*.json")) == sorted(p.name for p in (ROOT / "Presets").glob("*.json"))
    r = subprocess.run(["./workbench", "export", "--preset", "Default", "--format", "tokens"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["sets"]["chart"]["sources"]
    # A folder made for the team and still empty starts as a missing one does.
    (tmp_path / "made").mkdir()
    # A folder that holds anything is the team's as it is: nothing is added to it, nor to one
    # whose every preset was deleted (its history stays).
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "notes.txt").write_text("ours\n")
    for folder, expected in [("made", shipped), ("kept", []), ("made", shipped), ("Presets", shipped), ("Presets", [])]:
        process = subprocess.Popen(["./workbench", "serve", "--port", "0", "--presets", folder, "--data", str(data)], cwd=tmp_path,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
            assert match
            url = f"http://127.0.0.1:{match.group(1)}"
            listed = sorted(p["name"] for p in requests.get(url + "/api/presets", timeout=30).json()["presets"])
            assert listed == expected, folder
            if folder == "Presets" and expected:
                # Every preset deleted by the owner: none comes back at the next start.
                owner = requests.post(url + "/api/people", json={"name": "Owner"}, headers={"Origin": url}, timeout=30)
                assert owner.status_code == 201, owner.text
                for name in shipped:
                    r = requests.delete(url + "/api/presets/" + quote(name, safe=""), timeout=30,
                                        headers={"Origin": url, "X-Workbench-Secret": owner.json()["secret"]})
                    assert r.status_code == 200, r.text
        finally:
            process.terminate()
            process.wait(timeout=10)
    assert list((tmp_path / "kept").glob("*.json")) == []
    # A link to a folder that is not there is said as such, and nothing is made at either end.
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    r = subprocess.run(["./workbench", "serve", "--port", "0", "--presets", "dangling", "--data", str(data)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.strip().endswith(f"--presets dangling: a link to {tmp_path / 'nowhere'}, which does not exist"), r.stderr
    assert not (tmp_path / "nowhere").exists()


def test_a_server_stops_on_sigterm_sent_the_moment_it_says_it_is_ready(tmp_path):
    """A script may stop the server as soon as it reads the ready line. The stop signal was once
    handled by a dispatch source that registered later: on a loaded machine a SIGTERM sent then
    was dropped and the server ran on (9 of 25 starts hung with three busy loops beside them)."""
    data = tmp_path / "prices.csv"
    data.write_text(small_csv())
    for i in range(8):
        process = subprocess.Popen([BINARY, "serve", "--port", "0", "--presets", str(tmp_path / f"team{i}"), "--data", str(data)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert "is serving" in process.stdout.readline()
        process.terminate()
        assert process.wait(timeout=10) == 0
        assert process.stdout.read() == "Stopped.\n"


def test_public_folder_is_for_development_and_is_said():
    s = Server(data_csv=small_csv())
    try:
        about = s.get("/api/about").json()
        assert about["page"] == "folder" and about["folder"] == str((ROOT / "Public").resolve())
    finally:
        s.close()
    r = subprocess.run([BINARY, "serve", "--port", "0", "--public-folder", str(ROOT / "Sources")], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and "--public-folder" in r.stderr and "index.html" in r.stderr


def test_version_names_the_version_and_the_commit():
    r = subprocess.run([BINARY, "--version"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0
    assert r.stdout.startswith(f"workbench {VERSION} (commit ")
    if git_commit():
        assert git_commit()[:12] in r.stdout


def test_make_dist_packs_what_make_install_lays_out_with_its_sha256(tmp_path):
    """`make dist` runs `make install PREFIX=<staging>` and packs that tree: the binary, the man
    page `man -l` reads, and the bash/zsh/fish completions."""
    dist = tmp_path / "dist"
    r = subprocess.run(["make", "dist", f"DIST={dist}", "INSTALL_CONFIG=debug"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert "make install PREFIX=" in r.stdout
    tarballs = list(dist.glob("workbench-*.tar.gz"))
    assert len(tarballs) == 1 and tarballs[0].name.startswith(f"workbench-{VERSION}-linux-")
    digest, name = (dist / (tarballs[0].name + ".sha256")).read_text().split()
    assert name == tarballs[0].name and digest == hashlib.sha256(tarballs[0].read_bytes()).hexdigest()
    with tarfile.open(tarballs[0]) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    prefix = tmp_path / "unpacked" / tarballs[0].name[:-len(".tar.gz")]
    assert (prefix / "README.md").read_text() == (ROOT / "README.md").read_text()
    installed = prefix / "bin" / "workbench"
    assert subprocess.run([installed, "--version"], capture_output=True, text=True).stdout.startswith(f"workbench {VERSION}")
    man = subprocess.run(["man", "-l", str(prefix / "share/man/man1/workbench.1")], capture_output=True, text=True,
                         env={"MANPAGER": "cat", "PAGER": "cat", "COLUMNS": "100", "PATH": "/usr/bin:/bin"})
    assert man.returncode == 0, man.stderr
    page = re.sub(r".\x08", "", man.stdout)
    assert page.startswith("WORKBENCH(1)") and "serve" in page and "--public-folder" in page and "export" in page
    bash = (prefix / "share/bash-completion/completions/workbench").read_text()
    zsh = (prefix / "share/zsh/site-functions/_workbench").read_text()
    fish = (prefix / "share/fish/vendor_completions.d/workbench.fish").read_text()
    assert re.search(r"^complete .*-F _workbench workbench$", bash, re.M)
    assert zsh.startswith("#compdef workbench")
    assert "complete -c 'workbench'" in fish
    for text in (bash, zsh, fish):
        assert "serve" in text and "public-folder" in text
