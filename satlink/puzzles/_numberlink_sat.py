"""The CNF of a Numberlink board (encodings/numberlink.md has the maths).

Variables
- ``edge(r, c, d)``: the connection from cell (r, c) to its east (d = "e") or
  south (d = "s") neighbour is used;
- ``shape(r, c, s)``: the cell's shape, one of the direction pairs ``ns ew ne nw
  se sw`` (a path passes through), ``""`` (empty, fill any only), or for an
  endpoint one direction ``n s e w``. Exactly one per cell; these are the
  answer variables;
- labels: one-hot ``label(r, c, k)`` (default) or binary ``lbit(r, c, i)``
  (boards with many labels), equal along every used edge.

Loops are excluded lazily by region cuts, with the 4-cycles of every 2 x 2
block excluded up front; ``complete`` adds satlink.rules.graph's eager acyclicity.
"""
from __future__ import annotations

from itertools import combinations

#: The encoding's settings and their defaults (``Options.settings`` overrides
#: them by name; benchmarks compare the variants). "labels": "onehot", "binary" or "auto" (binary above
#: ``binary_above`` labels, or above ``onehot_max`` cells x labels: the
#: 122 x 123 board of inputs6 with 62 labels took 29.7 s and 13 million
#: clauses one-hot, 2.6 s and 0.8 million binary; janko 110_25x42 (62 labels,
#: 65,100) took 1.95 s for a first solution one-hot (970,000 clauses, 1.2 s
#: of it loading them into the solver) and 0.40 s binary (96,000), its
#: verdict unknown after 30 s either way; and binary under fill all
#: or touch no, where no pruning reads labels: inputs10, first solution,
#: median 1.0 s against 5.8 s; Flow Free verdicts, slowest 0.39 s against 1.14 s); "cuts": "region" (this module) or "cycle"
#: (satlink.rules.graph.cycle_cuts); "squares": pre-add the 2 x 2 cycle clauses;
#: "prune": allow the verdict-mode pruning (``prune=True``);
#: "detour", "detour3": with it, also the clauses against shorter (or as short,
#: through later cells) routes through one or two empty cells ("detour3" only up to
#: "detour3_labels" labels: on janko 110_25x42, 62 labels, it doubles the CNF to
#: 2.2 million clauses);
#: "support": the implied label-support clauses (off: janko solved 110 of 116
#: within 10 s without them against 107 with; Flow Free CPU 15.4 s against 17.3 s);
#: "switch": fill all, the same-direction parallel-edge pruning (off: on Flow
#: Free it cost 24 % more CPU in total, encodings/numberlink.md);
#: "transfer": fill all, the U-turn hand-over pruning (on: Flow Free total
#: 2.6-3.3 s against 6.7-6.9 s, slowest board 0.5-0.6 s against 2.0 s;
#: encodings/numberlink.md);
#: "phase": let the solver try "not empty" first for every cell (a search hint);
#: "focus": look for the first solution with each label kept near its
#: endpoints, widened where the solver's core says (``focus``);
#: "spike": look for the first solution among those with the diagonal spike
#: rule and D (no self-touching), behind a selector (``focus``; dropped when
#: the solver's core names it); "implied_spike": under fill all with touch
#: no, the spike rule as clauses valid for every solution
#: (_numberlink_spike, encodings/numberlink.md).
DEFAULTS = {"labels": "auto", "binary_above": 64, "onehot_max": 50_000, "cuts": "region", "squares": True,
            "enclose": True,
            "support": False, "eager": False, "prune": True,
            "detour": True, "detour3": True, "detour3_labels": 32, "phase": True, "switch": False,
            "transfer": True, "focus": True, "focus_margin": 2, "focus_rounds": 8,
            "spike": True, "implied_spike": True}

DIRS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
PAIRS = ("ns", "ew", "ne", "nw", "se", "sw")



def settings_of(options_settings) -> dict:
    """The defaults with ``options_settings`` applied; an unknown name is a
    ValueError (a mistyped benchmark knob must not pass silently)."""
    unknown = set(options_settings) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown numberlink settings: {', '.join(sorted(unknown))};"
                         f" known: {', '.join(DEFAULTS)}")
    return {**DEFAULTS, **options_settings}


