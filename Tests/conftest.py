import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbench_server import Server, small_csv  # noqa: E402


@pytest.fixture(scope="session")
def server():
    """One server with a small data set, shared by the read-mostly tests."""
    s = Server(data_csv=small_csv())
    yield s
    s.close()


@pytest.fixture
def fresh_server():
    s = Server(data_csv=small_csv())
    yield s
    s.close()
