"""Numberlink (Arukone, Flow Free): join equal labels by paths through cell centres.

Rules: each label appears on exactly two cells; the two are joined by a path
of orthogonally adjacent cells; paths never cross, branch or share a cell;
with ``fill all`` (the default) every cell lies on a path, with ``fill any``
(janko.at's rule) cells may stay empty. No path closes into a loop.

The SAT encoding (shape per cell, labels along edges, lazy region cuts
against loops) is in :mod:`satlink.puzzles._numberlink_sat` and
``encodings/numberlink.md``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

from .. import contract
from ..errors import InputError
from ..lang import Document, format_rows
from . import _numberlink_sat as sat
from . import _numberlink_spike as spike
from ..genre import Design, Genre, Written

NAME = "numberlink"
#: Largest board accepted, in cells (documented in the README). The 1002 x 1002
#: boards of the generated set inputs6 are refused: encoding one had taken
#: 8.6 GB of memory when it was stopped; a 500 x 500 board fits.
MAX_CELLS = 250_000
#: A label: printable characters without spaces (a number such as `12`, `A`,
#: `x7`, or a sign such as `_` or `#` in the W H sets); `.` and `-` are empty
#: cells. In .pzl a character that cannot stand in a token (`#`, `%`, and a
#: label that is just `.` or `-`) is written `%` and two hex digits: `%23`.
FILLS = ("all", "any")
#: ``touch no``: two orthogonally adjacent cells of one label are consecutive
#: on its path (the path never touches itself); ``touch yes`` (default) allows it.
TOUCHES = ("yes", "no")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
#: Directions: name -> (row step, column step); shape names list them in this order.
DIRS = sat.DIRS
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}

Cell = tuple[int, int]
#: A solution: one path per label, in ``Instance.labels`` order, each a tuple
#: of cells from the label's first endpoint (reading order) to its second.
Solution = tuple[tuple[str, tuple[Cell, ...]], ...]


@dataclass(frozen=True)
class Instance:
    """A board: ``grid[r][c]`` is a label or "" for an empty cell."""

    width: int
    height: int
    grid: tuple[tuple[str, ...], ...]
    fill: str = "all"
    touch: str = "yes"

    @cached_property
    def endpoints(self) -> dict[str, tuple[Cell, Cell]]:
        """Label -> its two cells in reading order; labels in order of first appearance."""
        seen: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.grid):
            for c, lab in enumerate(row):
                if lab:
                    seen.setdefault(lab, []).append((r, c))
        return {k: (v[0], v[1]) for k, v in seen.items()}

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.endpoints)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width


def is_label(text: str) -> bool:
    """Printable, no white space, not an empty cell's `.` or `-`."""
    return bool(text) and text.isprintable() and not any(ch.isspace() for ch in text) \
        and text not in (".", "-")


def label_token(label: str) -> str:
    """A label as a .pzl token that reads back as the same label."""
    if label in (".", "-"):
        return f"%{ord(label):02X}"
    return "".join(f"%{ord(ch):02X}" if ch in "#%" else ch for ch in label)


def token_label(text: str) -> str:
    """The label a .pzl token names (``label_token`` read back); "" for `.`/`-`."""
    if text in (".", "-"):
        return ""
    if "%" not in text:
        return text
    if text.count("%") != len(_ESCAPE.findall(text)):
        raise InputError(f"`{text}`: `%` starts an escape of two hex digits, such as `%23` for `#`")
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


