"""`satlink serve` under load on loopback: many clients at once sending a mix
of dev-slice boards (as puzz.link URLs) and malformed inputs to
``POST /api/solve``; every answer must be a 200 record or a 4xx error (no
5xx, no refused connection, the server alive at the end); wall-clock latency
p50/p95 per kind.

    python benchmarks/serve_load.py                       # 50 clients, 4 requests each, 1 slow board
    python benchmarks/serve_load.py --slow 0              # the same without the slow board
    python benchmarks/serve_load.py --rounds 3            # both, alternating: p95 side by side
    python benchmarks/serve_load.py --clients 20 --requests 10 --jobs 2 --timeout 60

``--slow N`` more clients each send, at the start, one board that takes
about a minute on the command line (a blank 100 x 100 Battleship with
unknown tallies: ~50 s and 450 MB to encode and solve, machine at load 7):
it must come back as a 200 ``unknown`` verdict saying the time limit was
reached (the server's ``--timeout``, default 10 s) and must not raise the
others' p95 (compare with ``--slow 0``).

Bounded: at most ``--clients * --requests`` (+ ``--slow``) requests and
``--budget`` seconds (the run stops sending then and says so). Latency is
wall time seen by the client (queueing included), not CPU time: what a user
waits.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from _common import DATASETS, ROOT, median, table  # also puts the project on sys.path

from satlink import api  # noqa: E402
from satlink.formats import puzzlink  # noqa: E402

GENRES = ("Slitherlink", "Akari", "Masyu", "Nurikabe")
BAD = ["https://puzz.link/p?slither/5/5/zzz", "https://puzz.link/p?", "puzzle sudoku\nsize 4\n",
       "puzzle nosuch\n", "https://puzz.link/p?mashu/99999/99999/", "\x00\x01", "#" * 5000]


def slow_board(n: int = 100) -> str:
    """A blank n x n Battleship, every tally unknown: a minute's work."""
    tallies = " ".join(["?"] * n)
    rows = "".join("  " + " ".join(["."] * n) + "\n" for _ in range(n))
    return (f"puzzle battleship\nsize {n} x {n}\nfleet 1x4 2x3 3x2 4x1\nrows {tallies}\n"
            f"cols {tallies}\ngrid\n{rows}")


def boards(per_genre: int) -> list[str]:
    """The smallest ``per_genre`` boards of each genre's dev slice, as URLs."""
    urls = []
    for genre in GENRES:
        data = json.loads((DATASETS / "puzzlekit-dev" / f"{genre}.json").read_text())["data"]
        for key in sorted(data, key=lambda k: len(data[k]["problem"]))[:per_genre]:
            item = api.load_text(data[key]["problem"], key, "grid-text", genre.lower())[0]
            if item.error is None:
                urls.append(puzzlink.encode(item.puzzle, item.instance))
    return urls