class Layout:
    """Index arrays of one encoded board: cell ids are ``r * width + c``."""

    def __init__(self, inst, f, settings: dict = DEFAULTS):
        W, H = self.w, self.h = inst.width, inst.height
        self.settings = settings
        self.formula = f
        self.spike = None  # the first search's selector of the spike rule, see ``focus``
        self.pruned = False  # whether the verdict-mode pruning is in (set by encode)
        self.edges: list[tuple[int, int, int]] = []  # (cell u, cell v, var)
        self.cell_edges: list[list[tuple[int, int]]] = [[] for _ in range(W * H)]
        self.empty_var: dict[int, int] = {}  # cell -> shape "" var (fill any)
        self.shapes: dict[int, dict[str, int]] = {}  # cell -> shape name -> var
        self.ends = {r * W + c: lab for lab, pts in inst.endpoints.items() for r, c in pts}
        self.table = None  # cell -> label -> literal (one-hot labels), set by encode
        self.narrow: dict = {}  # label -> (margin, selector or None): see ``focus``
        self.widened = 0  # widenings of the narrowing so far
        var = f.var
        for r in range(H):
            for c in range(W):
                u = r * W + c
                if c + 1 < W:
                    self._edge(u, u + 1, var("edge", r, c, "e"))
                if r + 1 < H:
                    self._edge(u, u + W, var("edge", r, c, "s"))

    def _edge(self, u: int, v: int, x: int) -> None:
        self.edges.append((u, v, x))
        self.cell_edges[u].append((v, x))
        self.cell_edges[v].append((u, x))

    def cell(self, i: int) -> tuple[int, int]:
        return divmod(i, self.w)


def edge_var(f, r: int, c: int, d: str) -> int:
    """The variable of the edge leaving (r, c) in direction d (any of n s e w)."""
    if d == "n":
        return f.var("edge", r - 1, c, "s")
    if d == "w":
        return f.var("edge", r, c - 1, "e")
    return f.var("edge", r, c, d)


def encode(inst, f, complete: bool = False, prune: bool = False,
           settings: dict = DEFAULTS) -> Layout:
    """Add the clauses of ``inst`` to ``f``; returns the layout (which holds
    ``settings``, :func:`settings_of`).

    ``prune`` adds the clauses of encodings/numberlink.md against solutions
    a local move improves (with one-hot labels: reroutes under fill any,
    switches under fill all; with any labels: transfers under fill all):
    they remove solutions, but keep one whenever there is one, and
    ``numberlink.alternative`` completes the verdict."""
    lay = Layout(inst, f, settings)
    st = settings
    W, H = inst.width, inst.height
    grid = inst.grid
    add = f.clauses.append
    answer = []
    for r in range(H):
        for c in range(W):
            dirs = [d for d, (dr, dc) in DIRS.items() if inst.inside(r + dr, c + dc)]
            if grid[r][c]:
                shapes = list(dirs)
            else:
                shapes = [p for p in PAIRS if p[0] in dirs and p[1] in dirs]
                if inst.fill == "any":
                    shapes.append("")
            svars = {s: f.var("shape", r, c, s) for s in shapes}
            lay.shapes[r * W + c] = svars
            answer.extend(svars.values())
            if "" in svars:
                lay.empty_var[r * W + c] = svars[""]
            f.exactly_one(list(svars.values()))
            for d in dirs:
                e = edge_var(f, r, c, d)
                having = [v for s, v in svars.items() if d in s]
                add([-e, *having])
                for v in having:
                    add([-v, e])
    f.declare_answer(answer, one_hot=True)
    # under touch no the moves behind the pruning can make a path touch
    # itself, so nothing is pruned there (encodings/numberlink.md, "touch no")
    prune = lay.pruned = prune and st["prune"] and inst.touch == "yes"
    table = lay.table = _encode_labels(inst, f, lay, prune and inst.fill == "any",
                                       inst.touch == "no")
    if prune and inst.fill == "all" and table is not None and st["switch"]:
        _no_switch(inst, f, lay, table)
    if prune and inst.fill == "all" and st["transfer"]:
        _no_transfer(f, lay)
    if inst.touch == "no":
        from . import _numberlink_spike as spike

        if table is None:  # one-hot labels have D in _encode_labels
            spike.touch_clauses(inst, lay)
        if inst.fill == "all" and st["implied_spike"]:
            spike.spike_clauses(lay)
    if st["phase"]:  # try cells on paths first: published boards use most cells
        f.phases.extend(-x for x in lay.empty_var.values())
    if st["squares"]:
        for r in range(H - 1):
            for c in range(W - 1):
                add([-f.var("edge", r, c, "e"), -f.var("edge", r, c, "s"),
                     -f.var("edge", r, c + 1, "s"), -f.var("edge", r + 1, c, "e")])
    if complete or st["eager"]:
        from ..rules import graph

        graph.encode_acyclic(f, {(lay.cell(u), lay.cell(v)): x for u, v, x in lay.edges},
                             tag="acyc")
    return lay