def make(width: int, height: int, grid, fill: str = "all", where=None,
         touch: str = "yes") -> Instance:
    """Build and validate an Instance. ``where(message, r, c)`` returns the
    InputError for a cell (0-based), so importers can point at the source."""
    def err(msg, r=None, c=None):
        return where(msg, r, c) if where is not None else InputError(msg)

    if width < 1 or height < 1:
        raise err(f"size {width} x {height}: a board needs at least one row and one column")
    if width * height > MAX_CELLS:
        raise err(f"size {width} x {height} has {width * height} cells;"
                  f" satlink accepts at most {MAX_CELLS}")
    if fill not in FILLS:
        raise err(f"fill `{fill}` is neither `all` nor `any`")
    if touch not in TOUCHES:
        raise err(f"touch `{touch}` is neither `yes` nor `no`")
    rows = tuple(tuple(x or "" for x in row) for row in grid)
    if len(rows) != height:
        raise err(f"the grid has {len(rows)} rows, size says {height}")
    cells: dict[str, list[Cell]] = {}
    for r, row in enumerate(rows):
        if len(row) != width:
            raise err(f"row {r + 1} has {len(row)} cells, size says {width}", r,
                      min(len(row), width) if len(row) > width else max(len(row) - 1, 0))
        for c, lab in enumerate(row):
            if lab and not is_label(lab):
                raise err(f"`{lab}` is not a label (printable, no spaces) or `.`", r, c)
            if lab:
                cells.setdefault(lab, []).append((r, c))
                if len(cells[lab]) == 3:
                    (r1, c1), (r2, c2) = cells[lab][:2]
                    raise err(f"label {lab} appears a third time; it already has endpoints"
                              f" at row {r1 + 1} column {c1 + 1} and row {r2 + 1}"
                              f" column {c2 + 1}", r, c)
    for lab, where_ in cells.items():
        if len(where_) == 1:
            r, c = where_[0]
            raise err(f"label {lab} appears only once: a path needs two endpoints", r, c)
    return Instance(width, height, rows, fill, touch)


def apply_options(inst: Instance, options: dict) -> Instance:
    """``--fill all|any`` and ``--touch yes|no`` override the rules the source implied."""
    fill = options.get("fill") or inst.fill
    touch = options.get("touch") or inst.touch
    if fill not in FILLS:
        raise InputError(f"fill `{fill}` is neither `all` nor `any`")
    if touch not in TOUCHES:
        raise InputError(f"touch `{touch}` is neither `yes` nor `no`")
    if (fill, touch) == (inst.fill, inst.touch):
        return inst
    return replace(inst, fill=fill, touch=touch)


# -- .pzl ----------------------------------------------------------------------------
def _doc_where(doc: Document, entry):
    def where(msg, r=None, c=None):
        pos = entry.pos
        if r is not None and r < len(entry.rows) and entry.rows[r]:
            row = entry.rows[r]
            pos = row[min(c or 0, len(row) - 1)].pos
        return doc.error(msg, pos)
    return where


def check_header(doc: Document) -> tuple[int, int]:
    """The keyword lines: known keywords, and a `size` of at most MAX_CELLS cells
    (refused at the size line, before any grid is read). (width, height)."""
    doc.check_keywords({"size", "fill", "touch", "grid", "solution"})
    width, height = doc.board_size(MAX_CELLS)
    if width * height > MAX_CELLS:
        raise doc.error(f"size {width} x {height} has {width * height} cells;"
                        f" satlink accepts at most {MAX_CELLS}", doc.entry("size").values[0].pos)
    return width, height


def from_document(doc: Document) -> Instance:
    """Read `size W x H`, optional `fill all|any` and `touch yes|no`, the `grid`
    and an optional `solution`."""
    width, height = check_header(doc)
    fill = "all"
    fe = doc.entry("fill")
    if fe is not None:
        if len(fe.values) != 1 or fe.values[0].text not in FILLS:
            raise doc.error("expected `fill all` (every cell used) or `fill any`", fe.pos)
        fill = fe.values[0].text
    touch = "yes"
    te = doc.entry("touch")
    if te is not None:
        if len(te.values) != 1 or te.values[0].text not in TOUCHES:
            raise doc.error("expected `touch yes` (a path may touch itself) or `touch no`",
                            te.pos)
        touch = te.values[0].text
    ge = doc.entry("grid", required=True)
    body = doc.block_rows(ge, height)  # row widths are checked by make()
    rows = []
    for row in body:
        rows.append([])
        for t in row:
            try:
                rows[-1].append(token_label(t.text))
            except InputError as exc:
                raise doc.error(exc.message, t.pos) from None
    inst = make(width, height, rows, fill, _doc_where(doc, ge), touch)
    expected_solution(doc, inst)  # a malformed solution block is an input error now
    return inst


