// The page of `satlink serve`: sends the input to /api/solve and draws the
// record it answers. The page's state lives in the address bar's fragment
// (#url=... or #text=...&type=...&name=..., and hints=N once N hints are
// taken), so that a result, hints included, can be shared.
"use strict";
const $ = (id) => document.getElementById(id);
let current = null; // the request body of the result shown
let record = null;
let hintState = []; // the facts of the hints taken, as `explain` writes them
let hintCount = 0;
let droppedName = ""; // the name of a file dropped on the page, until the text is edited
let pendingHints = 0; // hints to take again when a shared link is opened

function body() {
  const src = $("source").value.trim();
  if (/^https?:\/\//i.test(src) || /^[a-z0-9.-]+\/p\?/i.test(src)) return { url: src };
  const b = { text: $("source").value };
  if ($("type").value) b.type = $("type").value;
  if ($("format").value) b.format = $("format").value;
  if (droppedName) b.name = droppedName;
  return b;
}

function saveState(b, hints = 0) {
  const p = new URLSearchParams();
  for (const k of ["url", "text", "type", "format", "name"]) if (b[k]) p.set(k, b[k]);
  if (hints) p.set("hints", String(hints));
  history.replaceState(null, "", "#" + p.toString());
}

function loadState() {
  const p = new URLSearchParams(location.hash.slice(1));
  const src = p.get("url") || p.get("text");
  if (!src) return false;
  $("source").value = src;
  $("type").value = p.get("type") || "";
  $("format").value = p.get("format") || "";
  droppedName = p.get("name") || "";
  pendingHints = Math.min(Math.max(parseInt(p.get("hints") || "0", 10) || 0, 0), 200);
  return true;
}

async function post(path, b) {
  let r;
  try {
    r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                            body: JSON.stringify(b) });
  } catch (e) {
    return [0, { error: "the server cannot be reached: " + e }];
  }
  let data;
  try { data = await r.json(); } catch (e) { data = { error: "the server answered " + r.status }; }
  return [r.status, data];
}

function showError(msg) {
  $("error").textContent = msg;
  $("error").hidden = false;
}

function setBoard(svg) { $("board").innerHTML = svg || ""; }

async function solve() {
  const b = body();
  const replay = pendingHints; // a shared link's hints, taken again after the analysis
  pendingHints = 0;
  current = b;
  saveState(b);
  $("error").hidden = true;
  $("result").hidden = true;
  $("result").dataset.analysed = "0";
  $("minimized").hidden = true;
  $("minimize").disabled = true;
  $("solve").disabled = true;
  const [status, rec] = await post("/api/solve", b);
  $("solve").disabled = false;
  if (status !== 200) { showError(rec.error || ("error " + status)); return; }
  show(rec);
  if (!["unique", "multiple", "none"].includes(rec.verdict)) return;
  $("note").textContent = "analysing ...";
  const [s2, a] = await post("/api/analyze", b);
  if (current !== b) return; // another puzzle was sent meanwhile
  $("note").textContent = s2 === 200 ? "" : (a.error || ("error " + s2));
  if (s2 === 200) {
    if (hintCount === 0) show({ ...rec, ...a, seconds: rec.seconds });
    if (a.analysis !== "ok") $("note").textContent = a.analysis || a.reason || "";
  }
  $("result").dataset.analysed = "1";
  // a shared link with hints: take them again, one after the other
  for (let n = replay; n > 0 && current === b && !$("hint").hidden && !$("hint").disabled; n--) {
    await hint();
  }
}

