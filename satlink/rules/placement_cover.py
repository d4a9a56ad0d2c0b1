"""A variable per placement of shapes on a board (:class:`Cover`) and the
rules that tie the chosen placements to cells: an exact cover (or at most
one placement per cell), a placement's halo kept empty (pieces that never
touch), counts per shape, equal shapes that never share an edge. Every rule
is plain clauses (``encodings/shapes.md``). The placements come from
:func:`satlink.rules.placements.placements`.

>>> from satlink.rules.grid import Grid
>>> from satlink.rules.placements import pieces, placements
>>> from satlink.rules.shapes import DOMINO
>>> f = Formula(); g = Grid(2, 2)
>>> ps = placements(g, pieces({"domino": DOMINO}))
>>> x = {c: f.var("x", *c) for c in g.cells}
>>> cover = Cover(f, ps)
>>> cover.fill(x, g.cells)          # x = cells of chosen, disjoint placements
>>> f.name(cover.var[ps[0]])
'placement(domino,0,0,0)'
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import cached_property

from ..formula import Formula
from ..model import Model
from .counts import CellLits, literal_of
from .grid import DIAGONALS, Cell, Edge, Grid
from .placements import Piece, Placement


class Cover:
    """A variable per placement and the rules that tie placements to cells.

    ``key(placement)`` gives the variable's key after ``tag`` (default: the
    piece's label and turn and the origin), so that DIMACS comments name
    placements readably; Battleship's ``ship(r,c,L,d)`` is such a key.

    >>> from satlink.rules.placements import pieces, placements
    >>> from satlink.rules.shapes import TETROMINOES
    >>> f = Formula(); g = Grid(2, 4)
    >>> cover = Cover(f, placements(g, pieces({"I": TETROMINOES["I"]})), tag="tile")
    >>> [f.name(v) for v in cover.var.values()]
    ['tile(I,0,0,0)', 'tile(I,0,1,0)']
    >>> cover.exactly_one_per_cell(g.cells)     # tile the board
    """

    def __init__(self, f: Formula, placements: Iterable[Placement], tag: str = "placement",
                 key: Callable[[Placement], tuple] | None = None) -> None:
        self.f, self.tag = f, tag
        placements = list(placements)
        if key is None:  # (p.label, p.piece.turn, *p.origin), without a call per placement
            keys = [(tag, piece.label, piece.turn, *p.origin)
                    for p in placements for piece in (p.piece,)]
        else:
            keys = [(tag, *key(p)) for p in placements]
        self.var: dict[Placement, int] = dict(zip(placements, f.vars(keys)))

    @cached_property
    def covering(self) -> dict[Cell, list[int]]:
        """Cell -> the variables of the placements that cover it (made when
        first asked: LITS' regions never ask)."""
        covering: dict[Cell, list[int]] = {}
        for p, v in self.var.items():
            for cell in p.cells:
                got = covering.get(cell)  # no empty list made per cell, as setdefault would
                if got is None:
                    covering[cell] = [v]
                else:
                    got.append(v)
        return covering

    # -- rules -----------------------------------------------------------------------
    def fill(self, lits: CellLits, cells: Iterable[Cell], exact: bool = True) -> None:
        """The true cells are the cells of the chosen placements: a chosen
        placement's cells are true, a true cell of ``cells`` lies in a chosen
        placement, and (``exact``) in only one. With ``exact=False`` chosen
        placements may overlap unless another rule forbids it (a halo, one
        placement per region).

        >>> from satlink.rules.placements import pieces, placements
        >>> f = Formula(); g = Grid(1, 2); x = {c: f.var("x", *c) for c in g.cells}
        >>> Cover(f, placements(g, pieces({1: ((0, 0),)}))).fill(x, g.cells); f.clauses
        [[-3, 1], [-4, 2], [-1, 3], [-2, 4]]
        """
        f, var, covering = self.f, self.var, self.covering
        if callable(lits):
            lit = lits
            f.clauses.extend([[-v, lit(c)] for p, v in var.items() for c in p.cells])
        else:  # a mapping: indexed in the comprehension, no call per literal
            f.clauses.extend([[-v, lits[c]] for p, v in var.items() for c in p.cells])
            lit = lits.__getitem__
        if not exact:
            f.clauses.extend([[-lit(c), *covering.get(c, ())] for c in cells])
            return
        for c in cells:
            cover = covering.get(c, [])
            f.clauses.append([-lit(c), *cover])
            if len(cover) > 1:
                f.at_most_one(cover)

    def exactly_one_per_cell(self, cells: Iterable[Cell]) -> None:
        """Every cell of ``cells`` lies in exactly one chosen placement (a
        tiling), with no cell literal."""
        for c in cells:
            self.f.exactly_one(self.covering.get(c, []))

    def halo(self, lits: CellLits, grid: Grid, diagonal: bool = True) -> None:
        """A chosen placement's halo is false: placements never touch each
        other's cells orthogonally (or, with ``diagonal``, at all).

        >>> from satlink.rules.placements import pieces, placements
        >>> f = Formula(); g = Grid(1, 3); x = {c: f.var("x", *c) for c in g.cells}
        >>> cover = Cover(f, placements(g, pieces({1: ((0, 0),)}), allowed={(0, 1)}))
        >>> cover.halo(x, g); f.clauses
        [[-4, -1], [-4, -3]]
        """
        lit = literal_of(lits)
        clauses = self.f.clauses
        for p, v in self.var.items():
            clauses.extend([-v, -lit(c)] for c in p.halo(grid, diagonal))

    def apart(self, lits: Mapping[Cell, int], grid: Grid) -> None:
        """Chosen placements of straight pieces (lines: no two cells of a
        piece diagonally adjacent) never touch, not even diagonally: the
        models of :meth:`halo` with ``diagonal``, in fewer clauses. No two
        diagonally adjacent cells are both true, and a chosen placement's
        halo cells that lie diagonal to none of its cells (a line's two end
        caps, a single cell's four sides) are false. Valid with :meth:`fill`
        (``encodings/shapes.md``). ``lits`` maps cells to their literals; a
        cell missing from it is known false and no clause names it.

        >>> from satlink.rules.placements import pieces, placements
        >>> f = Formula(); g = Grid(2, 3); x = {c: f.var("x", *c) for c in g.cells}
        >>> ship = pieces({2: ((0, 0), (0, 1))})
        >>> cover = Cover(f, placements(g, ship, allowed={(0, 0), (0, 1)}))
        >>> cover.apart(x, g); f.clauses    # the diagonals, then the ship's end cap
        [[-1, -5], [-2, -6], [-2, -4], [-3, -5], [-7, -3]]
        """
        R, C = grid.rows, grid.cols
        # -literal per cell, 0 where none, with a border of zeros (index -1 wraps to it)
        neg = [[-lits.get((r, c), 0) for c in range(C)] + [0] for r in range(R)] + [[0] * (C + 1)]
        clauses = self.f.clauses
        for r in range(R - 1):
            here, below = neg[r], neg[r + 1]
            clauses.extend([here[c], below[c + 1]] for c in range(C - 1)
                           if here[c] and below[c + 1])
            clauses.extend([here[c + 1], below[c]] for c in range(C - 1)
                           if here[c + 1] and below[c])
        caps: dict[Piece, list[Cell]] = {}
        for p, v in self.var.items():
            offsets = caps.get(p.piece)
            if offsets is None:
                offsets = caps[p.piece] = _caps(p.piece)
            r0, c0 = p.origin
            clauses.extend([-v, h] for dr, dc in offsets if (h := neg[r0 + dr][c0 + dc]))

    def labels(self) -> dict[Hashable, list[int]]:
        """Label -> the variables of its placements (a fleet count: exactly
        so many of each label)."""
        out: dict[Hashable, list[int]] = {}
        for p, v in self.var.items():
            out.setdefault(p.label, []).append(v)
        return out

    def equal_never_touch(self, grid: Grid, kind: Callable[[Piece], Hashable] | None = None,
                          edges: Iterable[Edge] | None = None) -> None:
        """Two chosen placements of the same kind never share an edge
        (LITS: congruent tetrominoes). ``kind(piece)`` defaults to its label,
        which :func:`pieces` gives every orientation of one shape; pass
        ``lambda p: canonical(p.shape)`` for pieces labelled otherwise.
        Valid only where no two chosen placements share a cell (``fill``
        with ``exact``, one placement per region, a halo).

        ``edges``: the cell edges across which two chosen placements can
        meet (default: every edge of ``grid``); with one placement per
        region, the edges between regions
        (:func:`satlink.rules.region_pieces.edges_between_regions`).

        A variable ``(tag.kind, r, c, i)`` says "a chosen placement of the
        i-th kind covers cell (r, c)" (the kinds numbered in order of first
        appearance); where one placement of that kind covers the cell, its
        own variable says it and none is made. For adjacent cells a, b and a kind X:
        "not X at a, or not X at b, or a chosen placement of kind X holds
        both" (``encodings/shapes.md``).
        """
        kind = kind or (lambda piece: piece.label)
        edges = sorted(grid.cell_edges() if edges is None else edges)
        kinds: dict[Hashable, int] = {}
        of_piece: dict[Piece, int] = {}
        kind_of: dict[int, int] = {}
        ends = {c for e in edges for c in e}
        at: dict[Cell, dict[int, list[int]]] = {}  # cell of an edge -> kind -> placements
        for p, v in self.var.items():
            i = of_piece.get(p.piece)
            if i is None:
                i = of_piece[p.piece] = kinds.setdefault(kind(p.piece), len(kinds))
            kind_of[v] = i
            for c in p.cells:
                if c in ends:
                    at.setdefault(c, {}).setdefault(i, []).append(v)
        f, covering, tag = self.f, self.covering, f"{self.tag}.kind"
        holds: dict[Cell, dict[int, int]] = {}  # cell -> kind -> k literal
        for a in sorted(at):
            here = holds[a] = {}
            for i, vs in at[a].items():
                if len(vs) == 1:  # one placement of the kind covers a: k is its variable
                    here[i] = vs[0]
                    continue
                here[i] = x = f.var(tag, *a, i)
                f.equiv_or(x, vs)
        add, none, sets = f.clauses.append, {}, {}
        for a, b in edges:
            ha, hb = holds.get(a, none), holds.get(b, none)
            if not ha or not hb:
                continue
            sa = sets.get(a) or sets.setdefault(a, frozenset(covering[a]))
            sb = sets.get(b) or sets.setdefault(b, frozenset(covering[b]))
            shared = sa & sb
            for i, x in ha.items():
                y = hb.get(i)
                if y is not None:
                    add([-x, -y, *(v for v in covering[a] if v in shared and kind_of[v] == i)]
                        if shared else [-x, -y])

    # -- reading -------------------------------------------------------------------
    def chosen(self, model: Model) -> list[Placement]:
        """The placements a model chooses, in the order they were given."""
        return [p for p, v in self.var.items() if model.value(v)]


def _caps(piece: Piece) -> list[Cell]:
    """The offsets of a straight piece's halo that lie diagonal to none of
    its cells; a ValueError for a piece with two diagonally adjacent cells."""
    own = set(piece.shape)
    if any((r + 1, c + dc) in own for r, c in own for dc in (-1, 1)):
        raise ValueError(f"piece {piece.label!r} is not straight: `apart` needs lines")
    return [(r, c) for r, c in piece.around
            if not any((r + dr, c + dc) in own for dr, dc in DIAGONALS)]