def _reachable(inst, lay, lab) -> set[int]:
    """Cells a path of ``lab`` may use: its endpoints' component of the board
    without the other labels' endpoints."""
    a = inst.endpoints[lab][0]
    start = a[0] * lay.w + a[1]
    seen, stack = {start}, [start]
    while stack:
        u = stack.pop()
        if u != start and u in lay.ends:
            continue
        for v, _x in lay.cell_edges[u]:
            if v not in seen and lay.ends.get(v, lab) == lab:
                seen.add(v)
                stack.append(v)
    return seen


def _encode_labels(inst, f, lay: Layout, prune: bool, touch_no: bool = False):
    """Label variables and their clauses; returns the one-hot table
    (cell -> label -> literal, 0 for the constant true) or None (binary).
    ``prune``: the fill-any pruning (D, D2, D3); ``touch_no``: D as a rule."""
    labels = inst.labels
    st = lay.settings
    mode = st["labels"]
    if mode == "auto":  # one-hot only where the pruning reads labels (fill any, touch yes)
        big = len(labels) * lay.w * lay.h > st["onehot_max"]
        labelled = inst.fill == "any" and inst.touch == "yes"
        mode = "binary" if big or len(labels) > st["binary_above"] or not labelled else "onehot"
    add = f.clauses.append
    if mode == "onehot":
        allowed: dict[int, list[str]] = {}
        for lab in labels:
            for u in _reachable(inst, lay, lab):
                if u not in lay.ends:
                    allowed.setdefault(u, []).append(lab)

        def lits(u: int) -> dict[str, int]:
            if u in lay.ends:
                return {lay.ends[u]: 0}  # 0: the constant true
            r, c = lay.cell(u)
            return {k: f.var("label", r, c, k) for k in allowed.get(u, ())}

        table = {}
        for u in range(lay.w * lay.h):
            table[u] = lits(u)
            if u not in lay.ends:
                group = list(table[u].values())
                if u in lay.empty_var:
                    group.append(lay.empty_var[u])
                f.exactly_one(group)
        if st["support"]:
            _label_support(lay, table, add)
        if prune and st["detour"]:
            _no_short_detour(lay, table, add)
        if prune and st["detour3"] and len(labels) <= st["detour3_labels"]:
            _no_long_detour(lay, table, add)
        touching = prune or touch_no  # D: two touching cells of one path are joined
        for u, v, e in lay.edges:  # labels in a fixed order: the same CNF every run
            lu, lv = table[u], table[v]
            for k, a in lu.items():
                b = lv.get(k)
                if b is None:  # k impossible at v
                    add([-e, -a] if a else [-e])
                elif a and b:
                    if touching:
                        add([-a, -b, e])
                    add([-e, -a, b])
                    add([-e, a, -b])
                else:  # an endpoint of k (0: the constant true) on one side or both
                    if touching:
                        add([x for x in (-a, -b, e) if x])
                    if a:
                        add([-e, a])
                    elif b:
                        add([-e, b])
            for k, b in lv.items():
                if k not in lu:  # k impossible at u
                    add([-e, -b] if b else [-e])
        return table
    # binary labels
    nbits, code = _binary_code(labels)

    def bit(u: int, i: int) -> int:
        r, c = lay.cell(u)
        return f.var("lbit", r, c, i)

    for u in range(lay.w * lay.h):
        if u in lay.ends:
            k = code[lay.ends[u]]
            for i in range(nbits):
                add([bit(u, i) if k >> i & 1 else -bit(u, i)])
        elif u in lay.empty_var:
            for i in range(nbits):
                add([-lay.empty_var[u], -bit(u, i)])
    for u, v, e in lay.edges:
        for i in range(nbits):
            a, b = bit(u, i), bit(v, i)
            add([-e, -a, b])
            add([-e, a, -b])
    return None