function show(rec) {
  record = rec;
  const v = $("verdict");
  v.textContent = rec.verdict;
  v.className = rec.verdict;
  v.dataset.verdict = rec.verdict;
  $("time").textContent = rec.seconds !== undefined ? `${rec.type} · ${rec.seconds} s` : "";
  $("note").textContent = rec.reason || (typeof rec.analysis === "string" && rec.analysis !== "ok" ? rec.analysis : "");
  $("facts").textContent = "";
  $("differ").innerHTML = "";
  for (const b of ["show-solution", "show-marked"]) { $(b).hidden = true; $(b).dataset.on = "0"; }
  hintState = [];
  hintCount = 0;
  for (const id of ["hint-text", "rating"]) { $(id).hidden = true; $(id).textContent = ""; }
  $("hint").hidden = !(rec.verdict === "unique" || rec.verdict === "multiple");
  $("hint").disabled = false;
  $("difficulty").hidden = rec.verdict !== "unique";
  setBoard(rec.puzzle_svg);
  if (rec.verdict === "unique" || rec.verdict === "solved") {
    $("show-solution").hidden = !rec.solution_svg;
    $("show-solution").textContent = "Show solution";
    if (rec.redundant) {
      $("facts").textContent = rec.redundant.length
        ? `redundant clues (each can go on its own): ${rec.redundant.join(", ")}`
        : "no clue is redundant";
      if (rec.redundant.length) {
        $("show-marked").hidden = false;
        $("show-marked").textContent = "Mark redundant clues";
      }
    }
    $("minimize").disabled = false;
  } else if (rec.verdict === "multiple") {
    if (rec.forced_svg) {
      setBoard(rec.forced_svg);
      $("facts").textContent = `drawn: what every solution shares (${rec.forced} cells forced);`
        + ` orange: where solutions differ (${rec.free.length}): ${rec.free.slice(0, 40).join(", ")}`
        + (rec.free.length > 40 ? " ..." : "");
      for (const svg of rec.differ_svgs || []) {
        const d = document.createElement("div");
        d.className = "witness";
        d.innerHTML = svg;
        $("differ").appendChild(d);
      }
    } else if (rec.differing) {
      $("facts").textContent = "cells that differ: " + rec.differing.join(", ");
    }
  } else if (rec.verdict === "none") {
    if (rec.conflict_svg) setBoard(rec.conflict_svg);
    if (rec.conflict) {
      $("facts").textContent = rec.conflict.length
        ? `these clues cannot all hold (each smaller set can): ${rec.conflict.join(", ")}`
        : "the board has no solution even without its clues";
    }
  }
  $("result").hidden = false;
}

const LABELS = { "show-solution": ["Show solution", "Hide solution"],
                 "show-marked": ["Mark redundant clues", "Unmark"] };

function toggle(id, svg) {
  const showing = $(id).dataset.on === "1";
  setBoard(showing ? record.puzzle_svg : svg);
  for (const [other, [on]] of Object.entries(LABELS)) { // one view at a time
    $(other).dataset.on = "0";
    $(other).textContent = on;
  }
  if (!showing) { $(id).dataset.on = "1"; $(id).textContent = LABELS[id][1]; }
}

async function minimize() {
  if (!current) return;
  $("minimize").disabled = true;
  const [status, rec] = await post("/api/minimize", current);
  $("minimize").disabled = false;
  if (status !== 200) { showError(rec.error || ("error " + status)); return; }
  $("min-summary").textContent = `${rec.count} of ${rec.before} clues kept`
    + (rec.minimal ? " (minimal: no clue can go)" : " (time limit: not yet minimal)");
  $("min-board").innerHTML = rec.svg;
  $("min-url").value = rec.url || "(puzz.link cannot write this puzzle)";
  $("minimized").hidden = false;
}

async function hint() {
  $("hint").disabled = true;
  const [status, rec] = await post("/api/hint", { ...current, state: hintState });
  $("hint").disabled = false;
  if (status !== 200) { showError(rec.error || ("error " + status)); return; }
  hintState = rec.state;
  const box = $("hint-text");
  box.hidden = false;
  if (!rec.lines.length) {
    box.textContent = "nothing left to explain: every fact is known";
    $("hint").disabled = true;
    return;
  }
  hintCount += 1;
  saveState(current, hintCount);
  box.textContent = `hint ${hintCount} (facts of earlier hints count as given):\n` + rec.lines.join("\n");
  if (rec.svg) setBoard(rec.svg);
}

async function difficulty() {
  $("difficulty").disabled = true;
  const [status, rec] = await post("/api/difficulty", current);
  $("difficulty").disabled = false;
  $("rating").hidden = false;
  $("rating").textContent = status === 200 ? rec.text : (rec.error || ("error " + status));
  $("rating").dataset.rating = status === 200 ? rec.difficulty.rating : "";
}

async function init() {
  const [status, t] = await fetch("/api/types").then(async (r) => [r.status, await r.json()]);
  if (status === 200) {
    for (const f of t.formats) $("format").add(new Option(f.name, f.name));
    for (const g of t.types) $("type").add(new Option(g.name, g.name));
  }
  $("solve").onclick = solve;
  $("minimize").onclick = minimize;
  $("hint").onclick = hint;
  $("difficulty").onclick = difficulty;
  $("show-solution").onclick = () => toggle("show-solution", record.solution_svg);
  $("show-marked").onclick = () => toggle("show-marked", record.redundant_svg);
  $("source").addEventListener("input", () => { droppedName = ""; });
  $("copy-url").onclick = () => navigator.clipboard && navigator.clipboard.writeText($("min-url").value);
  // a file dropped on the page: its text, as if pasted
  document.body.addEventListener("dragover", (e) => e.preventDefault());
  document.body.addEventListener("drop", async (e) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (!file) return;
    $("source").value = await file.text();
    droppedName = file.name;
    solve();
  });
  if (loadState()) solve();
}
init();
