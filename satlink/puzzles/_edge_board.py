"""The board Skyscrapers and Easy as ABC share: an n x n square whose rows
and columns each hold the values 1..k once (n - k cells of each line
blank), givens in the grid, and clues outside it at the ends of the rows
and columns. What a clue says (the buildings seen, the first letter seen)
and how values are written (heights, letters) stay in each genre; the
rule is :mod:`satlink.rules.edge_views`.

A solution is the grid of values, a tuple of row tuples, 0 for a blank.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .. import contract
from ..formats.cellgrid import Answer, CellError, Janko, Keyword, Layout, Tokens, given
from ..errors import Pos
from ..formula import Formula
from ..genre import Written
from ..render import Board, Label, Shade
from ..rules.edge_views import BLANK, SIDES, EdgeSquare, line

MAX_SIDE = 30
#: A side's clues: one per line (None: no clue), top and bottom per column,
#: left and right per row.
Clues = tuple


@dataclass(frozen=True)
class Instance:
    """``size`` x ``size``, values 1..``k``; ``givens[r][c]`` (None, a value
    or :data:`BLANK`); the clues on each side; ``diagonal``: both main
    diagonals hold every value too."""

    size: int
    k: int
    givens: tuple[tuple[int | None, ...], ...]
    top: Clues
    bottom: Clues
    left: Clues
    right: Clues
    diagonal: bool = False

    def __post_init__(self) -> None:
        n, k = self.size, self.k
        if not 1 <= k <= n:
            raise CellError(f"{k} values do not fit a line of {n} cells", (0, 0))
        for (r, c), v in given(self.givens):
            if v > k:
                raise CellError(f"value {v} at row {r + 1}, column {c + 1} is above {k}",
                                (r, c), "grid")
        for side in SIDES:
            clues = getattr(self, side)
            if len(clues) != n:
                raise CellError(f"the {side} clues are {len(clues)}, the board has {n} lines",
                                (0, 0), side)
            for i, v in enumerate(clues):  # at most k skyscrapers seen, one of k letters
                if v is not None and not 1 <= v <= k:
                    raise CellError(f"clue {v} on the {side} of line {i + 1} is outside"
                                    f" 1..{k}", (0, i), side)

    def side(self, side: str) -> Clues:
        return getattr(self, side)

    def diagonals(self) -> list[list[tuple[int, int]]]:
        n = self.size
        return [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]] \
            if self.diagonal else []

    def edge_clues(self) -> list[tuple[str, int, int]]:
        """(side, line, value) of every clue shown."""
        return [(s, i, v) for s in SIDES for i, v in enumerate(self.side(s)) if v is not None]


# -- the rules ---------------------------------------------------------------------------
def clues(inst: Instance) -> list[tuple]:
    """The givens ``(r, c, v)`` and the edge clues ``(side, i, v)``."""
    return [(r, c, v) for (r, c), v in given(inst.givens)] + inst.edge_clues()


class EdgeEncoding(contract.Encoding):
    """:attr:`square` (an :class:`EdgeSquare`; ``units``: its units beside
    the rows and columns, the diagonals by default) and ``rule(square,
    side, i, v, when)`` for each edge clue, behind its selector in selector
    mode; ``ceilings(inst)``, where given, the square's ``ceilings`` (what
    the clues imply, applied with the clues given directly)."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options, rule,
                 units=None, ceilings=None) -> None:
        super().__init__(inst, f, options)
        direct = options.clues == "direct"
        self.square = sq = EdgeSquare(f, inst.size, inst.size, inst.k,
                                      {c: v for c, v in given(inst.givens)},
                                      inst.diagonals() if units is None else units,
                                      selectors=not direct,
                                      ceilings=ceilings(inst) if ceilings and direct else None)
        for side, i, v in inst.edge_clues():
            when = self.when((side, i, v), "clue", side, i)
            rule(sq, side, i, v, when)

    def selector(self, clue) -> int:
        if isinstance(clue[0], int):
            r, c, v = clue
            x = self.square.selector((r, c), v)
            if x is None:  # a blank given where no line has room for one: never holds
                x = self.selectors.setdefault(clue, self.formula.var("given", r, c, v))
                self.formula.add([-x])
            return x
        return super().selector(clue)

    def decode(self, model):
        return self.square.values(model)


