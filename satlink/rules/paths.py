"""Paths between given ends: disjoint paths through cell centres, one per
label, each joining the label's two ends (Numberlink and Flow Free; any
genre whose answer is paths between given cells).

The rule: the two ends of every label are joined by a path of orthogonally
adjacent cells; paths never cross, branch or share a cell, never pass
through another label's end, and never close into a loop. ``fill="all"``:
every cell lies on a path; ``"any"``: cells may stay empty.
``touch="no"``: two orthogonally adjacent cells of one path are consecutive
on it (the path never runs beside itself).

:class:`Paths` holds the variables (``edge``, ``shape``, the labels) and the
clauses that hold at once; "no loop" is lazy (:meth:`Paths.cuts`, region
cuts) or complete (:meth:`Paths.encode_complete`). The proofs are in
``encodings/paths.md``; :mod:`satlink.rules.path_moves` adds the pruning a
uniqueness verdict may use when these paths are the whole puzzle.

>>> from satlink.formula import Formula
>>> f = Formula()
>>> p = Paths(Grid(2, 3), f, {"A": ((0, 0), (0, 2)), "B": ((1, 0), (1, 2))})
>>> len(p.edges), f.name(p.shapes[0]["e"])
(7, 'shape(0,0,e)')
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping

from . import graph_encodings
from ..formula import Formula
from .grid import Cell, Grid
from .path_cells import BENDS, DIRS, degree_clauses, edge_spike_clauses, shape_clauses
from .path_solutions import Solution, shapes_of, walk



class Paths:
    """The paths of one board (see the module docstring).

    - ``ends``: label -> its two cells (the first is where a path starts);
    - ``labels``: ``"binary"`` (bits ``lbit(r, c, i)``, equal along used
      edges: few clauses) or ``"onehot"`` (``label(r, c, k)`` for the labels
      that can reach the cell; :mod:`~satlink.rules.path_moves` reads them);
    - ``squares``: the implied clauses against a used 2 x 2 square.

    Cells are numbered ``r * cols + c``: ``edges`` lists (u, v, variable) of
    the edges east and south, ``cell_edges[u]`` (v, variable) per cell,
    ``shapes[u]`` shape -> variable (exactly one true: the answer),
    ``empty[u]`` the variable of shape "" (fill any), ``end[u]`` the label
    whose end u is, ``exits[u]`` direction -> edge variable, ``table[u]``
    label -> literal (one-hot; 0 is true), ``bits[u]`` the label's bits
    (binary).
    """

    def __init__(self, grid: Grid, f: Formula, ends: Mapping[Hashable, tuple[Cell, Cell]], *,
                 fill: str = "all", touch: str = "yes", labels: str = "binary",
                 squares: bool = True, touch_cuts: bool = False,
                 shapeless: bool = False) -> None:
        if fill not in ("all", "any") or touch not in ("yes", "no"):
            raise ValueError(f"fill {fill!r} / touch {touch!r}: expected all|any, yes|no")
        if labels not in ("binary", "onehot"):
            raise ValueError(f"labels {labels!r}: expected binary or onehot")
        self.grid, self.f, self.fill, self.touch = grid, f, fill, touch
        self.ends = dict(ends)
        self.h, self.w = grid.rows, grid.cols
        W = self.w
        self.end = {r * W + c: lab for lab, pair in self.ends.items() for r, c in pair}
        self.edges: list[tuple[int, int, int]] = []
        self.cell_edges: list[list[tuple[int, int]]] = [[] for _ in range(W * self.h)]
        self.exits: list[dict[str, int]] = [{} for _ in range(W * self.h)]
        pairs = [(r * W + c, d) for r in range(self.h) for c in range(W)
                 for d in "es" if (c + 1 < W if d == "e" else r + 1 < self.h)]
        numbers = f.vars([("edge", *divmod(u, W), d) for u, d in pairs])
        edges, cell_edges, exits = self.edges, self.cell_edges, self.exits
        for (u, d), x in zip(pairs, numbers):  # east: to u + 1, south: to u + W
            v, back = (u + 1, "w") if d == "e" else (u + W, "n")
            edges.append((u, v, x))
            cell_edges[u].append((v, x))
            cell_edges[v].append((u, x))
            exits[u][d] = x
            exits[v][back] = x
        self.shapes: dict[int, dict[str, int]] = {}
        self.empty: dict[int, int] = {}
        self.table: dict[int, dict[Hashable, int]] | None = None
        self.bits: list[list[int]] = []
        self.nbits = max(1, (len(self.ends) - 1).bit_length())
        self.code = {lab: i for i, lab in enumerate(self.ends)}  # binary labels
        #: No shape variables (asked for, and fill all with touch no, where
        #: nothing reads them): the degrees on the edges, the spike rule over
        #: edges, the edges the answer (encodings/paths.md, "Without shapes")
        self.shapeless = shapeless and fill == "all" and touch == "no"
        if self.shapeless:
            degree_clauses(self)
        else:
            shape_clauses(self)
        if labels == "onehot":
            self._onehot()
        else:
            self._binary()
        #: D as cuts (:meth:`touch_cuts`) instead of clauses: asked for and
        #: possible (fill all, binary labels; encodings/paths.md, "Lazy cuts")
        self.lazy_touch = touch == "no" and touch_cuts and fill == "all" and labels == "binary"
        if touch == "no":
            if not self.lazy_touch:
                self.touch_clauses()
            if fill == "all":  # valid for every solution there (encodings/paths.md)
                if self.shapeless:
                    edge_spike_clauses(self)
                else:
                    self.spike_clauses()
        # no used 2 x 2 square (a 4-cycle); implied where the spike rule is
        # written: a corner of the square bends with the opposite corner, on
        # its own path, diagonal to it (encodings/paths.md, 5)
        if squares and not (touch == "no" and fill == "all"):
            ex = self.exits
            f.extend([-ex[u]["e"], -ex[u]["s"], -ex[u + 1]["s"], -ex[u + W]["e"]]
                     for u in range(W * self.h) if u % W < W - 1 and u // W < self.h - 1)

    def cell(self, u: int) -> Cell:
        return divmod(u, self.w)

    @property
    def answer(self) -> list[int]:
        """The shape variables, cell by cell (one-hot: exactly one per cell);
        shapeless, the edge variables (not one-hot)."""
        if self.shapeless:
            return [x for _u, _v, x in self.edges]
        return [x for svars in self.shapes.values() for x in svars.values()]

    def solution_literals(self, sol: Solution) -> list[int]:
        """The answer's literals that hold in ``sol``: its true shape
        variables, or shapeless every edge variable, true or false (their
        negations block ``sol``)."""
        used = {frozenset(e) for _lab, path in sol for e in zip(path, path[1:])}
        if self.shapeless:
            return [x if frozenset((self.cell(u), self.cell(v))) in used else -x
                    for u, v, x in self.edges]
        shapes = shapes_of(self.h, self.w, sol)
        return [self.shapes[r * self.w + c][s] for r, row in enumerate(shapes)
                for c, s in enumerate(row)]

    def edge_var(self, r: int, c: int, d: str) -> int:
        """The variable of the edge leaving (r, c) in direction d (n s e w)."""
        return self.exits[r * self.w + c][d]

    # -- the clauses that hold at once -------------------------------------------------
    def reachable(self, label) -> set[int]:
        """Cells a path of ``label`` may use: its ends' component of the board
        without the other labels' ends."""
        (r, c), _b = self.ends[label]
        start = r * self.w + c
        seen, stack = {start}, [start]
        while stack:
            u = stack.pop()
            if u != start and u in self.end:
                continue
            for v, _x in self.cell_edges[u]:
                if v not in seen and self.end.get(v, label) == label:
                    seen.add(v)
                    stack.append(v)
        return seen

    def _onehot(self) -> None:
        """``label(r, c, k)``: exactly one per cell, none iff empty; equal along used edges."""
        f, add = self.f, self.f.clauses.append
        allowed: dict[int, list] = {}
        for lab in self.ends:
            for u in self.reachable(lab):
                if u not in self.end:
                    allowed.setdefault(u, []).append(lab)
        table = self.table = {}
        for u in range(self.w * self.h):
            if u in self.end:
                table[u] = {self.end[u]: 0}  # 0: the constant true
                continue
            r, c = self.cell(u)
            table[u] = {k: f.var("label", r, c, k) for k in allowed.get(u, ())}
            f.exactly_one(list(table[u].values()) + ([self.empty[u]] if u in self.empty else []))
        for u, v, e in self.edges:  # labels in a fixed order: the same CNF every run
            lu, lv = table[u], table[v]
            for k, a in lu.items():
                b = lv.get(k)
                if b is None:  # k impossible at v
                    add([-e, -a] if a else [-e])
                elif a and b:
                    add([-e, -a, b])
                    add([-e, a, -b])
                elif a:  # v is an end of k
                    add([-e, a])
                elif b:
                    add([-e, b])
            for k, b in lv.items():
                if k not in lu:  # k impossible at u
                    add([-e, -b] if b else [-e])

    def _binary(self) -> None:
        """``lbit(r, c, i)``: an end has its label's code, an empty cell 0;
        equal along used edges (at an end, the neighbour's bits as the code
        says: the end's bits are units)."""
        f, add = self.f, self.f.clauses.append
        nb = self.nbits
        ids = f.vars([("lbit", r, c, i) for r in range(self.h) for c in range(self.w)
                           for i in range(nb)])
        bits = self.bits = [list(ids[j:j + nb]) for j in range(0, len(ids), nb)]
        for u, bu in enumerate(bits):
            if u in self.end:
                k = self.code[self.end[u]]
                f.extend([x if k >> i & 1 else -x] for i, x in enumerate(bu))
            elif u in self.empty:
                f.extend([-self.empty[u], -x] for x in bu)
        # an end's bits are known: "equal along the edge" is then the other
        # cell's bit literals (two ends: nothing, or the edge unused)
        known = {u: [x if self.code[lab] >> i & 1 else -x for i, x in enumerate(bits[u])]
                 for u, lab in self.end.items()}
        for u, v, e in self.edges:
            ku, kv = known.get(u), known.get(v)
            if ku is None and kv is None:
                for a, b in zip(bits[u], bits[v]):
                    add([-e, -a, b])
                    add([-e, a, -b])
            elif ku is None or kv is None:
                lits, other = (kv, bits[u]) if ku is None else (ku, bits[v])
                f.extend([-e, y if x > 0 else -y] for x, y in zip(lits, other))
            elif self.end[u] != self.end[v]:
                add([-e])

    def bit(self, u: int, i: int) -> int:
        return self.bits[u][i]

    def touch_clauses(self, guard: int = 0) -> None:
        """D: two adjacent cells of one label are joined by their edge (the
        rule under touch no). One-hot: ``label(u,k) and label(v,k) -> edge``;
        binary: per edge and bit an auxiliary ``diff -> bits differ``, and
        ``edge or u empty or v empty or some diff`` (an empty cell's bits are
        0, the first label's code). ``guard``: 0, or a selector literal s
        that every clause gets as ``-s``."""
        f, add = self.f, self.f.clauses.append
        pre = [-guard] if guard else []
        if self.table is not None:
            for u, v, e in self.edges:
                lv = self.table[v]
                for k, a in self.table[u].items():
                    b = lv.get(k)
                    if b is not None:
                        add(pre + [x for x in (-a, -b, e) if x])
            return
        for u, v, e in self.edges:
            clause = pre + [e] + [self.empty[w] for w in (u, v) if w in self.empty]
            for a, b in zip(self.bits[u], self.bits[v]):
                diff = f.new_aux()
                add([-diff, a, b])
                add([-diff, -a, -b])
                clause.append(diff)
            add(clause)

    def spike_clauses(self, guard: int = 0) -> None:
        """The spike rule: a bend b at cell c (no end) joining X and Y has at
        the cell d diagonal to c between X and Y the same bend or an end
        pointing along one of b's directions: ``shape(c, b) -> shape(d, b)
        or shape(d, b[0]) or shape(d, b[1])``. Valid under fill all with
        touch no (encodings/paths.md, "Spikes"); ``guard`` as for
        :meth:`touch_clauses`."""
        add, W, shapes = self.f.clauses.append, self.w, self.shapes
        # per bend: the step to d and the shapes of d that qualify
        steps = [(b, (DIRS[b[0]][0] + DIRS[b[1]][0]) * W + DIRS[b[0]][1] + DIRS[b[1]][1],
                  (b, b[0], b[1])) for b in BENDS]
        for u, svars in shapes.items():
            for b, step, good in steps:
                x = svars.get(b)
                if x is None:
                    continue
                dvars = shapes[u + step]
                clause = [-x] + [dvars[s] for s in good if s in dvars]
                add([-guard, *clause] if guard else clause)

    def encode_complete(self) -> None:
        """No loop, eagerly (:func:`satlink.rules.graph_encodings.encode_acyclic`),
        and D when it was left to cuts: every model is a solution."""
        if self.lazy_touch:
            self.lazy_touch = False
            self.touch_clauses()
        graph_encodings.encode_acyclic(self.f, self.edge_map(), tag="acyc")

    def edge_map(self) -> dict[tuple[Cell, Cell], int]:
        return {(self.cell(u), self.cell(v)): x for u, v, x in self.edges}

    # -- lazy: no loop -------------------------------------------------------------------
    def used(self, model) -> list[list[int]]:
        """Cell -> the cells it is joined to in ``model``, by cell number."""
        val = model.value
        adj: list[list[int]] = [[] for _ in range(self.w * self.h)]
        for u, v, x in self.edges:
            if val(x):
                adj[u].append(v)
                adj[v].append(u)
        return adj

    def cuts(self, model) -> list[list[int]]:
        """Clauses against every closed loop of the candidate (valid: encodings/paths.md).

        A loop is a component of used edges holding no end. For its cells C
        and S = C plus the cells C encloses when none is an end (else S = C),
        a used cell of S lies on a path whose ends are outside S in every
        solution, so some edge across the border of S is used: under fill
        all the clause is the border edges; under fill any one clause per
        cell of C, "this cell is empty or some border edge"."""
        adj = self.used(model)
        seen = bytearray(self.w * self.h)
        for u in self.end:
            if not seen[u]:
                _flood(u, adj, seen)
        out = []
        for s in range(self.w * self.h):
            if seen[s] or not adj[s]:
                continue
            comp = _flood(s, adj, seen)
            region = self._enclosed(comp)
            border = [x for u in region for v, x in self.cell_edges[u] if v not in region]
            if self.fill == "all":
                out.append(border)
            else:
                out.extend([self.empty[u], *border] for u in comp)
        if self.lazy_touch:
            out += self.touch_cuts(model)
        return out

    def touch_cuts(self, model) -> list[list[int]]:
        """D against the candidate (fill all, binary labels): for each unused
        edge whose two cells carry the same code, "not both cells of that
        code, or the edge". Valid for every solution: there every cell has
        its label's code, two cells of one code are of one label, and under
        touch no two adjacent cells of one label are joined; a code no label
        has is on no cell. The candidate breaks it."""
        val, bits, out = model.value, self.bits, []
        for u, v, e in self.edges:
            if val(e):
                continue
            bu, bv = bits[u], bits[v]
            code = [val(x) for x in bu]
            if code == [val(y) for y in bv]:
                out.append([e, *(-x if t else x for x, t in zip(bu, code)),
                            *(-y if t else y for y, t in zip(bv, code))])
        return out

    def _enclosed(self, comp: set[int]) -> set[int]:
        """``comp`` plus the cells it encloses, if none of those is an end;
        otherwise ``comp`` itself. Only the bounding box of ``comp`` is searched."""
        W = self.w
        rows, cols = [u // W for u in comp], [u % W for u in comp]
        r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
        if (r1 - r0 + 1) * (c1 - c0 + 1) == len(comp):
            return comp
        box = {r * W + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
        stack = [u for u in box - comp if u // W in (r0, r1) or u % W in (c0, c1)]
        outside = set(stack)  # flood the box's outside ring inwards
        while stack:
            r, c = divmod(stack.pop(), W)
            for dr, dc in DIRS.values():
                v = (r + dr) * W + c + dc
                if r0 <= r + dr <= r1 and c0 <= c + dc <= c1 and v not in comp \
                        and v not in outside:
                    outside.add(v)
                    stack.append(v)
        inner = box - outside
        return comp if any(u in self.end for u in inner) else inner

    def decode(self, model) -> Solution:
        """The paths of a model (see :func:`walk`)."""
        adj = self.used(model)
        return walk(self.ends, {self.cell(u): [self.cell(v) for v in vs]
                                for u, vs in enumerate(adj) if vs})


def _flood(s: int, adj, seen) -> set[int]:
    comp, stack = {s}, [s]
    seen[s] = 1
    while stack:
        for v in adj[stack.pop()]:
            if not seen[v]:
                seen[v] = 1
                comp.add(v)
                stack.append(v)
    return comp
