"""Sudoku of any size n = box_w * box_h, with givens.

Rules: every row, column and box holds each digit 1..n exactly once.
Encoding (encodings/sudoku.md): x(r,c,d) per cell and digit, exactly one
per cell, and exactly one per digit in every row, column and box.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from .. import contract
from ..errors import InputError
from ..formula import Formula
from ..lang import Document, format_rows, is_natural, natural
from ..genre import Design, Genre, Written

NAME = "sudoku"
#: Largest size accepted (documented in the README): n = 64 has 262,144 cell variables.
MAX_SIZE = 64


@dataclass(frozen=True)
class Instance:
    size: int
    box_w: int  # columns in a box
    box_h: int  # rows in a box
    givens: tuple[tuple[int, ...], ...]  # 0 = blank

    def boxes(self) -> list[list[tuple[int, int]]]:
        """The cells of every box, box by box in reading order."""
        return _boxes(self.size, self.box_w, self.box_h)


@lru_cache(maxsize=None)
def _boxes(n: int, bw: int, bh: int) -> list[list[tuple[int, int]]]:
    return [[(r, c) for r in range(br, br + bh) for c in range(bc, bc + bw)]
            for br in range(0, n, bh) for bc in range(0, n, bw)]


def default_box(n: int) -> tuple[int, int]:
    """(box_w, box_h): the squarest split with box_w >= box_h (6 -> 3x2)."""
    h = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return n // h, h


def make(size: int, givens, box: tuple[int, int] | None = None, where=None) -> Instance:
    """Build and validate an Instance. ``where(r, c)`` gives an error position."""
    def err(msg, r=None, c=None):
        if where is not None:
            return where(msg, r, c)
        return InputError(msg)

    if not 1 <= size <= MAX_SIZE:
        raise err(f"size {size} is outside 1..{MAX_SIZE}")
    bw, bh = box or default_box(size)
    if bw * bh != size:
        raise err(f"boxes of {bw}x{bh} hold {bw * bh} cells, size says {size}")
    rows = tuple(tuple(row) for row in givens)
    if len(rows) != size:
        raise err(f"the grid has {len(rows)} rows, size says {size}")
    for r, row in enumerate(rows):
        if len(row) != size:
            raise err(f"row {r + 1} has {len(row)} cells, size says {size}", r)
        for c, v in enumerate(row):
            if not 0 <= v <= size:
                raise err(f"digit {v} is out of range 1..{size}", r, c)
    return Instance(size, bw, bh, rows)


# -- .pzl ---------------------------------------------------------------------
def from_document(doc: Document) -> Instance:
    doc.check_keywords({"size", "box", "grid", "solution"})
    size_e = doc.entry("size", required=True)
    if len(size_e.values) != 1 or not is_natural(size_e.values[0].text):
        raise doc.error("expected `size N`, for example `size 9`", size_e.pos)
    n = natural(size_e.values[0].text)
    if not 1 <= n <= MAX_SIZE:
        raise doc.error(f"size {n} is outside 1..{MAX_SIZE}", size_e.values[0].pos)
    box = None
    box_e = doc.entry("box")
    if box_e is not None:
        parts = box_e.values[0].text.lower().split("x") if len(box_e.values) == 1 else []
        if len(parts) != 2 or not all(is_natural(p) and natural(p) > 0 for p in parts):
            raise doc.error("expected `box WxH`, for example `box 3x2`", box_e.pos)
        box = (natural(parts[0]), natural(parts[1]))
        if box[0] * box[1] != n:
            raise doc.error(f"boxes of {box[0]}x{box[1]} hold {box[0] * box[1]} cells,"
                            f" size says {n}", box_e.values[0].pos)
    grid_e = doc.entry("grid", required=True)
    rows = _read_grid(doc, grid_e, n)
    inst = make(n, rows, box)
    sol_e = doc.entry("solution")
    if sol_e is not None:
        _read_grid(doc, sol_e, n, blanks=False)
    return inst


def _read_grid(doc: Document, entry, n: int, blanks: bool = True) -> list[list[int]]:
    out = []
    for row in doc.block_rows(entry, n, n):
        vals = []
        for tok in row:
            v = parse_digit(tok.text, n)
            if v is None:
                raise doc.error(f"`{tok.text}` is not a digit 1-{n} or `.`", tok.pos)
            if v == 0 and not blanks:
                raise doc.error("a solution has no blank cells", tok.pos)
            if v > n:
                raise doc.error(f"digit {v} is out of range 1..{n}", tok.pos)
            vals.append(v)
        out.append(vals)
    return out


def parse_digit(text: str, n: int) -> int | None:
    """`.`/`-`/`0` -> 0, decimal numbers as they are; None when not a digit."""
    if text in (".", "-", "0"):
        return 0
    if is_natural(text):
        return natural(text)
    return None


def expected_solution(doc: Document) -> tuple[tuple[int, ...], ...] | None:
    """The `solution` block of a document, if it has one."""
    e = doc.entry("solution")
    if e is None:
        return None
    n = natural(doc.entry("size").values[0].text)
    return tuple(tuple(r) for r in _read_grid(doc, e, n, blanks=False))


def to_pzl(inst: Instance, solution=None) -> str:
    lines = ["puzzle sudoku", f"size {inst.size}"]
    if (inst.box_w, inst.box_h) != default_box(inst.size):
        lines.append(f"box {inst.box_w}x{inst.box_h}")
    lines.append("grid")
    lines += format_rows([[str(v) if v else "." for v in row] for row in inst.givens])
    if solution is not None:
        lines.append("solution")
        lines += format_rows([[str(v) for v in row] for row in solution])
    return "\n".join(lines) + "\n"


# -- encoding ------------------------------------------------------------------
def shape(inst: Instance):
    return (inst.size, inst.box_w, inst.box_h)


def clues(inst: Instance) -> list[tuple[int, int, int]]:
    """The givens, as (row, column, digit) with 0-based row and column."""
    return [(r, c, v) for r, row in enumerate(inst.givens) for c, v in enumerate(row) if v]


# -- design (satlink.design: minimize, generate, analyze) --------------------------


def clues_of(inst: Instance, sol) -> list[tuple[int, int, int]]:
    """Every given the board could show that ``sol`` obeys: each cell's digit."""
    return [(r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row)]