def post(base: str, body: dict) -> tuple[int, float, str]:
    """Status, seconds, and the verdict (or error) answered."""
    data = json.dumps(body).encode()
    req = urllib.request.Request(base + "api/solve", data=data,
                                 headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            answer = r.read()
            status = r.status
    except urllib.error.HTTPError as exc:
        answer = exc.read()
        status = exc.code
    except OSError:
        return -1, time.perf_counter() - t0, ""  # refused, reset, timed out
    seconds = time.perf_counter() - t0
    try:
        rec = json.loads(answer)
        said = rec.get("verdict") or rec.get("error") or ""
        return status, seconds, said + (f": {rec['reason']}" if rec.get("reason") else "")
    except ValueError:
        return status, seconds, "(not JSON)"


def children(pid: int) -> int | None:
    """How many child processes ``pid`` has (Linux; None elsewhere): the
    server keeps ``--jobs`` warm ones, none lost, none left over."""
    try:
        from pathlib import Path

        return sum(len((t / "children").read_text().split())
                   for t in Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return None


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--requests", type=int, default=4, help="per client")
    ap.add_argument("--jobs", type=int, default=2, help="the server's --jobs")
    ap.add_argument("--per-genre", type=int, default=5)
    ap.add_argument("--budget", type=float, default=300, help="seconds at most, a run")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--slow", type=int, default=1, help="clients sending the slow board")
    ap.add_argument("--timeout", type=float, help="the server's --timeout (default: its own)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="runs without and with the slow board(s), alternating; the"
                    " boards' p95 of each, side by side")
    args = ap.parse_args()
    good = boards(args.per_genre)
    ok, p95 = True, {0: [], args.slow: []}
    for _ in range(args.rounds):
        for slow in ([0, args.slow] if args.rounds > 1 and args.slow else [args.slow]):
            passed, board_p95 = run(args, good, slow)
            ok &= passed
            p95[slow].append(board_p95)
    if args.rounds > 1 and args.slow:
        print(f"boards' p95 over {args.rounds} rounds, median: without the slow board"
              f" {median(p95[0]):.3f} s, with it {median(p95[args.slow]):.3f} s"
              f" ({' '.join(f'{x:.2f}' for x in p95[0])} / {' '.join(f'{x:.2f}' for x in p95[args.slow])})")
    return 0 if ok else 1


def run(args, good: list[str], slow: int) -> tuple[bool, float]:
    """One run against a fresh server: whether every request passed, and the
    boards' p95."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "satlink", "serve", "--port", str(port),
                               "--no-browser", "--jobs", str(args.jobs),
                               "--queue", str(args.clients + slow),
                               *(["--timeout", str(args.timeout)] if args.timeout else [])],
                              cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base, timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        results: list[tuple[str, int, float, str]] = []
        lock = threading.Lock()
        stop = time.perf_counter() + args.budget

        def client(i: int) -> None:
            rng = random.Random(f"{args.seed}:{i}")
            for _ in range(args.requests):
                if time.perf_counter() > stop:
                    return
                kind = "bad" if rng.random() < 0.25 else "board"
                body = ({"text": rng.choice(BAD)} if kind == "bad" else {"url": rng.choice(good)})
                status, seconds, said = post(base, body)
                with lock:
                    results.append((kind, status, seconds, said))

        def slow_client() -> None:
            status, seconds, said = post(base, {"text": slow_board()})
            with lock:
                results.append(("slow", status, seconds, said))

        t0 = time.perf_counter()
        threads = [threading.Thread(target=slow_client) for _ in range(slow)]
        for t in threads:  # the slow boards first, then the others
            t.start()
        time.sleep(0.2 if slow else 0)
        threads += [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        for t in threads[slow:]:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        alive = server.poll() is None and urllib.request.urlopen(base, timeout=5).status == 200
        time.sleep(0.5)  # a slow child is stopped once its answer is sent
        kept = children(server.pid)
    finally:
        server.terminate()
        server.wait(10)
    rows = []
    for kind in ("board", "bad", "slow"):
        mine = [r for r in results if r[0] == kind]
        lat = [r[2] for r in mine]
        codes = sorted({r[1] for r in mine})
        if not mine:
            continue
        rows.append([kind, len(mine), ",".join(map(str, codes)), f"{pct(lat, 0.5):.3f}",
                     f"{pct(lat, 0.95):.3f}", f"{max(lat, default=float('nan')):.3f}"])
    print(f"{args.clients} clients x {args.requests} requests + {slow} slow board(s),"
          f" server --jobs {args.jobs}{f' --timeout {args.timeout:g}' if args.timeout else ''},"
          f" {len(good)} boards ({', '.join(GENRES)}), wall {wall:.1f} s,"
          f" load {os.getloadavg()[0]:.1f}")
    print(table(["kind", "requests", "statuses", "p50 s", "p95 s", "max s"], rows))
    for r in results:
        if r[0] == "slow":
            print(f"slow board: {r[1]} after {r[2]:.1f} s: {r[3][:120]}")
    failed = [r for r in results if r[1] < 0 or r[1] >= 500
              or (r[0] in ("board", "slow") and r[1] != 200)
              or (r[0] == "bad" and not 400 <= r[1] < 500)]
    for r in failed[:5]:
        print("failed:", r)
    sent = args.clients * args.requests + slow
    print(f"failed requests: {len(failed)}; answered {len(results)} of {sent};"
          f" server alive after: {alive}; its children after: {kept} (--jobs {args.jobs})")
    board = [r[2] for r in results if r[0] == "board"]
    kept_ok = kept is None or kept == args.jobs
    return not failed and alive and kept_ok and len(results) == sent, pct(board, 0.95)


if __name__ == "__main__":
    sys.exit(main())