def _binary_code(labels) -> tuple[int, dict]:
    """Binary labels: the number of bits and each label's code (its index)."""
    return max(1, (len(labels) - 1).bit_length()), {lab: i for i, lab in enumerate(labels)}


def _no_switch(inst, f, lay: Layout, table) -> None:
    """Pruning (verdict mode, fill all): paths get a direction, from the
    label's first endpoint in reading order to its second; ``fwd(u, v)`` says
    a used edge runs from u to its east or south neighbour v. Two parallel
    edges of one 2 x 2 square on one path in the same direction can be
    switched to the square's other two sides (the stretch between them
    reversed): another solution with two horizontal edges fewer. So a
    horizontal pair like that is not kept (encodings/numberlink.md)."""
    add = f.clauses.append
    W = lay.w
    second = {r * W + c: True for _, (r, c) in inst.endpoints.values()}
    fwd = {}
    for u, v, e in lay.edges:
        x = fwd[(u, v)] = f.var("fwd", *lay.cell(u), "e" if v == u + 1 else "s")
        add([e, -x])  # an unused edge has no direction

    def incoming(u: int, d: str) -> int:
        """The literal "the path enters cell u through its side d"."""
        dr, dc = DIRS[d]
        v = u + dr * W + dc
        return -fwd[(u, v)] if d in "es" else fwd[(v, u)]

    for u, svars in lay.shapes.items():
        for shape, sv in svars.items():
            if len(shape) == 2:  # one side in, the other out
                i1, i2 = incoming(u, shape[0]), incoming(u, shape[1])
                add([-sv, i1, i2])
                add([-sv, -i1, -i2])
            elif len(shape) == 1:  # an endpoint: the first leaves, the second enters
                add([-sv, incoming(u, shape) if u in second else -incoming(u, shape)])
    for r in range(lay.h - 1):
        for c in range(W - 1):
            a, b, cc, d = r * W + c, r * W + c + 1, (r + 1) * W + c, (r + 1) * W + c + 1
            top, bottom = fwd[(a, b)], fwd[(cc, d)]
            e_top, e_bottom = f.var("edge", r, c, "e"), f.var("edge", r + 1, c, "e")
            for k, la in table[a].items():
                lc = table[cc].get(k)
                if lc is None:
                    continue
                same = [x for x in (-la, -lc, -e_top, -e_bottom) if x]
                add(same + [-top, -bottom])  # both eastward
                add(same + [top, bottom])  # both westward


def _no_transfer(f, lay: Layout) -> None:
    """Pruning (verdict mode, fill all): a U-turn A-B-D-C (round a 2 x 2
    square) with a used edge E-F just across its bend (E next to B, F next
    to D) transfers: A-C, E-B-D-F instead, on one path or two. Same cells,
    same numbers of horizontal and vertical edges; the clause forbids the
    pattern when the move lowers the sum of x^2 + y^2 over the used edges
    (an edge's x and y: its left or top cell's column and row), which is
    half of the patterns (encodings/numberlink.md). No labels needed."""
    add = f.clauses.append
    W, H = lay.w, lay.h

    def at(r: int, c: int) -> int | None:
        return r * W + c if 0 <= r < H and 0 <= c < W else None

    def edge(u: int, v: int) -> tuple[int, int]:
        """(variable, x^2 + y^2) of the edge between neighbours u and v."""
        (r, c), d = lay.cell(min(u, v)), "e" if abs(u - v) == 1 else "s"
        return f.var("edge", r, c, d), r * r + c * c

    for b in range(W * H):
        br, bc = lay.cell(b)
        for (dr, dc), sides in (((0, 1), ((1, 0), (-1, 0))), ((1, 0), ((0, 1), (0, -1)))):
            d = at(br + dr, bc + dc)  # B-D, then A-C beside it and E-F across
            if d is None:
                continue
            for sr, sc in sides:
                a, cc = at(br - sr, bc - sc), at(br + dr - sr, bc + dc - sc)
                e, ff = at(br + sr, bc + sc), at(br + dr + sr, bc + dc + sc)
                if None in (a, cc, e, ff):
                    continue
                (ab, w1), (bd, _), (dcx, w2), (ef, w3) = (edge(a, b), edge(b, d),
                                                          edge(d, cc), edge(e, ff))
                after = edge(a, cc)[1] + edge(e, b)[1] + edge(d, ff)[1]
                if after < w1 + w2 + w3:
                    add([-ab, -bd, -dcx, -ef])


