"""Tents (Zeltlager): pitch a tent beside every tree.

Rules (janko.at "Zeltlager", puzz.link "tents"): place tents on empty
cells so that every tree has exactly one tent of its own orthogonally
beside it and every tent belongs to exactly one tree (trees and tents pair
up one to one); no two tents touch, not even diagonally; a number beside
a row or column is how many tents it holds (`?`: not shown).

Encoding (encodings/tent.md): a tent variable per empty cell beside some
tree (no other cell can hold one) and a pair variable per tree and tent
cell beside it; each tree exactly one pair, each tent cell exactly its
pairs' disjunction with at most one pair; tents apart as binary clauses
over touching candidates; each tally a cardinality, behind its selector
in selector mode. No lazy rule. The pairs are existential: the answer is
the set of tents.

A solution is the frozenset of tent cells ``(r, c)``, 0-based.
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..contract import Encoding, Options
from ..formats.cellgrid import Answer, Janko, Layout, Tokens, board, given
from ..formats.pzprjs import PzBoard
from ..formats.pzprjs import Codec
from ..formats.pzprjs_cells import OneCell
from ..formats.pzprjs_parts import Cells, ExCells
from ..formats.pzprjs_parts import Seq as PzSeq
from ..formula import Formula
from ..genre import Design, Genre
from ..genre_answers import CELL_SET
from ..render import Board, Label
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ._tallies import TALLIES, clue_name, clues, counted, keywords, lines, with_clues

NAME = "tent"
MAX_SIDE = 100
TREE, TENT = "tree", "tent"


@dataclass(frozen=True)
class Instance:
    """A ``rows`` x ``cols`` board, its trees (sorted) and the tallies of
    its rows and columns (None: not shown); validated when built."""

    rows: int
    cols: int
    trees: tuple[Cell, ...]
    row_tallies: tuple[int | None, ...]
    col_tallies: tuple[int | None, ...]

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, self.trees, "tree")
        object.__setattr__(self, "trees", tuple(sorted(set(self.trees))))
        TALLIES.check(self, lambda side: (0, side), lambda side, kind: f"the cells of a {kind}")

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)


def spots(inst: Instance) -> list[Cell]:
    """The empty cells beside a tree: the only cells a tent may take."""
    trees, g = set(inst.trees), inst.grid
    return sorted({n for t in inst.trees for n in g.neighbours(t) if n not in trees})


# -- the rules ---------------------------------------------------------------------------
class TentEncoding(Encoding):
    """``self.tent``: a variable per cell beside a tree; pair variables tie
    each tree to the tent beside it that is its own."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        g = inst.grid
        self.tent = tent = {c: f.var("tent", *c) for c in spots(inst)}
        pairs: dict[Cell, list[int]] = {c: [] for c in tent}
        for t in inst.trees:  # every tree has exactly one tent of its own beside it
            mine = {n: f.var("pair", *t, *n) for n in g.neighbours(t) if n in tent}
            f.exactly(list(mine.values()), 1)
            for n, v in mine.items():
                pairs[n].append(v)
        for c, v in tent.items():  # a tent belongs to exactly one tree
            f.add([-v, *pairs[c]])
            f.extend([[-p, v] for p in pairs[c]])
            f.at_most(pairs[c], 1)
        for a in tent:  # tents never touch, not even diagonally
            f.extend([[-tent[a], -tent[b]] for b in g.around(a) if b > a and b in tent])
        for *clue, line in lines(inst):
            if clue[2] is None:
                continue
            when = self.when(tuple(clue), "tally", *clue)
            counts.exactly(f, [tent[c] for c in line if c in tent], clue[2], when=when)
        f.declare_answer(list(tent.values()))

    def decode(self, model) -> frozenset[Cell]:
        return frozenset(c for c, v in self.tent.items() if model.value(v))


