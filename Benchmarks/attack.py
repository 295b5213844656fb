"""Issue 19's attacks against a release server, each from 127.0.0.2 (another client) and
again from 127.0.0.1 (the normal client's own address), while a normal client on 127.0.0.1
reads the preset list and saves every 100 ms. Prints, per attack, the normal client's slowest
answer as a ratio to an idle server in the same run, its failures, and the server's peak RSS.
Targets: served within 2 s throughout, RSS under 300 MB.

Issue 27's attacks then run all at once from 60 loopback addresses (127.0.0.10–69) and [::1]
(trickled 1 MB saves, heavy data loops (the same answer, and a new size each time), event streams, render sockets, idle heads, rejected
64 KB render messages), while the normal client on 127.0.0.1 also opens a stream and a socket
and reads the data each round: a table of its slowest answer, any 503 for its fair share, and
the peak RSS.

    python3 Benchmarks/attack.py .build/release/workbench          # both
    ATTACK_ONLY=27 python3 Benchmarks/attack.py .build/release/workbench
"""
import base64
import os
import resource
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests"))
import workbench_server  # noqa: E402

_, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Sampler:
    """The normal client (every 100 ms a list and a save) and the server's RSS, while an attack runs."""

    def __init__(self, server):
        self.server, self.times, self.failures, self.rss = server, [], 0, 0
        self.stop = threading.Event()

    def run(self):
        session = requests.Session()
        n = 0
        while not self.stop.is_set():
            start = time.perf_counter()
            try:
                ok = session.get(self.server.url + "/api/presets", timeout=10).status_code == 200
                ok = ok and self.server.request("PUT", "/api/presets/Normal", json={"parameters": {"markerRadius": n % 8}}).status_code in (200, 201)
            except requests.RequestException:
                ok = False
            self.times.append(time.perf_counter() - start)
            self.failures += not ok
            self.rss = max(self.rss, self.server.rss_kb())
            n += 1
            time.sleep(0.1)

    def __enter__(self):
        self.thread = threading.Thread(target=self.run)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def connect(server, source):
    if ":" in source:
        return socket.create_connection(("::1", server.port), timeout=3, source_address=(source, 0, 0, 0))
    return socket.create_connection(("127.0.0.1", server.port), timeout=3, source_address=(source, 0))


def head(server, method, path, extra=""):
    return f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {server.url}\r\n{extra}".encode()


def hold(count, make):
    held = []
    for _ in range(count):
        try:
            held.append(make())
        except OSError:
            pass
    return held


def slow_bodies(server, source, seconds):
    def make():
        s = connect(server, source)
        s.sendall(head(server, "POST", "/api/render", "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"))
        return s
    held = hold(2100, make)
    end = time.time() + seconds
    while time.time() < end:  # a byte every 5 s on each that is still open
        time.sleep(5)
        for s in held:
            try:
                s.send(b" ")
            except OSError:
                pass
    return held