def expected_solution(doc: Document, inst: Instance | None = None) -> Solution | None:
    """The `solution` block: one token per cell naming its connections
    (`ns`, `ew`, `ne`, ... ; an endpoint names one: `e`), `.` for an empty cell."""
    e = doc.entry("solution")
    if e is None:
        return None
    inst = inst or from_document(doc)
    rows = [[t.text for t in row] for row in doc.block_rows(e, inst.height, inst.width)]
    return solution_from_directions(inst, rows, _doc_where(doc, e))


def solution_from_directions(inst: Instance, rows, where=None) -> Solution:
    """A Solution from per-cell connection tokens (janko's `ns`, `e`, ...; `.`/`-` empty).

    Connections must agree between neighbours and form one path per label."""
    def err(msg, r, c):
        return where(msg, r, c) if where is not None else InputError(msg)

    conn: dict[Cell, set[str]] = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            tok = tok.strip().lower()
            if tok in (".", "-", "x", ""):
                continue
            if not set(tok) <= set(DIRS) or len(set(tok)) != len(tok) or len(tok) > 2:
                raise err(f"`{tok}` is not a connection such as `ns`, `ew`, `ne` or `e`", r, c)
            conn[(r, c)] = set(tok)
    for (r, c), ds in conn.items():
        for d in ds:
            dr, dc = DIRS[d]
            nb = (r + dr, c + dc)
            if OPPOSITE[d] not in conn.get(nb, ()):
                raise err(f"row {r + 1} column {c + 1} connects `{d}` but its neighbour"
                          " does not connect back", r, c)
    sol = _walk_paths(inst, {u: [(u[0] + DIRS[d][0], u[1] + DIRS[d][1]) for d in ds]
                             for u, ds in conn.items()})
    problems = verify(inst, sol)
    if problems:
        raise err("the solution breaks the rules: " + "; ".join(problems[:3]), 0, 0)
    return sol


def _walk_paths(inst: Instance, adj: dict[Cell, list[Cell]]) -> Solution:
    """Follow the active connections from each label's first endpoint. Cells
    with connections that no path reaches become an extra entry labelled ""
    (a loop or stray piece), which verify reports."""
    out, seen = [], set()
    for lab, (a, _b) in inst.endpoints.items():
        path, prev, cur = [a], None, a
        seen.add(a)
        while True:
            nxt = [v for v in adj.get(cur, ()) if v != prev and v not in seen]
            if not nxt or (cur != a and inst.grid[cur[0]][cur[1]]):
                break
            prev, cur = cur, nxt[0]
            path.append(cur)
            seen.add(cur)
        out.append((lab, tuple(path)))
    stray = tuple(sorted(u for u, vs in adj.items() if vs and u not in seen))
    if stray:
        out.append(("", stray))
    return tuple(out)


def to_pzl(inst: Instance, solution: Solution | None = None) -> str:
    """Canonical .pzl text; ``from_document(parse(to_pzl(i))) == i``."""
    lines = ["puzzle numberlink", f"size {inst.width} x {inst.height}", f"fill {inst.fill}"]
    if inst.touch != "yes":
        lines.append(f"touch {inst.touch}")
    lines.append("grid")
    lines += format_rows([[label_token(lab) if lab else "." for lab in row]
                          for row in inst.grid])
    if solution is not None:
        shapes = shape_grid(inst, solution)
        lines.append("solution")
        lines += format_rows([[s or "." for s in row] for row in shapes])
    return "\n".join(lines) + "\n"


def shape_grid(inst: Instance, sol: Solution) -> list[list[str]]:
    """Per cell the directions it connects to, in `nsew` order ("" = empty)."""
    conn = [[set() for _ in range(inst.width)] for _ in range(inst.height)]
    for _lab, path in sol:
        for (r1, c1), (r2, c2) in zip(path, path[1:]):
            for d, (dr, dc) in DIRS.items():
                if (r1 + dr, c1 + dc) == (r2, c2):
                    conn[r1][c1].add(d)
                    conn[r2][c2].add(OPPOSITE[d])
    return [["".join(d for d in "nsew" if d in ds) for ds in row] for row in conn]


# -- encoding (see _numberlink_sat) ------------------------------------------------------
def clues(inst: Instance) -> list:
    """None a designer could remove: the endpoints are structure (without
    one, a label has no path to draw)."""
    return []