def with_clues(inst: Instance, givens) -> Instance:
    """``inst`` with exactly these givens."""
    grid = [[0] * inst.size for _ in range(inst.size)]
    for r, c, v in givens:
        grid[r][c] = v
    return replace(inst, givens=tuple(map(tuple, grid)))


def clue_name(clue: tuple[int, int, int]) -> str:
    """`r3c4`, 1-based."""
    return f"r{clue[0] + 1}c{clue[1] + 1}"


def blank(width: int, height: int, params: dict) -> Instance:
    """An empty n x n grid; ``params`` may give ``box`` as (width, height)."""
    if width != height:
        raise InputError(f"a sudoku is square, not {width} x {height}")
    return make(width, [[0] * width] * width, params.get("box"))


def unavoidable(inst: Instance, solution, limit: int = 16) -> list[list[tuple[int, int, int]]]:
    """Minimal unavoidable sets of the full grid ``solution`` (every unique
    puzzle with that solution has a given in each) of at most ``limit``
    cells, as givens, smallest first: found by rearranging the cells of
    every 4 digits (2 above 9 x 9, where 4 would take long), so all of at
    most 8 (4) cells and the larger ones whose cells hold that few digits."""
    from ._sudoku_sets import unavoidable_sets

    digits = 4 if inst.size <= 9 else 2
    return [[(r, c, solution[r][c]) for r, c in cells]
            for cells in unavoidable_sets(solution, inst.box_w, inst.box_h, digits, limit)]


