"""Magnetic (Magnets, Magnete): dominoes that are magnets or neutral.

Rules (janko.at "Magnete"): the board is divided into dominoes. Each
domino is either a magnet, one half `+` and the other `-`, or neutral
(both halves empty). Two orthogonally adjacent cells never hold the same
pole. The numbers beside the board say how many `+` (and how many `-`)
each row and column holds; some cells may be given.

Encoding (encodings/magnetic.md): two variables per cell (`+`, `-`, at
most one), each domino's halves opposite (a `+` faces a `-`, empty faces
empty), no equal poles side by side across dominoes, every tally a
cardinality and every given cell a unit, each behind its selector in
selector mode. All clauses: no lazy rule.

A solution is the frozenset of ``(cell, pole)``, pole ``+`` or ``-``;
the other cells are neutral.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..contract import Encoding, Options
from ..formats.cellgrid import (REGIONS, Answer, CellError, Janko, Tokens, board, given,
                                region_grid)
from ..formats.optional_block import OptionalFirst
from ..formats.pzprjs_magnetic import magnets_codec
from ..formula import Formula
from ..genre import Design, Genre
from ..render import Board, Label, region_borders
from ..rules import counts
from ..rules.grid import Cell, Grid, check_board
from ..rules.rooms import rooms_of
from ._tallies import NamedTallies

NAME = "magnetic"
MAX_SIDE = 100
PLUS, MINUS, NEUTRAL = "+", "-", "x"
#: The tallies, as keyword lines: (pole, "row" or "col").
TALLIES = NamedTallies({"plus_cols": (PLUS, "col"), "minus_cols": (MINUS, "col"),
                        "plus_rows": (PLUS, "row"), "minus_rows": (MINUS, "row")})


@dataclass(frozen=True)
class Instance:
    """A board of dominoes (``regions``: a label per cell, numbered in
    reading order), the tallies (keyword -> a number or None per line) and
    the given cells ``(cell, + - or x)``, sorted."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    tallies: tuple[tuple[str, tuple[int | None, ...]], ...]
    givens: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        check_board(self.rows, self.cols, MAX_SIDE, (c for c, _ in self.givens), "given cell")
        for cells_ in rooms_of(self.regions):
            if len(cells_) != 2:
                raise CellError(f"the region at {Grid.name(cells_[0])} has {len(cells_)} cells:"
                                " every region is a domino", cells_[0], "regions")
        object.__setattr__(self, "tallies", tuple(sorted(dict(self.tallies).items())))
        object.__setattr__(self, "givens", tuple(sorted(self.givens)))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def dominoes(self) -> list[tuple[Cell, Cell]]:
        return [tuple(room) for room in rooms_of(self.regions)]


# -- the rules ---------------------------------------------------------------------------
class MagneticEncoding(Encoding):
    """``self.pole[(cell, pole)]``: the cell holds that pole."""

    def __init__(self, inst: Instance, f: Formula, options: Options) -> None:
        super().__init__(inst, f, options)
        p = self.pole = {(c, s): f.var("pole", *c, s) for c in inst.grid.cells
                         for s in (PLUS, MINUS)}
        f.declare_answer(p.values())
        partner = {}
        for a, b in inst.dominoes:
            partner[a], partner[b] = b, a
            for s, t in ((PLUS, MINUS), (MINUS, PLUS)):  # a magnet's halves are opposite
                f.extend([[-p[(a, s)], p[(b, t)]], [-p[(b, t)], p[(a, s)]]])
        add = f.clauses.append
        for c in inst.grid.cells:
            add([-p[(c, PLUS)], -p[(c, MINUS)]])
            for d in ((c[0], c[1] + 1), (c[0] + 1, c[1])):
                if d in partner and partner[c] != d:  # equal poles repel
                    add([-p[(c, PLUS)], -p[(d, PLUS)]])
                    add([-p[(c, MINUS)], -p[(d, MINUS)]])
        magnet: dict[Cell, int] = {}  # a domino's first cell -> "it is a magnet"
        for kw, i, n, pole, line in TALLIES.shown(inst):
            counts.exactly(f, self._terms(line, pole, partner, magnet), n,
                           when=self.when((kw, i, n), "clue", kw, i))
        for cell, v in inst.givens:
            with counts.guarded(f, self.when((cell, v), "clue", *cell)):
                f.extend([[-p[(cell, s)]] for s in (PLUS, MINUS)] if v == NEUTRAL
                         else [[p[(cell, v)]]])

    def _terms(self, line, pole, partner, magnet) -> list[int]:
        """The literals whose true ones a tally of ``pole`` on ``line``
        counts: a domino lying along the line holds that pole once if it is
        a magnet (one literal, "magnet", made once), another cell its pole."""
        p, f, inside, out = self.pole, self.formula, set(line), []
        for c in line:
            d = partner[c]
            if d not in inside:
                out.append(p[(c, pole)])
            elif c < d:
                if c not in magnet:
                    m = magnet[c] = f.new_aux()
                    f.equiv_or(m, [p[(c, PLUS)], p[(c, MINUS)]])
                out.append(magnet[c])
        return out

    def decode(self, model) -> frozenset:
        return frozenset(k for k, x in self.pole.items() if model.value(x))