# -- design (satlink.design: generate draws whole boards) ----------------------------
# The endpoints are structure (not REMOVABLE): `generate numberlink` draws a
# board with a unique solution (_numberlink_layout), and has no clue to give.
def layout(width: int, height: int, rng, params: dict) -> Instance:
    """A random board with a unique solution (``params``: ``fill``, ``touch``)."""
    import sys

    from ._numberlink_layout import unique_board

    return unique_board(sys.modules[__name__], width, height, rng, params)


def clues_of(inst: Instance, sol) -> list:
    """No clue beyond the endpoints, which are structure."""
    return []


def with_clues(inst: Instance, clues) -> Instance:
    """``inst``: Numberlink has no clue beyond its structure."""
    if clues:
        raise InputError("Numberlink has no clues beyond its endpoints")
    return inst


def clue_name(clue) -> str:
    return str(clue)


class Encoding(contract.Encoding):
    """Shapes, edges, labels and implied no-loop clauses (``_numberlink_sat``);
    ``complete`` adds an eager acyclicity encoding (satlink.rules.graph) so every
    model is a solution. ``options.settings`` are ``_numberlink_sat.DEFAULTS``."""

    def __init__(self, inst: Instance, f, options: contract.Options, pruned: bool = False):
        super().__init__(inst, f, options)
        self.layout = sat.encode(inst, f, options.complete, pruned,
                                 sat.settings_of(options.settings))

    def cuts(self, model) -> list[list[int]]:
        """Region cuts for every closed loop of the candidate (valid: see
        encodings/numberlink.md)."""
        return sat.cuts(self.instance, self.layout, model)

    def decode(self, model) -> Solution:
        """The paths of a model, by following its active edges."""
        return _walk_paths(self.instance, sat.active_adjacency(self.layout, model))

    def focus(self, failed: list[int] | None) -> list[int]:
        """Narrowings for a first solution: the spike rule, then boxes
        (``_numberlink_spike.focus``). The engine asks for them when the
        encoding prunes and one solution is wanted; here too so that an
        unpruned encoding can be searched the same way (the first solution
        needs no pruning)."""
        return spike.focus(self.instance, self.formula, self.layout, failed)


class PrunedEncoding(Encoding):
    """The verdict-mode encoding (``options.prune``): keeps only solutions
    that no local move improves; :meth:`alternative` completes the verdict."""

    def alternative(self, sol: Solution) -> Solution | None:
        if self.instance.touch == "no":
            return None  # nothing is pruned under touch no: the formula had one solution
        return alternative(self.instance, sol)


def encode(inst: Instance, f, options: contract.Options) -> Encoding:
    if options.prune and not options.complete and sat.settings_of(options.settings)["prune"]:
        return PrunedEncoding(inst, f, options, pruned=True)
    return Encoding(inst, f, options)