def encode(inst: Instance, f: Formula, options: Options = Options()) -> TentEncoding:
    return TentEncoding(inst, f, options)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, tents) -> list[str]:
    """Broken rules of a set of tent cells (empty when solved)."""
    g, trees = inst.grid, set(inst.trees)
    problems = [f"the tent at {Grid.name(c)} is off the board or on a tree"
                for c in sorted(tents) if not g.inside(c) or c in trees]
    tents = {c for c in tents if g.inside(c) and c not in trees}
    problems += [f"the tents at {Grid.name(a)} and {Grid.name(b)} touch"
                 for a in sorted(tents) for b in g.around(a) if b > a and b in tents]
    problems += TALLIES.broken(inst, counted(inst, tents), lambda n: f"has {n} tents")
    pairs = nx.Graph()  # trees and tents pair up one to one, each pair side by side
    pairs.add_nodes_from((TREE, t) for t in trees)
    pairs.add_nodes_from((TENT, c) for c in tents)
    pairs.add_edges_from(((TREE, t), (TENT, n)) for t in trees for n in g.neighbours(t)
                         if n in tents)
    matched = len(nx.bipartite.maximum_matching(pairs, top_nodes=[(TREE, t) for t in trees])) // 2
    if len(trees) != len(tents) or matched != len(trees):
        problems.append(f"{len(trees)} trees and {len(tents)} tents pair up beside each other"
                        f" only {matched} times")
    return problems


# -- design: a tally can go and the tents stay a solution ------------------------------------
def clues_of(inst: Instance, tents) -> list[tuple]:
    return counted(inst, tents)


# -- text: `.pzl` and janko grid text ----------------------------------------------------------
#: A cell of the `grid` block: `T` a tree (janko `x`), `.` empty.
TREES = Tokens(what="a tree", expect="`T` (a tree) or `.`", values={"t": TREE},
               aliases={"x": TREE})
#: A tally: a number, `?` (or janko's `-`) not shown.
TALLY = Tokens(what="a tally", expect="a number or `?`", empty=("?", "-"),
               numbers=(0, MAX_SIDE), why="no line is longer")
#: A solution cell: `A` a tent (janko `o`), `T` a tree, `.` empty.
SOLUTION = Tokens(expect="`A` (a tent), `T` (a tree) or `.`", values={"a": TENT, "t": TREE},
                  aliases={"o": TENT, "x": TREE})
JANKO_TREES = Tokens(what="a tree", expect="`x` (a tree) or `-`", values={"x": TREE})

#: `size C x R`, the `rows` and `cols` tallies, a `grid` of trees; janko:
#: `ROWS COLS`, the column tallies, the row tallies, the grid.
FORMAT = Layout(
    NAME, MAX_SIDE, {"grid": TREES},
    keywords=keywords(TALLY),
    # the tallies come as the keywords `rows` and `cols`: the board's sides are r and c here
    build=lambda r, c, grid, rows, cols: Instance(r, c, tuple(x for x, _ in given(grid)),
                                                  rows, cols),
    split=lambda inst: (inst.rows, inst.cols,
                        board(inst.rows, inst.cols, dict.fromkeys(inst.trees, TREE)),
                        {"rows": inst.row_tallies, "cols": inst.col_tallies}),
    solution=Answer(SOLUTION, read=lambda grid: frozenset(c for c, v in given(grid) if v == TENT),
                    write=lambda inst, sol: board(inst.rows, inst.cols, {
                        **dict.fromkeys(inst.trees, TREE), **dict.fromkeys(sol, TENT)})),
    janko=Janko(JANKO_TREES, lines=("cols", "rows")),
)


# -- output ------------------------------------------------------------------------------------
def picture(inst: Instance, solution=None) -> Board:
    """Trees `T`, tents `A` when solved, the row tallies at the right and
    the column tallies below."""
    labels = [Label(c, "T", given=True) for c in inst.trees]
    labels += [Label(c, "A") for c in sorted(solution or ())]
    labels += TALLIES.labels(inst, given=True)
    return Board(inst.rows, inst.cols, labels=labels)


# -- puzz.link ---------------------------------------------------------------------------------
def _from_puzzlink(b: PzBoard) -> Instance:
    (col_tallies, row_tallies), trees = b.value
    return Instance(b.rows, b.cols, tuple(c for c, _ in given(trees)), row_tallies, col_tallies)


#: pzprjs `tents`: the tallies (columns above, then rows on the left), then the trees.
PUZZLINK = Codec(
    names=("tents",), body=PzSeq(ExCells(), Cells(OneCell())), build=_from_puzzlink,
    split=lambda inst: PzBoard(inst.rows, inst.cols, (
        (inst.col_tallies, inst.row_tallies),
        board(inst.rows, inst.cols, dict.fromkeys(inst.trees, True)))))


GENRE = Genre(
    name=NAME, aliases=("Tent", "tents", "zeltlager"),
    summary="pitch a tent beside every tree, one each; tents never touch; row and column tallies",
    instance=Instance, text=FORMAT, encode=encode, verify=verify, clues=clues,
    answer=CELL_SET, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
