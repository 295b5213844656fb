import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbench_server import Server, launch_chromium, small_csv  # noqa: E402


@pytest.fixture(scope="session")
def server():
    """One server with a small data set, shared by the read-mostly tests."""
    s = Server(data_csv=small_csv())
    yield s
    s.close()


_launched = []


@pytest.fixture(scope="session")
def browser():
    """One Chromium per pytest worker: every test opens its own context (its own storage, its own
    person), so tests share only the process, and its launch is paid once rather than per file.
    Playwright's sync API allows one driver per thread, so every test that needs a browser takes
    this one."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = launch_chromium(p)
        _launched.append(b)
        yield b
        _launched.clear()
        b.close()


@pytest.fixture(scope="module", autouse=True)
def pages_close_with_their_file():
    """The pages a file's tests and fixtures opened and left open are closed when the file ends,
    as closing a browser per file did: a page left running would go on answering its socket and
    playing live prices beside the next file's tests (and count as someone present there)."""
    before = set(_launched[0].contexts) if _launched else set()
    yield
    for context in (_launched[0].contexts if _launched else []):
        if context not in before:
            context.close()


@pytest.fixture
def fresh_server():
    s = Server(data_csv=small_csv())
    yield s
    s.close()


# Scheduling under pytest-xdist (`make test` runs `--dist loadgroup --no-loadscope-reorder`): a
# file's tests stay together on one worker, sharing its module's server, except in these files,
# whose tests are long and independent (Kotlin and Swift toolchains, thousands of mutated files,
# every export verified): each of their tests is scheduled on its own, first, so no single file
# holds a worker for minutes while the others sit idle at the end.
SPLIT_FILES = ["test_handoff_toolchains.py", "test_handoff.py", "test_mutated_csv.py", "test_signed_provenance.py",
               "test_history_durability.py", "test_history_chain.py", "test_scene.py", "test_exports.py"]


# First of the hooks: xdist's worker names each test by its group (the "@group" suffix its
# loadgroup scheduler reads) in its own collection hook, which would otherwise run before this
# one and find no groups, scattering every file's tests (and their module fixtures) over all workers.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    sizes = {}
    for item in items:
        sizes[item.path] = sizes.get(item.path, 0) + 1

    # The first test that needs the shared Kotlin jar goes out first and compiles it; the others
    # come after the other split files, by when the jar is there, instead of each worker that
    # draws one sitting on the compile's lock for minutes.
    needing_jar = [item for item in items if "kotlin_classpath" in getattr(item, "fixturenames", ())]
    first, later = needing_jar[:1], set(needing_jar[1:])

    def order(indexed):
        index, item = indexed
        name = item.path.name
        if item in first:
            return (0, -1, index)
        if item in later:
            return (0, len(SPLIT_FILES), index)
        if name in SPLIT_FILES:
            return (0, SPLIT_FILES.index(name), index)
        return (1, -sizes[item.path], index)

    items[:] = [item for _, item in sorted(enumerate(items), key=order)]
    for item in items:
        group = item.nodeid if item.path.name in SPLIT_FILES else str(item.path)
        item.add_marker(pytest.mark.xdist_group(group))