def _no_short_detour(lay: Layout, table, add) -> None:
    """Pruning (verdict mode, fill any): an empty cell w next to two cells u, v
    of one label would give that path a shorter route u-w-v, unless u and v
    are already joined through their other common neighbour o (an endpoint is
    never inside a path, so it cannot be o). When o comes before w in reading
    order the route through o is not kept either: u-w-v is as short and uses
    a later cell (the tie-break of encodings/numberlink.md)."""
    for w, e in lay.empty_var.items():
        nbrs = [v for v, _x in lay.cell_edges[w]]
        for u, v in combinations(nbrs, 2):
            (ur, uc), (vr, vc) = lay.cell(u), lay.cell(v)
            other = None
            if ur != vr and uc != vc:  # a corner: the fourth cell of the square
                other = u + v - w
            later = table[other] if other is not None and other > w else {}
            tv = table[v]
            for k, a in table[u].items():
                b = tv.get(k)
                if b is None:
                    continue
                clause = [-a, -b, -e] if a and b else [x for x in (-a, -b, -e) if x]
                o = later.get(k)
                if o:  # 0: k's endpoint, never inside a path; None: k impossible there
                    clause.append(o)
                add(clause)


def _no_long_detour(lay: Layout, table, add) -> None:
    """Pruning (verdict mode, fill any), routes of three steps: two adjacent
    empty cells w1, w2 with u next to w1 and v next to w2, u and v of one
    label k and three steps apart. The route u-w1-w2-v is shorter than any
    stretch of k between u and v except another three-step route u-x-y-v;
    that one is kept only when its cells x + y come later in reading order
    than w1 + w2 (the tie-break). With D (touching cells are joined), x and y
    of label k mean the path runs u-x-y-v, so the clause is
    not(u, v of k, w1, w2 empty) or some kept (x and y of k), multiplied out."""
    def adjacent(a: int, b: int) -> bool:
        return any(v == b for v, _x in lay.cell_edges[a])

    for w1, e1 in lay.empty_var.items():
        for w2, _x in lay.cell_edges[w1]:
            e2 = lay.empty_var.get(w2)
            if e2 is None or w2 < w1:  # each route once, from its smaller inner cell
                continue
            for u, _y in lay.cell_edges[w1]:
                if u == w2:
                    continue
                for v, _z in lay.cell_edges[w2]:
                    if v in (w1, u) or adjacent(u, v):
                        continue
                    ur, uc = lay.cell(u)
                    vr, vc = lay.cell(v)
                    if abs(ur - vr) + abs(uc - vc) != 3:
                        continue
                    # the other three-step routes from u to v, as (x, y)
                    others = [(x, y) for x, _p in lay.cell_edges[u] for y, _q in lay.cell_edges[x]
                              if adjacent(y, v) and {x, y}.isdisjoint({u, v})
                              and (x, y) != (w1, w2) and x != y]
                    for k, a in table[u].items():
                        b = table[v].get(k)
                        if b is None:
                            continue
                        base = [x for x in (-a, -b, -e1, -e2) if x]
                        kept = []
                        for x, y in others:
                            lx, ly = table[x].get(k), table[y].get(k)
                            if lx and ly and x + y >= w1 + w2:  # None/0: not inside k's path
                                kept.append((lx, ly))
                        for pick in _choices(kept):
                            add(base + pick)


def _choices(pairs):
    """Every way to pick one literal from each pair (CNF of an OR of ANDs)."""
    out = [[]]
    for a, b in pairs:
        out = [c + [a] for c in out] + [c + [b] for c in out]
    return out