class Encoding(contract.Encoding):
    """``cell(r, c, d)`` (1-based) for every digit a cell may still hold.

    With the clues applied directly (the default) a given cell has no
    variables, and a digit is no candidate of a cell whose row, column or
    box already holds it as a given: no clause is satisfied by a given and
    no variable is fixed by one. In selector mode every cell has all n
    digits and a clue's selector is its cell variable.
    """

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        n = inst.size
        direct = options.clues == "direct"
        units = ([[(r, c) for c in range(n)] for r in range(n)]
                 + [[(r, c) for r in range(n)] for c in range(n)] + inst.boxes())
        placed: list[set[int]] = [set() for _ in units]
        unit_of: dict[tuple[int, int], list[int]] = {}
        for u, unit in enumerate(units):
            for cell in unit:
                unit_of.setdefault(cell, []).append(u)
        impossible = False
        if direct:
            for r, c, v in clues(inst):
                for u in unit_of[(r, c)]:
                    impossible |= v in placed[u]
                    placed[u].add(v)
        self.givens = inst.givens if direct else None
        #: (r, c) -> [(digit, variable)], the candidates of each open cell
        self.cands: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for r in range(n):
            for c in range(n):
                if direct and inst.givens[r][c]:
                    continue
                taken = set().union(*(placed[u] for u in unit_of[(r, c)]))
                self.cands[(r, c)] = [(d, f.var("cell", r + 1, c + 1, d))
                                      for d in range(1, n + 1) if d not in taken]
        self.digit_of = {v: (r, c, d) for (r, c), ds in self.cands.items() for d, v in ds}
        f.declare_answer(self.digit_of, one_hot=True)
        if impossible:
            f.add([])  # a digit given twice in one row, column or box
        for lits in self.cands.values():
            f.exactly_one([v for _, v in lits])
        for u, unit in enumerate(units):
            by_digit: dict[int, list[int]] = {d: [] for d in range(1, n + 1)
                                              if d not in placed[u]}
            for cell in unit:
                for d, v in self.cands.get(cell, ()):
                    by_digit[d].append(v)
            for lits in by_digit.values():
                f.exactly_one(lits)
        if not direct:
            self.selectors = {(r, c, d): v for (r, c), ds in self.cands.items()
                              for d, v in ds}

    def decode(self, model) -> tuple[tuple[int, ...], ...]:
        """The grid of digits; a cell with no (or several) true digits decodes
        as 0, which verify then reports."""
        n = self.instance.size
        grid = [list(row) for row in self.givens] if self.givens else [[0] * n for _ in range(n)]
        seen: dict[tuple[int, int], int] = {}
        for v in model.true_answer():
            r, c, d = self.digit_of[v]
            grid[r][c] = d
            seen[(r, c)] = seen.get((r, c), 0) + 1
        for cell in self.cands:
            if seen.get(cell) != 1:
                grid[cell[0]][cell[1]] = 0
        return tuple(tuple(row) for row in grid)


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    """Rules, with the givens applied directly or behind selectors (the cell
    variables themselves). No rule is lazy, so ``complete`` changes nothing."""
    return Encoding(inst, f, options)


