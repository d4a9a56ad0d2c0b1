"""The shapes regions take, and divisions written as labels: rectangles
(Shikaku, Tatamibari) and their forms, mirror images through a centre
(Galaxies), connectedness, and a division read from or written as a grid
of region numbers (how janko writes one). Geometry only: no variables.

Centres are points in half-cell units (:data:`Half`).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence

from .grid import Cell, Edge, Grid

#: A rectangle of cells ``(top, left, bottom, right)``, bounds included.
Rect = tuple[int, int, int, int]
#: A point in half-cell units: cell ``(r, c)``'s centre is ``(2r + 1, 2c + 1)``,
#: the corner at lattice point ``(r, c)`` is ``(2r, 2c)``.
Half = tuple[int, int]


# -- divisions as labels (solutions in text) ----------------------------------------------
def walls_between(grid: Grid, label: Mapping[Cell, Hashable]) -> frozenset[Edge]:
    """The division whose walls part cells of different labels (a grid of
    region numbers, as janko writes a division).

    >>> sorted(walls_between(Grid(1, 3), {(0, 0): 1, (0, 1): 1, (0, 2): 2}))
    [((0, 1), (0, 2))]
    """
    return frozenset((a, b) for a, b in grid.cell_edges() if label[a] != label[b])


def numbering(grid: Grid, walls: Iterable[Edge]) -> dict[Cell, int]:
    """Each cell's region number, 1, 2, ... in the order of the regions'
    first cells.

    >>> numbering(Grid(1, 3), [((0, 1), (0, 2))])
    {(0, 0): 1, (0, 1): 1, (0, 2): 2}
    """
    return {c: i for i, region in enumerate(grid.regions(walls), 1) for c in region}


# -- the forms -----------------------------------------------------------------------------
def rectangles(grid: Grid, containing: Cell | None = None, area: int | None = None
               ) -> Iterator[Rect]:
    """The rectangles of cells on ``grid`` (that hold ``containing``, of
    ``area`` cells, when given), as ``(top, left, bottom, right)``.

    >>> list(rectangles(Grid(2, 3), containing=(0, 1), area=2))
    [(0, 0, 0, 1), (0, 1, 0, 2), (0, 1, 1, 1)]
    """
    rows, cols = grid.rows, grid.cols
    if area is not None:  # each height dividing the area, each placement over the cell
        for height in range(1, min(area, rows) + 1):
            width = area // height
            if width * height != area or width > cols:
                continue
            r0, c0 = containing if containing is not None else (rows - 1, cols - 1)
            tops = range(max(0, r0 - height + 1), min(r0, rows - height) + 1) \
                if containing is not None else range(rows - height + 1)
            lefts = range(max(0, c0 - width + 1), min(c0, cols - width) + 1) \
                if containing is not None else range(cols - width + 1)
            for top in tops:
                for left in lefts:
                    yield (top, left, top + height - 1, left + width - 1)
        return
    r0, c0 = containing if containing is not None else (rows - 1, cols - 1)
    for top in range(0, r0 + 1):  # top <= r0 <= bottom, left <= c0 <= right
        for left in range(0, c0 + 1):
            for bottom in range(r0 if containing else top, rows):
                for right in range(c0 if containing else left, cols):
                    yield (top, left, bottom, right)


def rect_cells(rect: Rect) -> list[Cell]:
    """The cells of a rectangle, row by row.

    >>> rect_cells((0, 1, 1, 1))
    [(0, 1), (1, 1)]
    """
    top, left, bottom, right = rect
    return [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)]


def form(rect: Rect) -> str:
    """``square``, ``wide`` (more columns than rows) or ``tall``.

    >>> form((0, 0, 1, 1)), form((0, 0, 0, 2)), form((0, 0, 2, 0))
    ('square', 'wide', 'tall')
    """
    height, width = rect[2] - rect[0] + 1, rect[3] - rect[1] + 1
    return "square" if height == width else "wide" if width > height else "tall"


def mirror(cell: Cell, centre: Half) -> Cell:
    """The cell's image through ``centre`` (half-cell units).

    >>> mirror((0, 0), (1, 2)), mirror((0, 0), (2, 2))
    ((0, 1), (1, 1))
    """
    return (centre[0] - cell[0] - 1, centre[1] - cell[1] - 1)


def touching(grid: Grid, centre: Half) -> list[Cell]:
    """The one, two or four cells whose closure holds ``centre``; a
    ValueError unless the centre lies strictly inside the board.

    >>> touching(Grid(2, 2), (1, 1)), touching(Grid(2, 2), (2, 2))
    ([(0, 0)], [(0, 0), (0, 1), (1, 0), (1, 1)])
    """
    y, x = centre
    if not (0 < y < 2 * grid.rows and 0 < x < 2 * grid.cols):
        raise ValueError(f"centre {centre} is not inside the board")
    r, c = y // 2, x // 2  # written out (Galaxies asks it thrice a centre a verdict)
    if y % 2:
        return [(r, c)] if x % 2 else [(r, c - 1), (r, c)]
    return [(r - 1, c), (r, c)] if x % 2 else [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]


def is_connected(cells: Iterable[Cell], diagonal: bool = False) -> bool:
    """Whether ``cells`` are orthogonally connected (a piece must be), or
    with ``diagonal`` through sides and corners; no cell at all counts as
    connected. A search over the cells' set (genres' verifiers ask it on
    every answer: a networkx graph of the board per answer was a third of
    Paint Area's verify).

    >>> is_connected([(0, 0), (0, 1)]), is_connected([(0, 0), (1, 1)])
    (True, False)
    >>> is_connected([(0, 0), (1, 1)], diagonal=True), is_connected([])
    (True, True)
    """
    inside = set(cells)
    if not inside:
        return True
    start = min(inside)
    todo, seen = [start], {start}
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1)) + (_CORNERS if diagonal else ())
    while todo:
        r, c = todo.pop()
        for dr, dc in steps:
            n = (r + dr, c + dc)
            if n in inside and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(inside)


#: The corner neighbours' steps.
_CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def symmetric_domains(grid: Grid, centres: Sequence[Half], narrow: bool = True
                      ) -> list[set[Cell]]:
    """Per centre, the cells its region can hold (a superset of every
    solution's region, ``encodings/regions.md``, "Domains").

    First the greatest set D of cells whose mirror images lie in D,
    touching no other centre, and connected within D to the centre's own
    cells (which are in D, or D is empty: then no division exists). D is
    what one search finds: the cells reached from the centre's own
    through cells c whose mirror image c' is on the board with neither c
    nor c' touching another centre. That set holds D (D is connected
    through such cells), and it is D: it is symmetric (the mirror image
    of a path from the centre's cells is one) and connected.

    Then (``narrow``) what the givens decide: a cell that only one
    centre's D holds lies in that region, and so does its mirror image,
    which leaves every other D (with its own mirror image); a D that
    lost cells keeps what its centre's cells reach within it. Repeated
    until nothing changes (:func:`_narrow`).

    >>> [sorted(d) for d in symmetric_domains(Grid(1, 5), [(1, 3), (1, 7)], narrow=False)]
    [[(0, 0), (0, 1), (0, 2)], [(0, 2), (0, 3), (0, 4)]]
    >>> [sorted(d) for d in symmetric_domains(Grid(1, 5), [(1, 3), (1, 7)])]
    [[(0, 1)], [(0, 2), (0, 3), (0, 4)]]
    """
    # On cell numbers p = r * cols + c, for speed (every Galaxies encoding runs
    # it, a search per centre; on cell tuples it was a third of the encoding):
    # the mirror image of p through centre (y, x) is (y - 1) * cols + x - 1 - p.
    rows, cols = grid.rows, grid.cols
    n = rows * cols
    owned = [-1] * n  # the first centre a cell touches, or -1
    anchors_of = []
    for i, centre in enumerate(centres):
        anchors = [r * cols + c for r, c in touching(grid, centre)]
        anchors_of.append(anchors)
        for a in anchors:
            if owned[a] < 0:
                owned[a] = i
    blocked = bytearray(o >= 0 for o in owned)  # touching a centre: cleared for its own
    turns = [(y - 1) * cols + x - 1 for y, x in centres]
    doms: list[list[int]] = []
    for i, (y, x) in enumerate(centres):
        anchors = anchors_of[i]
        if any(owned[a] != i for a in anchors):
            doms.append([])
            continue
        for a in anchors:
            blocked[a] = 0
        # c's mirror image is on the board iff c lies in this box
        top, bottom = max(0, y - rows), min(rows, y) - 1
        left, right = max(0, x - cols), min(cols, x) - 1
        turn = turns[i]
        seen = set(anchors)
        todo = list(anchors)
        for p in todo:  # grows while it runs: a flood fill
            r = p // cols
            c = p - r * cols
            for q in (p - cols if r > top else -1, p - 1 if c > left else -1,
                      p + 1 if c < right else -1, p + cols if r < bottom else -1):
                if q >= 0 and q not in seen:
                    seen.add(q)
                    if not (blocked[q] or blocked[turn - q]):
                        todo.append(q)
        for a in anchors:
            blocked[a] = 1
        doms.append(todo)
    if narrow:
        _narrow(doms, anchors_of, turns, rows, cols)
    cells = grid.cells
    return [{cells[p] for p in dom} for dom in doms]


def _narrow(doms: list[list[int]], anchors_of: list[list[int]], turns: list[int],
            rows: int, cols: int) -> None:
    """Shrink the symmetric domains ``doms`` (cell numbers, in place) by
    what the givens decide, keeping every solution's regions (the proof:
    ``encodings/regions.md``, "Narrowing"): a cell p that one domain alone
    holds, that of centre i, lies in region i, and so does its mirror m
    through i; so m leaves every other domain j, with its mirror through j
    (j's region is symmetric). A domain that lost cells keeps the cells
    its centre's cells reach within it (its region is connected), or
    none when it lost one of them (no division then). Until nothing
    changes; a cell no domain holds then makes the formula unsatisfiable
    (it gets no label)."""
    # each cell's list of the domains holding it is the one record (a domain
    # is read off it): a drop is a list removal, no set per domain to keep
    cand: list[list[int]] = [[] for _ in range(rows * cols)]
    for i, d in enumerate(doms):
        for p in d:
            cand[p].append(i)
    queue = [p for p, held in enumerate(cand) if len(held) == 1]
    changed: set[int] = set()
    while True:
        while queue:
            p = queue.pop()
            if len(cand[p]) != 1:
                continue  # emptied since: no division
            i = cand[p][0]
            m = turns[i] - p
            if len(cand[m]) == 1:
                continue  # m is in D_i alone already (D_i holds it: it is symmetric)
            for j in [j for j in cand[m] if j != i]:
                changed.add(j)
                for q in (m, turns[j] - m):  # one cell when m is its own mirror through j
                    held = cand[q]
                    if j in held:
                        held.remove(j)
                        if len(held) == 1:
                            queue.append(q)
        if not changed:
            break
        for j in sorted(changed):
            dom = [q for q in doms[j] if j in cand[q]]
            anchors = anchors_of[j]
            rest = set(dom)
            if all(a in rest for a in anchors):
                if all(len(cand[q]) == 1 for q in dom):
                    continue  # nothing left to decide: a region not connected is the cuts' to find
                rest.difference_update(anchors)  # what the centre's cells do not reach (yet)
                todo = list(anchors)
                for p in todo:
                    r = p // cols
                    c = p - r * cols
                    for q in (p - cols if r else -1, p - 1 if c else -1,
                              p + 1 if c + 1 < cols else -1, p + cols if r + 1 < rows else -1):
                        if q in rest:
                            rest.discard(q)
                            todo.append(q)
            for q in rest:
                held = cand[q]
                held.remove(j)
                if len(held) == 1:
                    queue.append(q)
        changed.clear()
    for i, d in enumerate(doms):
        d[:] = [p for p in d if i in cand[p]]


def lone_rectangles(grid: Grid, marks: Mapping[Cell, Hashable],
                    sides: Mapping[Cell, int | None] | None = None
                    ) -> Iterator[tuple[Cell, Rect]]:
    """Every rectangle that holds exactly one of the ``marks``, with that
    mark's cell (counted with prefix sums): the candidates of the genres
    whose rectangles each hold one clue (Tatamibari). Grown from each mark:
    a rectangle holding two marks stops the growth in that direction
    (every larger one holds them too). ``sides`` (mark -> a count, or None
    for any, as for a mark not there): only the rectangles where that many of the mark cell's four
    sides lie on the border (Nawabari), pruned while they grow; the order
    is the one without ``sides``, less the others.

    >>> sorted(lone_rectangles(Grid(1, 3), {(0, 0): "a", (0, 2): "b"}))
    [((0, 0), (0, 0, 0, 0)), ((0, 0), (0, 0, 0, 1)), ((0, 2), (0, 1, 0, 2)), ((0, 2), (0, 2, 0, 2))]
    >>> list(lone_rectangles(Grid(1, 3), {(0, 0): "a", (0, 2): "b"}, {(0, 0): 3, (0, 2): 4}))
    [((0, 0), (0, 0, 0, 1)), ((0, 2), (0, 2, 0, 2))]
    """
    rows, cols = grid.rows, grid.cols
    above = [[0] * (cols + 1) for _ in range(rows + 1)]  # marks above and left
    for r in range(rows):
        for c in range(cols):
            above[r + 1][c + 1] = above[r][c + 1] + above[r + 1][c] - above[r][c] + ((r, c) in marks)
    # held(top, left, bottom, right) = the marks in the rectangle: written out
    # in the loops below (a call per rectangle was a third of Nawabari's encoding)
    for p in marks:  # grow from p; a rectangle holding two marks ends each growth
        r0, c0 = p
        want = None if sides is None else sides.get(p)
        for top in range(r0, -1, -1):
            a_top = above[top]
            if above[r0 + 1][c0 + 1] - a_top[c0 + 1] - above[r0 + 1][c0] + a_top[c0] > 1:
                break
            on_top = top == r0
            for left in range(c0, -1, -1):
                if above[r0 + 1][c0 + 1] - a_top[c0 + 1] - above[r0 + 1][left] + a_top[left] > 1:
                    break
                so_far = on_top + (left == c0)
                if want is not None and not so_far <= want <= so_far + 2:
                    continue
                for bottom in range(r0, rows):
                    a_bottom = above[bottom + 1]
                    if a_bottom[c0 + 1] - a_top[c0 + 1] - a_bottom[left] + a_top[left] > 1:
                        break
                    count = so_far + (bottom == r0)
                    if want is None:
                        first, last = c0, cols - 1
                    elif count == want:  # the right side beyond the mark's column
                        first, last = c0 + 1, cols - 1
                    elif count + 1 == want:  # the right side on the mark's column
                        first, last = c0, c0
                    else:
                        continue
                    for right in range(first, last + 1):  # held(.., c0) <= 1 here
                        if a_bottom[right + 1] - a_top[right + 1] - a_bottom[left] + a_top[left] > 1:
                            break
                        yield p, (top, left, bottom, right)
