"""No number of clients can take what one needs, on loopback too (127.0.0.2 is another client
than 127.0.0.1): connections, render sockets, event streams, bytes of bodies in flight and the
upload spool are shared out fairly (past a total, a client below its share total ÷ active
clients takes from the client holding the most); heavy answers go through a fair queue; slow
bodies are cut once their grace has passed; uploads are spooled in the system's temporary
folder, 507 when its disk is full."""
import base64
import concurrent.futures
import os
import select
import socket
import tempfile
import shutil
import threading
import time
from pathlib import Path

import pytest
import requests

from workbench_server import Server, small_csv


@pytest.fixture
def server():
    s = Server(data_csv=small_csv(200))
    yield s
    s.close()


def connect(server, source="127.0.0.2"):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    return sock


def head(server, method, path, extra=""):
    return (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {server.url}\r\n{extra}").encode()


def closed(sock, wait=0.05):
    """Whether the server has closed (or reset) the connection."""
    sock.settimeout(wait)
    try:
        return sock.recv(1) == b""
    except socket.timeout:
        return False
    except OSError:
        return True


def ended(sock, wait=0.3):
    """Whether the server has closed the connection, once what it sent before is read."""
    sock.settimeout(wait)
    try:
        while True:
            if sock.recv(65536) == b"":
                return True
    except socket.timeout:
        return False
    except OSError:
        return True


def ended_streams(socks, at_least, already=frozenset(), wait=5.0):
    """The sockets of `socks` the server has closed (what it sent before is read and dropped),
    once `at_least` have, or after `wait` s: a loaded machine takes a moment to close one."""
    gone, deadline = set(already), time.time() + wait
    while len(gone) < at_least and time.time() < deadline:
        waiting = {s.fileno(): s for s in socks if s not in gone}
        poller = select.poll()
        for fd in waiting:
            poller.register(fd, select.POLLIN)
        # A readable one has either ended or sent more (a heartbeat): `ended` reads to tell.
        gone.update(waiting[fd] for fd, _ in poller.poll(100) if ended(waiting[fd], wait=0.001))
    return gone


def status_of(sock):
    sock.settimeout(10)
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            return None
        data += chunk
    return int(data.split(b" ")[1])


def served_quickly(server, source="127.0.0.1"):
    session = requests.Session()
    session.mount("http://", SourceAdapter(source))
    start = time.perf_counter()
    r = session.get(server.url + "/api/schema", timeout=5)
    return r.status_code == 200 and time.perf_counter() - start < 2


class SourceAdapter(requests.adapters.HTTPAdapter):
    def __init__(self, source):
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


def test_one_address_cannot_take_every_connection(server):
    held = []
    try:
        for _ in range(300):
            sock = connect(server)
            sock.sendall(head(server, "POST", "/api/render"))  # a head that never ends
            held.append(sock)
        time.sleep(0.6)
        open_ones = [s for s in held if not closed(s)]
        assert len(open_ones) <= 1024, len(open_ones)
        assert served_quickly(server, "127.0.0.1")
    finally:
        for s in held:
            s.close()


def test_a_slow_body_is_cut_after_its_grace(server):
    sock = connect(server)
    sock.sendall(head(server, "POST", "/api/render", "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"))
    start = time.time()
    cut = None
    while time.time() - start < 12:
        try:
            sock.sendall(b" ")
        except OSError:
            cut = time.time() - start
            break
        if closed(sock, wait=1.0):
            cut = time.time() - start
            break
    sock.close()
    assert cut is not None and 4 <= cut <= 9, cut  # the grace is 5 s; not the 300 s deadline
    assert served_quickly(server, "127.0.0.2")


def handshake(server, source):
    sock = connect(server, source)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(head(server, "GET", "/api/render/socket",
                      f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n"))
    return sock, status_of(sock)


def open_stream(server, source):
    sock = connect(server, source)
    sock.sendall(head(server, "GET", "/api/events") + b"\r\n")
    return sock


def test_render_sockets_and_event_streams_are_shared_out_fairly(server):
    """Three addresses take every socket (64) and stream (128); a fourth client below its fair
    share still gets both, from the client holding the most, and a page on a crowded address
    gets them from its own oldest."""
    socks = []
    try:
        statuses = []
        for i in range(66):
            sock, status = handshake(server, f"127.0.0.{2 + i % 3}")
            socks.append(sock)
            statuses.append(status)
        assert statuses.count(101) == 66, statuses
        sock, status = handshake(server, "127.0.0.1")
        socks.append(sock)
        assert status == 101
        streams = [open_stream(server, f"127.0.0.{2 + i % 3}") for i in range(130)]
        socks += streams
        codes = [status_of(s) for s in streams]
        assert codes.count(200) == 130, codes
        # The 129th and 130th took the slot of one of their own address's streams: two ended.
        # Which ones depends on the order the server's threads took them in, not on the order
        # they were opened, so the test counts them rather than naming them.
        made_room = ended_streams(streams, 2)
        assert len(made_room) == 2
        mine = open_stream(server, "127.0.0.1")
        socks.append(mine)
        assert status_of(mine) == 200
        # One more of the three addresses' streams was ended to make room for the fourth
        # address, and none of 127.0.0.1's.
        gave_way = ended_streams(streams, 3, already=made_room)
        assert len(gave_way) == 3
        assert not ended(mine)
        again = open_stream(server, "127.0.0.2")
        socks.append(again)
        assert status_of(again) == 200
    finally:
        for s in socks:
            s.close()


def test_bodies_count_bytes_received_and_are_shared_out_fairly(server):
    """Declaring 1 MB holds nothing; bodies hold what they have sent. When four addresses fill
    the 96 MB of bodies in flight, a save from a fifth is served and one of the biggest holder's
    bodies is answered 503 at once."""
    socks = []
    try:
        # 30 trickled bodies declaring 1 MB: only the 60 KB each sent is held.
        for _ in range(30):
            sock = connect(server, "127.0.0.2")
            sock.sendall(head(server, "POST", "/api/render", "Content-Type: application/json\r\nContent-Length: 1048575\r\n\r\n") + b"{" + b" " * 60000)
            socks.append(sock)
        assert served_quickly(server, "127.0.0.1")
        saved = server.request("PUT", "/api/presets/During bodies", json={"parameters": {}})
        assert saved.status_code == 201
        # Now fill the total for real: 100 bodies of almost 1 MB from four addresses.
        filler = b" " * 1_040_000
        for i in range(100):
            sock = connect(server, f"127.0.0.{3 + i % 4}")
            sock.sendall(head(server, "POST", "/api/render", "Content-Type: application/json\r\nContent-Length: 1048575\r\n\r\n") + b"{" + filler)
            socks.append(sock)
        time.sleep(0.5)
        saved = server.request("PUT", "/api/presets/During bodies", json={"parameters": {"lineWidth": 2}}, headers={"If-Match": "*"})
        assert saved.status_code in (200, 201), saved.text
        answered = []
        for sock in socks[30:]:
            sock.settimeout(0.05)
            try:
                data = sock.recv(200)
                answered.append(int(data.split(b" ")[1]) if data else None)
            except (socket.timeout, OSError):
                pass
        assert 503 in answered, answered
        assert server.rss_kb() < 300_000
    finally:
        for s in socks:
            s.close()


def test_uploads_are_spooled_in_the_temporary_folder_within_their_space():
    spool = Path(tempfile.mkdtemp(prefix="workbench-spool-"))
    os.environ["TMPDIR"] = str(spool)
    try:
        s = Server("--upload-limit", "2", "--upload-space", "3", data_csv=small_csv(100))
    finally:
        del os.environ["TMPDIR"]
    socks = []
    try:
        def upload(source, length=1_500_000):
            sock = connect(s, source)
            sock.sendall(head(s, "POST", "/api/data", f"Content-Type: text/csv\r\nContent-Length: {length}\r\n\r\n") + b"time,price\n" + b"1,1\n" * 1000)
            socks.append(sock)
            sock.settimeout(0.5)
            try:
                data = sock.recv(300)
                return int(data.split(b" ")[1]) if data else None
            except socket.timeout:
                return "spooling"
        assert upload("127.0.0.2") == "spooling"
        assert upload("127.0.0.2") == "spooling"   # only the bytes received count
        assert upload("127.0.0.3") == "spooling"
        assert upload("127.0.0.4", length=3_200_000) in (413, 507)   # more than the whole space
        assert (spool / "workbench-uploads").is_dir()
        assert not (s.presets / ".uploads").exists()
        saved = s.request("PUT", "/api/presets/During uploads", json={"parameters": {}})
        assert saved.status_code == 201
    finally:
        for sock in socks:
            sock.close()
        s.close()


def test_heavy_reads_wait_in_a_fair_queue(server):
    """40 at once from three addresses: they queue (none refused at once) and a heavy read from
    a fourth is served promptly (the round-robin order itself is a unit test: FairShareTests)."""
    start_together = threading.Barrier(40)

    def data(i):
        session = requests.Session()
        session.mount("http://", SourceAdapter(f"127.0.0.{2 + i % 3}"))
        start_together.wait()
        r = session.get(server.url + "/api/data?maxPoints=100000&period=ALL", timeout=30)
        return r.status_code, time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(40) as pool:
        futures = [pool.submit(data, i) for i in range(40)]
        time.sleep(0.2)
        session = requests.Session()
        session.mount("http://", SourceAdapter("127.0.0.1"))
        start = time.perf_counter()
        mine = session.get(server.url + "/api/data?maxPoints=100000&period=ALL", timeout=30)
        mine_took = time.perf_counter() - start
        results = [f.result() for f in futures]
    assert mine.status_code == 200 and mine_took < 5, mine_took
    assert {code for code, _ in results} == {200}, results   # queued, none refused at once


def test_a_full_spool_disk_answers_507_and_drops_the_partial_file():
    """The temporary folder on a 4 MB disk: an upload declaring more than is free is refused
    at once; one that fills the disk while it arrives is answered 507 (not dropped unanswered)
    and its partial file goes, so the next upload fits again."""
    disk = Path(tempfile.mkdtemp(prefix="workbench-small-disk-"))
    if os.geteuid() != 0 or os.system(f"mount -t tmpfs -o size=4m tmpfs {disk} 2>/dev/null") != 0:
        pytest.skip("cannot mount a small disk here")
    os.environ["TMPDIR"] = str(disk)
    try:
        s = Server("--upload-limit", "16", "--upload-space", "64", data_csv=small_csv(100))
    finally:
        del os.environ["TMPDIR"]
    try:
        sock = connect(s, "127.0.0.2")
        sock.sendall(head(s, "POST", "/api/data", "Content-Type: text/csv\r\nContent-Length: 8000000\r\n\r\n"))
        assert status_of(sock) == 507
        sock.close()
        # Chunked: no length to check first; the disk fills while it arrives.
        sock = connect(s, "127.0.0.2")
        sock.sendall(head(s, "POST", "/api/data", "Content-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n"))
        chunk = b"1,1\n" * 16384
        answer = b""
        sock.settimeout(0.01)
        for _ in range(200):   # 12.8 MB at most, far past the 4 MB disk
            try:
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            except OSError:
                break
            try:
                answer += sock.recv(4096)
            except socket.timeout:
                pass
            if answer:
                break
        sock.settimeout(5)
        try:
            while b"\r\n\r\n" not in answer:
                more = sock.recv(4096)
                if not more:
                    break
                answer += more
        except OSError:
            pass
        sock.close()
        assert answer.startswith(b"HTTP/1.1 507"), answer[:200]
        assert b"disk" in answer
        time.sleep(0.3)
        free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
        assert free > 3_000_000, free   # the partial file is gone
    finally:
        s.close()
        os.system(f"umount {disk}")
        shutil.rmtree(disk, ignore_errors=True)


def test_an_established_stream_and_socket_are_never_taken_for_an_attackers(server):
    """A page's event stream and render socket, open before an attack from many addresses each
    holding one, stay open: a client within its fair share is never the one that gives way (the
    addresses sort after 127.0.0.1, which made it the first to go when all held one)."""
    socks = []
    try:
        mine, status = handshake(server, "127.0.0.1")
        socks.append(mine)
        assert status == 101
        my_stream = open_stream(server, "127.0.0.1")
        socks.append(my_stream)
        assert status_of(my_stream) == 200
        # 64 sockets and 128 streams in all: every address takes one, then more addresses ask.
        for i in range(70):
            sock, _ = handshake(server, f"127.0.1.{2 + i}")
            socks.append(sock)
        streams = [open_stream(server, f"127.0.2.{2 + i}") for i in range(135)]
        socks += streams
        for s in streams:
            status_of(s)
        assert not ended(mine), "the page's render socket was closed for an attacker's"
        assert not ended(my_stream), "the page's event stream was ended for an attacker's"
        # And the page still gets the stream and socket it needs: its own oldest gives way.
        again = open_stream(server, "127.0.0.1")
        socks.append(again)
        assert status_of(again) == 200
    finally:
        for s in socks:
            s.close()