# -- independent checking --------------------------------------------------------
def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a filled grid, written from the rules (empty when solved)."""
    n = inst.size
    problems = []
    if len(sol) != n or any(len(row) != n for row in sol):
        return [f"the grid is not {n} x {n}"]
    full = set(range(1, n + 1))
    for r, (grow, srow) in enumerate(zip(inst.givens, sol)):
        for c, (g, v) in enumerate(zip(grow, srow)):
            if g and v != g:
                problems.append(f"r{r + 1}c{c + 1} is {v}, the given is {g}")
    for r in range(n):
        if set(sol[r]) != full:
            problems.append(f"row {r + 1} does not hold every digit once")
    for c, column in enumerate(zip(*sol)):
        if set(column) != full:
            problems.append(f"column {c + 1} does not hold every digit once")
    for i, box in enumerate(inst.boxes()):
        if {sol[r][c] for r, c in box} != full:
            problems.append(f"box {i + 1} does not hold every digit once")
    return problems


def cells(inst: Instance, sol) -> dict[str, int]:
    """Cell name (`r3c4`) -> digit."""
    return dict(zip(_cell_names(inst.size), (v for row in sol for v in row)))


@lru_cache(maxsize=None)
def _cell_names(n: int) -> tuple[str, ...]:
    return tuple(f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n))


def solution_json(inst: Instance, sol) -> list[list[int]]:
    return [list(row) for row in sol]


# -- drawing ------------------------------------------------------------------
def render_text(inst: Instance, sol=None) -> str:
    """Box-drawing picture; givens are shown plain, solved digits too (blank `·`)."""
    n, bw, bh = inst.size, inst.box_w, inst.box_h
    grid = sol if sol is not None else inst.givens
    w = len(str(n))
    seg = "─" * (bw * (w + 1) + 1)

    def rule(left, mid, right):
        return left + mid.join([seg] * (n // bw)) + right

    lines = [rule("┌", "┬", "┐")]
    for r in range(n):
        if r and r % bh == 0:
            lines.append(rule("├", "┼", "┤"))
        parts = []
        for bc in range(0, n, bw):
            parts.append(" " + " ".join(
                (str(grid[r][c]) if grid[r][c] else "·").rjust(w) for c in range(bc, bc + bw)) + " ")
        lines.append("│" + "│".join(parts) + "│")
    lines.append(rule("└", "┴", "┘"))
    return "\n".join(lines)


# -- janko / puzzlekit grid text ---------------------------------------------------
def from_grid_text(grid) -> Instance:
    rows, cols = grid.header_ints(2)[:2]
    if rows != cols:
        raise grid.error(f"a Sudoku is square; the header says {rows} x {cols}",
                         grid.lines[0][0].pos)
    if not 1 <= rows <= MAX_SIZE:
        raise grid.error(f"size {rows} is outside 1..{MAX_SIZE}", grid.lines[0][0].pos)
    body = grid.grid(1, rows, cols)
    vals = []
    for row in body:
        out = []
        for tok in row:
            v = parse_digit(tok.text, rows)
            if v is None or v > rows:
                raise grid.error(f"`{tok.text}` is not a digit 1-{rows} or `-`", tok.pos)
            out.append(v)
        vals.append(out)
    return make(rows, vals)


# -- picture (satlink.render: text and SVG from one description) ---------------------------
from ..render.board import Board, Label, region_borders  # noqa: E402


def picture(inst: Instance, solution=None) -> Board:
    """The grid with its box borders; givens as clues, solved digits as answers."""
    n = inst.size
    labels = []
    for r in range(n):
        for c in range(n):
            given = inst.givens[r][c]
            value = given or (solution[r][c] if solution is not None else 0)
            if value:
                labels.append(Label((r, c), str(value), given=bool(given)))
    borders = region_borders(n, n, lambda cell: (cell[0] // inst.box_h, cell[1] // inst.box_w))
    return Board(n, n, edges=borders, labels=labels)


# -- puzz.link (satlink/formats/pzprjs.py) --------------------------------------------
from ..formats.pzprjs import Board as _Board, Cells as _Cells, Codec as _Codec, \
    Dict as _Dict, Number16 as _Number16, Unfit as _Unfit


def _puzzlink_box(n: int) -> tuple[int, int]:
    """The boxes puzz.link draws on a size-n board: isqrt(n) square, 3x2 for 6."""
    return (3, 2) if n == 6 else (math.isqrt(n), math.isqrt(n))


def _puzzlink_split(inst: Instance) -> _Board:
    if (inst.box_w, inst.box_h) != _puzzlink_box(inst.size):
        raise _Unfit("puzz.link draws {}x{} boxes on a size-{} board, this one has {}x{}".format(
            *_puzzlink_box(inst.size), inst.size, inst.box_w, inst.box_h))
    return _Board(inst.size, inst.size, inst.givens)


PUZZLINK = _Codec(
    names=("sudoku",),
    body=_Cells(_Dict(_Number16(low=1, question=False, what="digit"), {None: 0})),
    build=lambda b: make(b.cols, b.value, _puzzlink_box(b.cols), b.where),
    split=_puzzlink_split,
    square=True,
)


GENRE = Genre(
    name=NAME, aliases=("sud",),
    summary="n x n Latin square with boxes (4, 6 with 3x2 boxes, 9, 16, 25, ...)",
    instance=Instance,
    text=Written(from_document=from_document, to_pzl=to_pzl,
                 expected_solution=expected_solution, from_grid_text=from_grid_text),
    encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, draw_text=render_text,
    puzzlink=PUZZLINK, batch_shape=shape,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name, blank=blank,
                  unavoidable=unavoidable),
)