def alternative(inst: Instance, sol: Solution) -> Solution | None:
    """Another solution made from ``sol`` by one local move, or None.

    The moves (each turns a solution into another one, and is undone by a
    move of the same kind):
    - a switch: a path runs along two opposite sides of a 2 x 2 square in the
      same direction; it takes the other two sides instead, with the
      stretch between them reversed (any fill rule);
    - a transfer: a path makes a U-turn A-B-D-C round a 2 x 2 square and
      the edge E-F just across the bend (E next to B, F next to D) is used;
      the U-turn's path goes A-C instead and E-F's path E-B-D-F (the same
      path or another; any fill rule);
    - a reroute (fill any): a path swaps the stretch between two of its cells
      u and v for another route whose inner cells are empty.
    The engine's pruned search keeps only solutions that no move improves
    (shorter; or as short through later cells; or fewer horizontal edges;
    or a smaller sum of x^2 + y^2 over the used edges),
    and every solution improves by moves into one of those. So when the
    pruned search finds exactly one solution S, the puzzle has another
    solution if and only if some move applies to S; this finds one.
    (Proof in encodings/numberlink.md.)
    """
    where = {cell: (i, j) for i, (_lab, path) in enumerate(sol) for j, cell in enumerate(path)}

    def nbrs(cell):
        r, c = cell
        for dr, dc in DIRS.values():
            if inst.inside(r + dr, c + dc):
                yield r + dr, c + dc

    for i, (lab, path) in enumerate(sol):  # switches
        for j in range(len(path) - 1):
            (r1, c1), (r2, c2) = path[j], path[j + 1]
            for dr, dc in ((c2 - c1, r2 - r1), (c1 - c2, r1 - r2)):  # the two squares beside
                a, b = (r1 + dr, c1 + dc), (r2 + dr, c2 + dc)
                ia, ja = where.get(a, (None, None))
                if ia == i and ja + 1 < len(path) and path[ja + 1] == b and ja > j:
                    new = path[:j + 1] + path[j + 1:ja + 1][::-1] + path[ja + 1:]
                    return sol[:i] + ((lab, new),) + sol[i + 1:]
    for i, (lab, path) in enumerate(sol):  # transfers: a U-turn hands its bend over
        for j in range(len(path) - 3):
            a, b, d, c = path[j:j + 4]
            if abs(a[0] - c[0]) + abs(a[1] - c[1]) != 1:
                continue  # not a U-turn round a 2 x 2 square
            e = (2 * b[0] - a[0], 2 * b[1] - a[1])  # across the bend from a and c
            f = (2 * d[0] - c[0], 2 * d[1] - c[1])
            ie, je = where.get(e, (None, None))
            i_f, jf = where.get(f, (None, None))
            if ie is None or ie != i_f or abs(je - jf) != 1:
                continue
            paths = [list(p) for _l, p in sol]
            paths[i][j + 1:j + 3] = []  # a-c directly
            other = paths[ie]
            lo = min(other.index(e), other.index(f))
            other[lo + 1:lo + 1] = [b, d] if other[lo] == e else [d, b]
            return tuple((lab2, tuple(p)) for (lab2, _p), p in zip(sol, paths))
    if inst.fill != "any":
        return None

    def rerouted(i: int, j1: int, j2: int, route: list[Cell]) -> Solution:
        """Path i with its stretch between positions j1 and j2 replaced by
        ``route``, which runs from a neighbour of path[j1] to one of path[j2]."""
        lab, path = sol[i]
        if j1 > j2:
            j1, j2, route = j2, j1, route[::-1]
        new = (lab, path[:j1 + 1] + tuple(route) + path[j2:])
        return sol[:i] + (new,) + sol[i + 1:]

    for cell, (i, j) in where.items():  # a shortcut: touching, not consecutive
        for other in nbrs(cell):
            i2, j2 = where.get(other, (None, None))
            if i2 == i and abs(j2 - j) > 1:
                return rerouted(i, j, j2, [])
    seen: set[Cell] = set()
    for r in range(inst.height):
        for c in range(inst.width):
            if (r, c) in where or (r, c) in seen:
                continue
            # one region of empty cells, remembering how each cell was reached
            parent: dict[Cell, Cell | None] = {(r, c): None}
            touch: dict[int, tuple[int, Cell]] = {}  # path -> (position, empty cell)
            queue = [(r, c)]
            for x in queue:
                for y in nbrs(x):
                    if y in where:
                        i, j = where[y]
                        if i not in touch:
                            touch[i] = (j, x)
                        elif touch[i][0] != j:  # this region touches path i twice
                            j0, x0 = touch[i]
                            return rerouted(i, j0, j, _tree_path(parent, x0, x))
                    elif y not in parent:
                        parent[y] = x
                        queue.append(y)
            seen.update(parent)
    return None


def _tree_path(parent: dict, a: Cell, b: Cell) -> list[Cell]:
    """The path from ``a`` to ``b`` in a BFS tree given by ``parent`` links."""
    up_a = [a]
    while parent[up_a[-1]] is not None:
        up_a.append(parent[up_a[-1]])
    depth = {cell: k for k, cell in enumerate(up_a)}
    up_b = [b]
    while up_b[-1] not in depth:
        up_b.append(parent[up_b[-1]])
    return up_a[:depth[up_b[-1]]] + up_b[::-1]