def verify(inst: Instance, sol, seen: Callable, name: Callable[[int], str]) -> list[str]:
    """Broken rules of a filled grid: values, lines, givens, then each edge
    clue against ``seen(values in view order)``; ``name`` writes a value."""
    n = inst.size
    if len(sol) != n or any(len(row) != n for row in sol):
        return [f"the grid is not {n} x {n}"]
    values = {(r, c): v for r, row in enumerate(sol) for c, v in enumerate(row)}
    problems = [f"r{r + 1}c{c + 1} holds {v}, not one of 0-{inst.k}"
                for (r, c), v in values.items() if not 0 <= v <= inst.k]
    if problems:
        return problems
    units = [(f"row {r + 1}", line(n, n, "left", r)) for r in range(n)]
    units += [(f"column {c + 1}", line(n, n, "top", c)) for c in range(n)]
    units += [(f"diagonal {d + 1}", u) for d, u in enumerate(inst.diagonals())]
    for unit, cells in units:
        held = sorted(values[c] for c in cells if values[c] != BLANK)
        if held != list(range(1, inst.k + 1)):
            problems.append(f"{unit} holds {' '.join(map(name, held)) or 'nothing'},"
                            f" not each of {name(1)}-{name(inst.k)} once")
    problems += [f"r{r + 1}c{c + 1} holds {name(values[r, c])}, the given is {name(v)}"
                 for (r, c), v in given(inst.givens) if values[r, c] != v]
    for side, i, v in inst.edge_clues():
        got = seen([values[c] for c in line(n, n, side, i)])
        if got != v:
            problems.append(f"the clue {name(v)} on the {side} of line {i + 1} sees {name(got)}")
    return problems


# -- design: a given or an edge clue can go ----------------------------------------------------
def clues_of(inst: Instance, sol, seen: Callable) -> list[tuple]:
    n = inst.size
    out = [(r, c, v) for r, row in enumerate(sol) for c, v in enumerate(row)]
    return out + [(s, i, seen([sol[r][c] for r, c in line(n, n, s, i)]))
                  for s in SIDES for i in range(n)]


def with_clues(inst: Instance, chosen) -> Instance:
    n = inst.size
    grid = [[None] * n for _ in range(n)]
    sides = {s: [None] * n for s in SIDES}
    for clue in chosen:
        if isinstance(clue[0], int):
            grid[clue[0]][clue[1]] = clue[2]
        else:
            sides[clue[0]][clue[1]] = clue[2]
    return replace(inst, givens=tuple(map(tuple, grid)),
                   **{s: tuple(v) for s, v in sides.items()})


def clue_name(clue) -> str:
    """`r3c4` for a given, `top2` for a clue above column 2."""
    if isinstance(clue[0], int):
        return f"r{clue[0] + 1}c{clue[1] + 1}"
    return f"{clue[0]}{clue[1] + 1}"


def make_blank(rows: int, cols: int, params: dict) -> Instance:
    """An n x n board without clues; ``params`` may give ``k`` (default n)."""
    n = cols
    if cols != rows:
        raise CellError(f"the board is square, not {cols} x {rows}", (0, 0))
    empty = (None,) * n
    return Instance(n, params.get("k", n), (empty,) * n, empty, empty, empty, empty,
                    params.get("diagonal", False))


# -- text ------------------------------------------------------------------------------------
DIAGONAL = Tokens(what="`yes` or `no`", expect="`yes` or `no`",
                  values={"yes": True, "no": False}, aliases={"d": True})