def hog_sockets_and_streams(server, source, seconds):
    held = []
    for _ in range(70):
        s = connect(server, source)
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall(head(server, "GET", "/api/render/socket", f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n"))
        held.append(s)
    for _ in range(140):
        s = connect(server, source)
        s.sendall(head(server, "GET", "/api/events") + b"\r\n")
        held.append(s)
    time.sleep(seconds)
    return held


def unfinished_json(server, source, seconds):
    chunk = b" " * (1 << 20)
    def make():
        s = connect(server, source)
        s.sendall(head(server, "POST", "/api/render", f"Content-Type: application/json\r\nContent-Length: {1 << 20}\r\n\r\n"))
        try:
            s.settimeout(0.2)
            s.sendall(chunk[:-1])  # one byte short, forever
        except OSError:
            pass
        return s
    held = hold(400, make)
    time.sleep(seconds)
    return held


def heavy_data(server, source, seconds):
    def one():
        s = requests.Session()
        s.mount("http://", SourceAdapter(source))
        try:
            s.get(server.url + "/api/data?maxPoints=100000&period=ALL", timeout=30)
        except requests.RequestException:
            pass
    end = time.time() + seconds
    while time.time() < end:
        threads = [threading.Thread(target=one) for _ in range(256)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    return []


def stalled_uploads(server, source, seconds):
    def make():
        s = connect(server, source)
        s.sendall(head(server, "POST", "/api/data", f"Content-Type: text/csv\r\nContent-Length: {60 << 20}\r\n\r\n"))
        try:
            s.settimeout(0.5)
            s.sendall(b"time,price\n" + b"1600000000,1\n" * 700_000)
        except OSError:
            pass
        return s
    held = hold(10, make)
    time.sleep(seconds)
    return held


class SourceAdapter(requests.adapters.HTTPAdapter):
    def __init__(self, source):
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


ATTACKS = [
    ("1 slow bodies: 2,100 POSTs, a byte every 5 s", slow_bodies),
    ("2 70 render sockets + 140 event streams", hog_sockets_and_streams),
    ("3 400 JSON bodies of 1 MB, one byte short", unfinished_json),
    ("4 256 concurrent /api/data ALL 100,000 points", heavy_data),
    ("5 10 stalled 60 MB uploads", stalled_uploads),
]


ADDRESSES = [f"127.0.0.{i}" for i in range(10, 70)]


def ws_handshake(server, source):
    s = connect(server, source)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(head(server, "GET", "/api/render/socket", f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n"))
    s.settimeout(5)
    data = s.recv(4096)
    return s, int(data.split(b" ")[1]) if data else None


def masked_text(payload):
    mask = os.urandom(4)
    n = len(payload)
    header = bytes([0x81, 0x80 | 126]) + n.to_bytes(2, "big") if n < 65536 else bytes([0x81, 0x80 | 127]) + n.to_bytes(8, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class FairSampler(Sampler):
    """The normal client of issue 27 on 127.0.0.1: each round a list, a save, the data's points
    (heavy), an event stream and a render socket; counts 503s separately."""

    def run(self):
        session = requests.Session()
        self.refused = 0
        self.slowest = {}
        n = 0
        while not self.stop.is_set():
            start = time.perf_counter()
            ok = True
            steps = {}

            def timed(name, f):
                t = time.perf_counter()
                code = f()
                steps[name] = max(steps.get(name, 0), time.perf_counter() - t)
                return code

            def stream_code():
                stream = connect(self.server, "127.0.0.1")
                stream.sendall(head(self.server, "GET", "/api/events") + b"\r\n")
                stream.settimeout(10)
                code = int(stream.recv(64).split(b" ")[1])
                stream.close()
                return code

            def socket_code():
                sock, code = ws_handshake(self.server, "127.0.0.1")
                sock.close()
                return code
            try:
                codes = [timed("list", lambda: session.get(self.server.url + "/api/presets", timeout=10).status_code),
                         timed("save", lambda: self.server.request("PUT", "/api/presets/Normal", json={"parameters": {"markerRadius": n % 8}}).status_code),
                         timed("data", lambda: session.get(self.server.url + "/api/data?maxPoints=100000&period=ALL", timeout=30).status_code),
                         timed("stream", stream_code), timed("socket", socket_code)]
                self.refused += sum(1 for c in codes if c == 503)
                ok = all(c in (200, 201, 101) for c in codes)
            except (requests.RequestException, OSError, ValueError, IndexError):
                ok = False
            self.times.append(time.perf_counter() - start)
            for name, took in steps.items():
                self.slowest[name] = max(self.slowest.get(name, 0), took)
            self.failures += not ok
            self.rss = max(self.rss, self.server.rss_kb())
            n += 1
            time.sleep(0.1)


def issue27_all_at_once(server, seconds):
    """Every attack of issue 27 at once, bounded in count and time; returns what to close."""
    held, stop, lock = [], threading.Event(), threading.Lock()

    def keep(s):
        with lock:
            held.append(s)

    def trickled_saves():
        bodies = []
        for source in ADDRESSES[:12]:
            for _ in range(8):
                try:
                    s = connect(server, source)
                    s.sendall(head(server, "PUT", "/api/presets/Trickle", "Content-Type: application/json\r\nContent-Length: 1048576\r\n\r\n") + b"{")
                    bodies.append(s)
                    keep(s)
                except OSError:
                    pass
        while not stop.is_set():  # about 5 KB/s each
            for s in bodies:
                try:
                    s.send(b" " * 512)
                except OSError:
                    pass
            time.sleep(0.1)

    def heavy_loop(source, varied):
        """The heaviest data answer in a loop; `varied` asks for a new size each time, so no
        answer kept for others serves it."""
        session = requests.Session()
        session.mount("http://", SourceAdapter(source))
        n = 0
        while not stop.is_set():
            n += 1
            points = 100000 - 2 * (n % 5000) if varied else 100000
            try:
                session.get(server.url + f"/api/data?maxPoints={points}&period=ALL", timeout=30)
            except requests.RequestException:
                pass

    def streams_and_sockets():
        for source in ADDRESSES:
            for _ in range(3):
                try:
                    s = connect(server, source)
                    s.sendall(head(server, "GET", "/api/events") + b"\r\n")
                    keep(s)
                except OSError:
                    pass
            for _ in range(2):
                try:
                    keep(ws_handshake(server, source)[0])
                except (OSError, ValueError, IndexError):
                    pass
        for _ in range(100):  # a viewer on [::1] holding many
            try:
                s = connect(server, "::1")
                s.sendall(head(server, "GET", "/api/events") + b"\r\n")
                keep(s)
                keep(ws_handshake(server, "::1")[0])
            except (OSError, ValueError, IndexError):
                pass

    def idle_heads():
        for source in ADDRESSES:
            for _ in range(20):
                try:
                    s = connect(server, source)
                    s.sendall(head(server, "GET", "/api/schema"))  # never ends
                    keep(s)
                except OSError:
                    pass

    def rejected_messages():
        socks = []
        for source in ADDRESSES[-3:]:
            try:
                socks.append(ws_handshake(server, source)[0])
            except (OSError, ValueError, IndexError):
                pass
        message = masked_text(b'{"width": "wide", "note": "' + b"x" * 65000 + b'"}')
        while not stop.is_set():
            for s in socks:
                try:
                    s.settimeout(0.5)
                    s.sendall(message)
                    s.recv(65536)
                except OSError:
                    pass
        for s in socks:
            keep(s)

    # ATTACK_PARTS (comma-separated) runs only some of them, to find which one hurts.
    parts = set(os.environ.get("ATTACK_PARTS", "saves,streams,heads,messages,heavy").split(","))
    named = {"saves": trickled_saves, "streams": streams_and_sockets, "heads": idle_heads, "messages": rejected_messages}
    threads = [threading.Thread(target=f) for name, f in named.items() if name in parts]
    if "heavy" in parts:
        threads += [threading.Thread(target=heavy_loop, args=(source, i % 2 == 1)) for source in ADDRESSES[20:26] for i in range(4)]
        threads += [threading.Thread(target=heavy_loop, args=("::1", i % 2 == 1)) for i in range(4)]
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    return held


def run_issue27(server, seconds):
    print(f"\nissue 27: all at once from {len(ADDRESSES)} loopback addresses and [::1]")
    print(f"{'normal client (127.0.0.1)':<34} {'rounds':>6} {'slowest':>9} {'503s':>5} {'failed':>6} {'peak RSS':>9}")
    with FairSampler(server) as during:
        held = issue27_all_at_once(server, seconds)
    for s in held:
        s.close()
    slowest = max(during.times)
    verdict = "ok" if during.refused == 0 and during.failures == 0 and during.rss < 300 * 1024 else "MISSED"
    print(f"{'list+save+data+stream+socket':<34} {len(during.times):6d} {slowest * 1000:7.0f} ms {during.refused:5d} {during.failures:6d} {during.rss / 1024:6.0f} MB {verdict}")
    print("  slowest step: " + ", ".join(f"{name} {took * 1000:.0f} ms" for name, took in during.slowest.items()))


def main():
    workbench_server.BINARY = sys.argv[1] if len(sys.argv) > 1 else workbench_server.BINARY
    seconds = float(os.environ.get("ATTACK_SECONDS", "12"))
    server = workbench_server.Server()
    # Read what the server says, so a full pipe never holds it up.
    said = []
    threading.Thread(target=lambda: [said.append(line) for line in server.process.stderr], daemon=True).start()
    try:
        with Sampler(server) as idle:
            time.sleep(3)
        base = statistics.median(idle.times)
        print(f"idle: normal client median {base * 1000:.1f} ms, max {max(idle.times) * 1000:.1f} ms, RSS {idle.rss / 1024:.0f} MB")
        if os.environ.get("ATTACK_ONLY") == "27":
            run_issue27(server, seconds)
            run_issue27(server, seconds) if os.environ.get("ATTACK_TWICE") else None
            return
        print(f"{'attack':<48} {'from':<10} {'slowest':>9} {'ratio':>7} {'failed':>6} {'peak RSS':>9}")
        for label, attack in ATTACKS:
            for source in ("127.0.0.2", "127.0.0.1"):
                with Sampler(server) as during:
                    held = attack(server, source, seconds)
                for s in held:
                    s.close()
                slowest = max(during.times)
                verdict = "ok" if slowest < 2 and during.failures == 0 and during.rss < 300 * 1024 else "MISSED"
                print(f"{label:<48} {source:<10} {slowest * 1000:7.0f} ms {slowest / base:6.0f}x {during.failures:6d} {during.rss / 1024:6.0f} MB {verdict}")
                time.sleep(6)  # let the server shed the attack's connections
        run_issue27(server, seconds)
    finally:
        if server.process.poll() is not None:
            log = Path(os.environ.get("ATTACK_SERVER_LOG", "attack-server.log"))
            log.write_text("".join(said))
            print(f"the server exited ({server.process.returncode}); what it said is in {log}; it first said:\n" + "".join(said[:40]))
        server.close()


if __name__ == "__main__":
    main()