# -- independent checking ------------------------------------------------------------------
def verify(inst: Instance, sol: Solution) -> list[str]:
    """Broken rules, checked on the paths themselves (empty when solved)."""
    problems = []
    labels = [lab for lab, _ in sol]
    if labels != list(inst.labels):
        extra = [lab or "(no label)" for lab in labels if lab not in inst.endpoints]
        if extra:
            problems.append(f"cells on a path or loop that joins no pair of labels: {extra}")
        else:
            problems.append(f"expected one path per label {list(inst.labels)}, got {labels}")
    used: dict[Cell, str] = {}
    for lab, path in sol:
        if lab not in inst.endpoints:
            continue
        a, b = inst.endpoints[lab]
        if not path or {path[0], path[-1]} != {a, b} or len(path) < 2:
            problems.append(f"the path of {lab} does not join its two endpoints")
        for u, v in zip(path, path[1:]):
            if abs(u[0] - v[0]) + abs(u[1] - v[1]) != 1:
                problems.append(f"the path of {lab} jumps from {u} to {v}")
        for u in path:
            if not inst.inside(*u):
                problems.append(f"the path of {lab} leaves the board at {u}")
                continue
            if u in used:
                problems.append(f"row {u[0] + 1} column {u[1] + 1} is on the paths of"
                                f" {used[u]} and {lab}")
            used[u] = lab
            g = inst.grid[u[0]][u[1]]
            if g and g != lab:
                problems.append(f"the path of {lab} runs through the endpoint of {g}")
    if inst.touch == "no":
        for lab, path in sol:
            at = {u: j for j, u in enumerate(path)}
            for u, j in at.items():
                for v in ((u[0] + 1, u[1]), (u[0], u[1] + 1)):
                    if v in at and abs(at[v] - j) != 1:
                        problems.append(f"the path of {lab} touches itself at row {u[0] + 1}"
                                        f" column {u[1] + 1} and row {v[0] + 1} column"
                                        f" {v[1] + 1} (touch no)")
    if inst.fill == "all":
        empty = [(r, c) for r in range(inst.height) for c in range(inst.width)
                 if (r, c) not in used]
        if empty:
            r, c = empty[0]
            problems.append(f"{len(empty)} cells are on no path (fill all), first at row"
                            f" {r + 1} column {c + 1}")
    return problems


def cells(inst: Instance, sol: Solution) -> dict[str, str]:
    """Each cell's connections (`ns`, `e`, "" when empty), for where solutions differ."""
    return {f"r{r + 1}c{c + 1}": s for r, row in enumerate(shape_grid(inst, sol))
            for c, s in enumerate(row)}


def solution_json(inst: Instance, sol: Solution) -> dict[str, list[list[int]]]:
    """``{label: [[r, c], ...]}``: each path from its first endpoint (reading order),
    rows and columns counted from 0 at the top left."""
    return {lab: [[r, c] for r, c in path] for lab, path in sol}


# -- drawing ---------------------------------------------------------------------------------
GLYPH = {"ns": "│", "ew": "─", "ne": "└", "nw": "┘", "se": "┌", "sw": "┐",
         "n": "╵", "s": "╷", "e": "╶", "w": "╴", "": "·"}


def render_text(inst: Instance, sol: Solution | None = None) -> str:
    """Box-drawing picture: labels at the endpoints, paths drawn between them."""
    w = max((len(lab) for lab in inst.endpoints), default=1)
    shapes = shape_grid(inst, sol) if sol is not None else None
    lines = ["┌" + "─" * ((w + 1) * inst.width + 1) + "┐"]
    for r in range(inst.height):
        out = []
        for c in range(inst.width):
            s = shapes[r][c] if shapes else ""
            pad = "─" if "w" in s else " "
            lab = inst.grid[r][c]
            out.append(lab.rjust(w, pad) if lab else pad * (w - 1) + GLYPH[s])
            out.append("─" if "e" in s else " ")
        lines.append("│ " + "".join(out) + "│")
    lines.append("└" + "─" * ((w + 1) * inst.width + 1) + "┘")
    return "\n".join(lines)