def layout(name: str, values_word: str, count: Tokens, cell: Tokens, clue: Tokens,
           filled: Tokens) -> Written:
    """`size N`, the `values_word` line (k), `diagonals yes` when so, the
    clue lines `top`, `bottom`, `left`, `right` (absent: no clue on that
    side; `.`: none there), a `grid` of givens and a `solution` of values;
    janko: `N N K`, or `N N K D` with the diagonals, the four clue lines,
    then the grid."""

    def build(rows, cols, grid, **kw):
        k, diagonal = kw.pop(values_word), kw.pop("diagonals")
        if k > rows:
            raise CellError(f"{k} values do not fit a line of {rows} cells", (0, 0), values_word)
        return Instance(rows, k, grid, diagonal=diagonal,
                        **{s: v or (None,) * rows for s, v in kw.items()})

    def split(inst):
        return (inst.size, inst.size, inst.givens,
                {values_word: inst.k, "diagonals": inst.diagonal,
                 **{s: inst.side(s) if any(v is not None for v in inst.side(s)) else None
                    for s in SIDES}})

    keywords = {values_word: Keyword(count, always=True),
                "diagonals": Keyword(DIAGONAL, default=False)}
    keywords.update({s: Keyword(clue, count="cols" if s in ("top", "bottom") else "rows",
                                default=None) for s in SIDES})
    fmt = Layout(name, MAX_SIDE, {"grid": cell}, build=build, split=split, keywords=keywords,
                 solution=Answer(filled, read=lambda grid: grid, write=lambda inst, sol: sol),
                 janko=Janko(cell, solution=filled, lines=SIDES), square=True)

    def from_grid_text(grid):
        # `ROWS COLS K [D]`: K (a letter in Easy as ABC) and D read here, the
        # rest by the layout
        head = grid.lines[0] if grid.lines else []
        if len(head) not in (3, 4):
            raise grid.error(f"the first line must be `ROWS COLS {values_word.upper()}`"
                             " (and `D` with diagonals)", head[0].pos if head else Pos(grid.file, 1, 1))
        k = keywords[values_word].words(values_word, head[2:3], 1, 1, grid.error, head[2].pos)
        diag = len(head) == 4 and keywords["diagonals"].words(
            "diagonals", head[3:], 1, 1, grid.error, head[3].pos)
        known = replace(fmt.janko, keywords={values_word: k, "diagonals": diag})
        return replace(fmt, janko=known).from_grid_text(_plain(grid))

    def solution_from_grid_text(grid, inst):
        if isinstance(grid, str):
            from ..formats.grid_text import split as split_text

            grid = split_text(grid, "<solution>")
        return fmt.solution_from_grid_text(_plain(grid), inst)

    return Written(from_document=fmt.from_document, to_pzl=fmt.to_pzl,
                   check_header=fmt.check_header, expected_solution=fmt.expected_solution,
                   from_grid_text=from_grid_text, solution_from_grid_text=solution_from_grid_text)


def sides_layout(name: str, max_side: int, cell: Tokens, clue: Tokens, filled: Tokens,
                 build: Callable, split_givens: Callable) -> Layout:
    """`size N`, the clue lines `top`, `bottom`, `left`, `right` (absent:
    none on that side; `.`: none there), a `grid` of givens, a `solution`
    of digits; janko: `N N`, the four clue lines, the grid (the Sudoku
    variants). ``build(n, grid, sides)`` -> Instance (``sides``: side ->
    clues), ``split_givens(inst)`` -> the grid of givens; the Instance has
    ``size`` and ``side(s)``."""
    return Layout(
        name, max_side, {"grid": cell},
        keywords={s: Keyword(clue, count="cols" if s in ("top", "bottom") else "rows",
                             default=None) for s in SIDES},
        build=lambda rows, cols, grid, **sides: build(
            rows, grid, {s: v or (None,) * rows for s, v in sides.items()}),
        split=lambda inst: (inst.size, inst.size, split_givens(inst),
                            {s: inst.side(s) if any(v is not None for v in inst.side(s))
                             else None for s in SIDES}),
        solution=Answer(filled, read=lambda grid: grid, write=lambda inst, sol: sol),
        janko=Janko(cell, solution=filled, lines=SIDES), square=True)


def _plain(grid):
    """The grid text with its first line cut to `ROWS COLS`."""
    return replace(grid, lines=[grid.lines[0][:2], *grid.lines[1:]]) if grid.lines else grid


def picture(inst: Instance, solution, name: Callable[[int], str]) -> Board:
    """The clues around the grid, the givens and the solved values (a blank
    solved cell stays empty); the diagonals gray when they count."""
    n = inst.size
    labels = []
    for r in range(n):
        for c in range(n):
            g = inst.givens[r][c]
            v = g if g is not None else (solution[r][c] if solution is not None else None)
            if v:
                labels.append(Label((r, c), name(v), given=g is not None))
    at = {"top": lambda i: (-1, i), "bottom": lambda i: (n, i),
          "left": lambda i: (i, -1), "right": lambda i: (i, n)}
    labels += [Label(at[s](i), name(v)) for s, i, v in inst.edge_clues()]
    shades = [Shade(c, "gray") for c in sorted({c for u in inst.diagonals() for c in u})]
    return Board(n, n, labels=labels, shades=shades)