def clues(inst: Instance) -> list:
    return TALLIES.clues(inst) + list(inst.givens)


# -- checking, from the rules ------------------------------------------------------------
def verify(inst: Instance, poles) -> list[str]:
    g = inst.grid
    problems = [f"{Grid.name(c)} {s!r} is not a pole on the board" for c, s in sorted(poles)
                if not g.inside(c) or s not in (PLUS, MINUS)]
    held = Counter(c for c, _ in poles)
    problems += [f"{Grid.name(c)} holds both poles" for c, n in sorted(held.items()) if n > 1]
    if problems:
        return problems
    at = dict(poles)
    problems += [f"the domino {Grid.name(a)}-{Grid.name(b)} is neither a magnet nor neutral"
                 for a, b in inst.dominoes if {at.get(a), at.get(b)} not in ({None}, {PLUS, MINUS})]
    problems += [f"{Grid.name(a)} and {Grid.name(b)} both hold {at[a]}"
                 for a in sorted(at) for b in g.neighbours(a) if b > a and at.get(b) == at[a]]
    problems += TALLIES.broken(inst, at, lambda pole, got: f"holds {got} {pole}")
    return problems + [f"{Grid.name(cell)} is given {v}" for cell, v in inst.givens
                       if at.get(cell, NEUTRAL) != v]


# -- design: tallies and givens can go ---------------------------------------------------------
def clues_of(inst: Instance, poles) -> list:
    return TALLIES.counted(inst, dict(poles)) + list(inst.givens)


def with_clues(inst: Instance, kept) -> Instance:
    return TALLIES.with_clues(inst, kept, givens=tuple(c for c in kept if not TALLIES.holds(c)))


def clue_name(clue) -> str:
    return TALLIES.clue_name(clue) if TALLIES.holds(clue) else Grid.name(clue[0])


# -- text: `.pzl` and janko grid text (tallies, then the givens if any, then the dominoes) -------
TALLY = Tokens(what="a tally", expect="a number or `.`", numbers=(0, MAX_SIDE))
GIVENS = Tokens(expect="`+`, `-`, `x` (neutral) or `.`", empty=(".",),
                values={PLUS: PLUS, MINUS: MINUS, NEUTRAL: NEUTRAL})


def _build(rows, cols, givens, regions, **tallies) -> Instance:
    return Instance(rows, cols, region_grid(regions), tuple(tallies.items()), tuple(given(givens)))


def _filled(inst: Instance, poles) -> tuple:
    """The grid of a solution: `+`, `-` or `x` per cell."""
    return board(inst.rows, inst.cols, {**dict.fromkeys(inst.grid.cells, NEUTRAL), **dict(poles)})


FORMAT = OptionalFirst(
    NAME, MAX_SIDE, {"givens": GIVENS, "regions": REGIONS}, keywords=TALLIES.keywords(TALLY),
    build=_build,
    split=lambda inst: (inst.rows, inst.cols, board(inst.rows, inst.cols, dict(inst.givens)),
                        inst.regions, dict(inst.tallies)),
    solution=Answer(GIVENS, read=lambda grid: frozenset((c, v) for c, v in given(grid)
                                                        if v != NEUTRAL), write=_filled),
    janko=Janko((GIVENS, REGIONS), lines=tuple(TALLIES.names)),
)


# -- output --------------------------------------------------------------------------------
def solution_json(inst: Instance, poles) -> list[str]:
    """One string per row: `+`, `-` or `x` per cell."""
    return ["".join(row) for row in _filled(inst, poles)]


def cells(inst: Instance, poles) -> dict[str, str]:
    return {Grid.name(c): v for c, v in given(_filled(inst, poles))}


def picture(inst: Instance, solution=None) -> Board:
    """The dominoes; the `+` tallies right of each row and below each
    column, the `-` tallies one further out; poles (and givens) in cells."""
    labels = TALLIES.labels(inst)
    labels += [Label(c, v) for c, v in inst.givens]
    given_cells = {c for c, _ in inst.givens}
    labels += [Label(c, s, given=False) for c, s in sorted(solution or ()) if c not in given_cells]
    return Board(inst.rows, inst.cols, labels=labels,
                 edges=region_borders(inst.rows, inst.cols, lambda c: inst.regions[c[0]][c[1]]),
                 notes=["tallies: + right of rows and below columns, - one further out"])


#: puz.link: pzprjs `magnets` where it is this genre (:mod:`satlink.formats.pzprjs_magnetic`).
PUZZLINK = magnets_codec(Instance, PLUS, MINUS)


GENRE = Genre(
    name=NAME, aliases=("Magnetic", "magnets", "magnete"),
    summary="each domino a magnet (+ and -) or neutral; equal poles never side by side; tallies"
            " count the + and - of each row and column",
    instance=Instance, text=FORMAT, encode=MagneticEncoding, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, puzzlink=PUZZLINK,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