# -- janko / puzzlekit grid text -------------------------------------------------------------
def from_grid_text(grid) -> Instance:
    """janko.at Arukone text: `ROWS COLS`, rows of numbers and `-`; janko's rule: fill any."""
    rows, cols = grid.header_ints(2)[:2]
    body = grid.grid(1, rows, cols)

    def where(msg, r=None, c=None):
        if r is None:
            return grid.error(msg, grid.lines[0][0].pos)
        return grid.error(msg, body[r][min(c or 0, len(body[r]) - 1)].pos)

    vals = [["" if t.text in ("-", ".") else t.text for t in row] for row in body]
    return make(cols, rows, vals, "any", where)


# -- picture (satlink.render: text and SVG from one description) ---------------------------
from ..render.board import Board, Circle, Line  # noqa: E402


def picture(inst: Instance, solution: Solution | None = None) -> Board:
    """Endpoints as circles with their labels, each path in its label's colour."""
    ends = [Circle(cell, "white", lab) for lab, pair in inst.endpoints.items() for cell in pair]
    group = {lab: i for i, lab in enumerate(inst.labels)}
    paths = [Line(path, group=group[lab]) for lab, path in solution or ()]
    return Board(inst.height, inst.width, lines=paths, circles=ends)


# -- puzz.link (satlink/formats/pzprjs.py) --------------------------------------------
# `numlin` lets cells stay empty (fill any) and labels are numbers; `arukone`
# shows labels 1-52 as A-Z, a-z, fills every cell, and its flag `e` lets cells
# stay empty. An instance with other labels is written as arukone, its labels
# renamed (numbers 1-52 by value, others in order of first appearance).
from ..formats.pzprjs import Board as _Board, Cells as _Cells, Choice as _Choice, \
    Codec as _Codec, Dict as _Dict, Map as _Map, Number16 as _Number16, Unfit as _Unfit

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _numlin_label(label: str) -> int:
    if not (label.isdigit() and label == str(int(label)) and int(label) >= 1):
        raise _Unfit(f"numlin labels are numbers 1, 2, ..., not `{label}`")
    return int(label)


def _numlin_split(inst: Instance) -> _Board:
    if inst.fill != "any":
        raise _Unfit("numlin lets cells stay empty (fill any)")
    return _Board(inst.width, inst.height, inst.grid)


def _arukone_split(inst: Instance) -> _Board:
    labels = inst.labels
    if len(labels) > len(_LETTERS):
        raise _Unfit(f"arukone has {len(_LETTERS)} labels, this puzzle {len(labels)}")
    if all(lab in _LETTERS for lab in labels):
        names = {lab: lab for lab in labels}
    elif all(lab.isdigit() and 1 <= int(lab) <= len(_LETTERS) for lab in labels):
        names = {lab: _LETTERS[int(lab) - 1] for lab in labels}
    else:
        names = dict(zip(labels, _LETTERS))
    grid = tuple(tuple(names.get(x, "") for x in row) for row in inst.grid)
    return _Board(inst.width, inst.height, grid, "e" if inst.fill == "any" else "")


PUZZLINK = _Choice(
    _Codec(
        names=("numlin", "numberlink"),
        body=_Cells(_Dict(_Map(_Number16(low=1, question=False, what="label"),
                               str, _numlin_label), {None: ""})),
        build=lambda b: make(b.cols, b.rows, b.value, "any", b.where),
        split=_numlin_split,
    ),
    _Codec(
        names=("arukone",),
        body=_Cells(_Dict(_Number16(low=1, high=52, question=False, what="label"),
                          {None: "", **dict(enumerate(_LETTERS, 1))})),
        build=lambda b: make(b.cols, b.rows, b.value, "any" if "e" in b.flags else "all",
                             b.where),
        split=_arukone_split,
        flags="e",
    ),
)


GENRE = Genre(
    name=NAME, aliases=("arukone", "flow", "flowfree"),
    summary="join equal labels by non-crossing paths (fill all: every cell used; fill any)",
    instance=Instance,
    text=Written(from_document=from_document, to_pzl=to_pzl, check_header=check_header,
                 expected_solution=expected_solution, from_grid_text=from_grid_text),
    encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, draw_text=render_text,
    puzzlink=PUZZLINK, apply_options=apply_options,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                  removable=False, layout=layout),
)
