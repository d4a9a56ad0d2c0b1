"""Where the time goes between Solve and the verdict on screen in
``satlink serve``'s page, measured inside Debian's Chromium (Selenium and
chromium-driver, headless) with the page's performance API: the page marks
``solve`` (the click), ``solve-answered`` (the record parsed),
``solve-drawn`` (the board's SVG in the page) and ``solve-painted`` (the
next frame is out); the Resource Timing entry of ``POST /api/solve`` splits
the request into its wait for the first byte and the download.

    python benchmarks/serve_page.py                  # 10 rounds each board
    python benchmarks/serve_page.py --rounds 20 --url 'https://puzz.link/p?slither/...'

Also the page's own load (document, app.js, Solve working, /api/types) and
the same request sent from Python (urllib) for comparison. Wall-clock
milliseconds, medians (what a user waits, not CPU time); say the load.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

from _common import DATASETS, ROOT, median, table  # also puts the project on sys.path

from satlink import api  # noqa: E402
from satlink.formats import puzzlink  # noqa: E402

SMALL = "https://puzz.link/p?slither/5/5/cbcbcddad"
#: The janko 10 x 10 Slitherlink of the dev slice the issue's target names.
JANKO = "104_10x10"

# Click Solve, wait (in the page, no WebDriver polling) for the frame that
# shows the answer, return the marks and the request's timing.
SOLVE = """
const done = arguments[arguments.length - 1];
document.getElementById("solve").click();
const t0 = performance.now();
(function wait() {
  const m = {};
  for (const e of performance.getEntriesByType("mark")) m[e.name] = e.startTime;
  if (m["solve-painted"] === undefined) {
    if (performance.now() - t0 > 60000) { done(null); return; }
    setTimeout(wait, 1);
    return;
  }
  const r = performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/solve")).pop();
  done({marks: m, req: r && {start: r.startTime, requestStart: r.requestStart,
        responseStart: r.responseStart, responseEnd: r.responseEnd},
        verdict: document.getElementById("verdict").textContent,
        seconds: record && record.seconds, svg: document.getElementById("board").innerHTML.length});
})();
"""

LOAD = """
const nav = performance.getEntriesByType("navigation")[0];
const res = (tail) => performance.getEntriesByType("resource").filter((e) => e.name.endsWith(tail)).pop();
const js = res("/static/app.js"), types = res("/api/types");
const ready = performance.getEntriesByName("ready")[0];
return {document: nav.responseEnd, js: js ? js.responseEnd : null, dom: nav.domContentLoadedEventEnd,
        types: types ? types.responseEnd : null, ready: ready ? ready.startTime : null};
"""


def janko_url(key: str) -> str:
    data = json.loads((DATASETS / "puzzlekit-dev" / "Slitherlink.json").read_text())["data"]
    item = api.load_text(data[key]["problem"], key, "grid-text", "slitherlink")[0]
    return puzzlink.encode(item.puzzle, item.instance)


def start_server(extra: list[str]) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "satlink", "serve", "--port", str(port),
                             "--no-browser", *extra], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    for _ in range(300):
        try:
            urllib.request.urlopen(base, timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("satlink serve did not answer in 30 s")


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage", "--window-size=1200,1000"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    driver.set_script_timeout(90)
    return driver


def one_round(driver, base: str, url: str) -> tuple[dict, dict]:
    driver.get(base)
    for _ in range(3000):
        if driver.execute_script("return performance.getEntriesByName('types').length"):
            break
        time.sleep(0.01)
    load = driver.execute_script(LOAD)
    driver.execute_script("document.getElementById('source').value = arguments[0];", url)
    got = driver.execute_async_script(SOLVE)
    if got is None:
        raise SystemExit("no verdict on screen within 60 s")
    return load, got


def by_python(base: str, url: str) -> float:
    req = urllib.request.Request(base + "api/solve", data=json.dumps({"url": url}).encode(),
                                 headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    with urllib.request.urlopen(req, timeout=60) as r:
        r.read()
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--url", action="append", help="a board to time (default: a 5 x 5 and"
                    f" the janko 10 x 10 Slitherlink {JANKO})")
    ap.add_argument("--server", default="", help="extra `satlink serve` arguments, one string")
    args = ap.parse_args()
    urls = args.url or [SMALL, janko_url(JANKO)]
    proc, base = start_server(args.server.split())
    driver = browser()
    try:
        one_round(driver, base, urls[0])  # the browser's and server's first visit
        rows, loads = [], []
        for url in urls:
            got, py = [], []
            for _ in range(args.rounds):
                load, g = one_round(driver, base, url)
                loads.append(load)
                got.append(g)
                py.append(by_python(base, url) * 1000)
            m = lambda f: median([f(g) for g in got])  # noqa: E731
            rows.append([url if len(url) < 48 else url[:45] + "...", got[0]["verdict"],
                         m(lambda g: g["req"]["start"] - g["marks"]["solve"]),
                         m(lambda g: g["req"]["responseStart"] - g["req"]["start"]),
                         m(lambda g: g["req"]["responseEnd"] - g["req"]["responseStart"]),
                         m(lambda g: g["marks"]["solve-answered"] - g["req"]["responseEnd"]),
                         m(lambda g: g["marks"]["solve-drawn"] - g["marks"]["solve-answered"]),
                         m(lambda g: g["marks"]["solve-painted"] - g["marks"]["solve-drawn"]),
                         m(lambda g: g["marks"]["solve-painted"] - g["marks"]["solve"]),
                         median(py), m(lambda g: g["seconds"] * 1000), m(lambda g: g["svg"])])
    finally:
        driver.quit()
        proc.terminate()
        proc.wait(10)
    print(f"{args.rounds} rounds a board, medians in ms; load {os.getloadavg()[0]:.1f}")
    print(table(["board", "verdict", "click>fetch", "server", "download", "parse", "draw",
                 "layout+paint", "TOTAL", "python", "in child", "svg chars"],
                [[r[0], r[1], *[round(x, 1) for x in r[2:]]] for r in rows]))
    lm = lambda k: median([x[k] for x in loads if x[k] is not None])  # noqa: E731
    print("page load (ms from navigation): document %.1f, app.js %.1f, DOMContentLoaded %.1f,"
          " Solve works %.1f, /api/types %.1f" % (lm("document"), lm("js"), lm("dom"),
                                                  lm("ready"), lm("types")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