def _label_support(lay: Layout, table, add) -> None:
    """Implied: a cell of label k has as many neighbours of label k as it has
    connections (1 at an endpoint, 2 elsewhere), since joined cells share a label.
    "At least m of the neighbours" is one clause per (d - m + 1)-subset left out."""
    for u in range(lay.w * lay.h):
        need = 1 if u in lay.ends else 2
        nbrs = [v for v, _x in lay.cell_edges[u]]
        for k, xu in table[u].items():
            lits = []
            for v in nbrs:
                xv = table[v].get(k)
                if xv == 0:
                    lits = None  # a neighbour is k's endpoint: keep it simple, skip
                    break
                if xv is not None:
                    lits.append(xv)
            if lits is None:
                continue
            pre = [-xu] if xu else []
            if len(lits) < need:
                add(pre)
                continue
            for drop in combinations(lits, need - 1):
                add(pre + [x for x in lits if x not in drop])


def active_adjacency(lay: Layout, model) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Cell -> the cells it is joined to in the model."""
    val = model.value
    adj: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for u, v, x in lay.edges:
        if val(x):
            cu, cv = lay.cell(u), lay.cell(v)
            adj.setdefault(cu, []).append(cv)
            adj.setdefault(cv, []).append(cu)
    return adj


def cuts(inst, lay: Layout, model) -> list[list[int]]:
    """Clauses against every closed loop of the candidate model.

    A loop is a component of used edges holding no endpoint. For its cell set
    S (widened to the cells it encloses when they hold no endpoint either),
    every true solution has: a used cell of S lies on a path whose endpoints
    are outside S, so some edge across the border of S is used. With fill all
    every cell is used, so the clause is just "some border edge"; with fill
    any, one clause per loop cell: "this cell is empty or some border edge".
    """
    st = lay.settings
    if st["cuts"] == "cycle":
        from ..rules import graph

        return graph.cycle_cuts({(lay.cell(u), lay.cell(v)): x for u, v, x in lay.edges}, model)
    val = model.value
    n = lay.w * lay.h
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v, x in lay.edges:
        if val(x):
            adj[u].append(v)
            adj[v].append(u)
    seen = bytearray(n)
    for u in lay.ends:
        if not seen[u]:
            _flood(u, adj, seen)
    out = []
    for s in range(n):
        if seen[s] or not adj[s]:
            continue
        comp = _flood(s, adj, seen)
        region = _enclosed(lay, comp) if st["enclose"] else comp
        border = [x for u in region for v, x in lay.cell_edges[u] if v not in region]
        if inst.fill == "all":
            out.append(border)
        else:
            out.extend([lay.empty_var[u], *border] for u in comp)
    return out


def _flood(s: int, adj, seen) -> set[int]:
    comp, stack = {s}, [s]
    seen[s] = 1
    while stack:
        u = stack.pop()
        for v in adj[u]:
            if not seen[v]:
                seen[v] = 1
                comp.add(v)
                stack.append(v)
    return comp


def _enclosed(lay: Layout, comp: set[int]) -> set[int]:
    """``comp`` plus the cells it encloses, if none of those is an endpoint;
    otherwise ``comp`` itself. Only the bounding box of ``comp`` is searched."""
    rows = [u // lay.w for u in comp]
    cols = [u % lay.w for u in comp]
    r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
    if (r1 - r0 + 1) * (c1 - c0 + 1) == len(comp):
        return comp
    # flood the box's outside ring inwards; what is not reached is enclosed
    outside = set()
    stack = []
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if r in (r0, r1) or c in (c0, c1):
                u = r * lay.w + c
                if u not in comp and u not in outside:
                    outside.add(u)
                    stack.append(u)
    while stack:
        u = stack.pop()
        r, c = divmod(u, lay.w)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if r0 <= rr <= r1 and c0 <= cc <= c1:
                v = rr * lay.w + cc
                if v not in comp and v not in outside:
                    outside.add(v)
                    stack.append(v)
    inner = {r * lay.w + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)} - outside
    if any(u in lay.ends for u in inner):
        return comp
    return inner


__all__ = ["encode", "cuts", "active_adjacency", "DEFAULTS", "settings_of", "Layout"]
