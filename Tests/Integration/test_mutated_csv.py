"""4,000 mutated copies of a realistic price CSV through `workbench inspect` and `POST /api/data`:
every copy is either read or refused with a message naming a line, and no process dies."""
import datetime as dt
import random
import subprocess

import pytest

from workbench_server import BINARY, Server

COPIES = 4000
TOKENS = [b"9999999999999999999", b"-9223372036854775808", b"1e308", b"1e-400", b"NaN", b"null", b"-", b"\"", b"\"\"",
          b",", b";", b"\t", b"\r", b"\n", b"\r\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00", b"2021-02-30", b"24:61:61",
          b"+99:99", b"0", b"-0.0", b"1,234.5", b"12/31/2021", b"20211231", b" ", b"." * 40, b"9" * 400, b"Close"]


def realistic_csv(rows=250):
    """Yahoo Finance's daily export format, made here (tests never read ../shared)."""
    lines = ["Date,Open,High,Low,Close,Adj Close,Volume"]
    day, price = dt.date(2019, 1, 1), 3800.0
    rng = random.Random(7)
    for _ in range(rows):
        price = max(50.0, price * (1 + rng.gauss(0, 0.03)))
        lines.append(f"{day},{price * 0.99:.6f},{price * 1.02:.6f},{price * 0.97:.6f},{price:.6f},{price:.6f},{rng.randrange(10**9, 10**10)}")
        day += dt.timedelta(days=1)
    return ("\n".join(lines) + "\n").encode()


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 3, 8])):
        at = rng.randrange(len(data) + 1)
        kind = rng.randrange(6)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = rng.choice(TOKENS)
        elif kind == 2:
            del data[at:at + rng.randrange(1, 200)]
        elif kind == 3:
            start = rng.randrange(len(data) + 1)
            data[at:at] = data[start:start + rng.randrange(1, 400)]
        elif kind == 4:
            data = data[:at]
        else:
            span = rng.randrange(1, 60)
            data[at:at + span] = rng.choice(TOKENS) * rng.randrange(1, 5)
    return bytes(data)


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mutated")
    rng = random.Random(20261122)
    original = realistic_csv()
    paths = []
    for i in range(COPIES):
        path = folder / f"copy-{i:04}.csv"
        path.write_bytes(mutate(original, rng))
        paths.append(path)
    return paths


def test_inspect_reads_or_refuses_every_mutated_copy(copies):
    batch = 500
    reported = refused = 0
    for start in range(0, len(copies), batch):
        paths = copies[start:start + batch]
        r = subprocess.run([BINARY, "inspect", *map(str, paths)], capture_output=True, timeout=300)
        assert r.returncode in (0, 1), f"inspect died ({r.returncode}) in {paths[0].name}…{paths[-1].name}: {r.stderr[-500:]!r}"
        out, err = r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
        reported += out.count("\nrows: ")
        errors = [line for line in err.split("\n")[:-1] if "warning:" not in line]
        refused += len(errors)
        assert all(line.startswith("workbench: ") for line in errors), errors[:3]
    assert reported + refused == len(copies)
    assert reported > 200 and refused > 200  # the mutations exercise both outcomes


def test_post_data_reads_or_refuses_every_mutated_copy(copies):
    server = Server(data_csv="time,price\n1,1\n2,2\n")
    try:
        statuses = {}
        for path in copies:
            r = server.request("POST", "/api/data?name=m.csv", data=path.read_bytes(), headers={"Content-Type": "text/csv"})
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            if r.status_code == 400:
                error = r.json()["error"]
                assert error["message"] and (error["field"] is None or error["field"].startswith("line ")), error
            else:
                assert r.status_code == 200, (path.name, r.status_code, r.text[:300])
        assert server.process.poll() is None
        assert set(statuses) <= {200, 400} and statuses.get(200, 0) > 200 and statuses.get(400, 0) > 200, statuses
        assert server.get("/api/data?period=ALL&maxPoints=10").status_code == 200
    finally:
        server.close()
