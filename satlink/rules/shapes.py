"""Polyomino shapes: a shape is a set of cells, normalised; its rotations and
reflections; the free tetrominoes and pentominoes by letter; dominoes and
straight pieces (ships, pills).

A *shape* is a sorted tuple of ``(r, c)`` cells moved so that its smallest
row and smallest column are 0: two cell sets that differ by a translation
have the same shape. A shape in one orientation is a *fixed* shape;
:func:`orientations` lists the fixed shapes a shape takes under rotation
(and reflection); :func:`canonical` picks one of them as the key of the
*free* shape, so that two shapes are congruent (equal up to rotation and
reflection) exactly when their keys are equal.

>>> normalise([(3, 5), (3, 4), (4, 4)])
((0, 0), (0, 1), (1, 0))
>>> len(orientations(TETROMINOES["L"])), len(orientations(TETROMINOES["L"], reflect=False))
(8, 4)
>>> letter([(0, 1), (1, 0), (1, 1), (2, 0)])          # an S (or Z) tetromino
'S'
>>> congruent(TETROMINOES["S"], [(0, 1), (0, 2), (1, 0), (1, 1)])
True
>>> [len(free_polyominoes(n)) for n in range(1, 7)]   # OEIS A000105
[1, 1, 2, 5, 12, 35]
"""
from __future__ import annotations

from collections.abc import Iterable

from .grid import STEPS, Cell

Shape = tuple[Cell, ...]


def normalise(cells: Iterable[Cell]) -> Shape:
    """The shape of a set of cells: sorted, smallest row and column 0.

    >>> normalise([(2, 2)])
    ((0, 0),)
    """
    cells = set(cells)
    if not cells:
        raise ValueError("a shape has at least one cell")
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def rotate(shape: Iterable[Cell]) -> Shape:
    """The shape turned a quarter clockwise.

    >>> rotate([(0, 0), (0, 1), (0, 2)])
    ((0, 0), (1, 0), (2, 0))
    """
    return normalise((c, -r) for r, c in shape)


def reflect(shape: Iterable[Cell]) -> Shape:
    """The shape mirrored left to right.

    >>> reflect([(0, 0), (1, 0), (1, 1)])
    ((0, 1), (1, 0), (1, 1))
    """
    return normalise((r, -c) for r, c in shape)


_mirror = reflect  # ``reflect`` is also a parameter name below


def orientations(shape: Iterable[Cell], reflect: bool = True) -> list[Shape]:
    """The distinct fixed shapes of ``shape`` under the four rotations and,
    with ``reflect``, their mirror images; in a stable order, ``shape``
    itself (normalised) first.

    >>> orientations([(0, 0), (0, 1)])
    [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    """
    out: list[Shape] = []
    seen: set[Shape] = set()
    cur = normalise(shape)
    for flip in (False, True) if reflect else (False,):
        if flip:
            cur = _mirror(cur)
        for _ in range(4):
            if cur not in seen:
                seen.add(cur)
                out.append(cur)
            cur = rotate(cur)
    return out


def canonical(shape: Iterable[Cell], reflect: bool = True) -> Shape:
    """The key of the free shape (``reflect=False``: of the one-sided shape):
    the smallest of its orientations.

    >>> canonical([(0, 1), (1, 0), (1, 1)]) == canonical([(0, 0), (0, 1), (1, 0)])
    True
    """
    return min(orientations(shape, reflect))


def congruent(a: Iterable[Cell], b: Iterable[Cell], reflect: bool = True) -> bool:
    """Whether two cell sets have the same shape up to rotation (and
    reflection), translation aside.

    >>> congruent([(0, 0), (0, 1)], [(5, 5), (6, 5)])
    True
    """
    return canonical(a, reflect) == canonical(b, reflect)


def connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells are orthogonally connected (a polyomino).

    >>> connected([(0, 0), (1, 1)])
    False
    """
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS.values():
            n = (r + dr, c + dc)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def size(shape: Iterable[Cell]) -> tuple[int, int]:
    """``(height, width)`` of the bounding box.

    >>> size(TETROMINOES["L"])
    (3, 2)
    """
    shape = list(shape)
    return (max(r for r, _ in shape) - min(r for r, _ in shape) + 1,
            max(c for _, c in shape) - min(c for _, c in shape) + 1)


def line(length: int, vertical: bool = False) -> Shape:
    """A straight piece of ``length`` cells, horizontal (or vertical): a
    Battleship ship, a domino (2), a pill (3).

    >>> line(3, vertical=True)
    ((0, 0), (1, 0), (2, 0))
    """
    if length < 1:
        raise ValueError(f"a line has at least one cell, not {length}")
    return tuple((k, 0) if vertical else (0, k) for k in range(length))


def free_polyominoes(n: int) -> list[Shape]:
    """The free polyominoes of ``n`` cells, each as its :func:`canonical`
    key, sorted (grown cell by cell from the smaller ones).

    >>> free_polyominoes(3)
    [((0, 0), (0, 1), (0, 2)), ((0, 0), (0, 1), (1, 0))]
    """
    if n < 1:
        return []
    level = {((0, 0),)}
    for _ in range(n - 1):
        grown = set()
        for shape in level:
            cells = set(shape)
            for r, c in shape:
                for dr, dc in STEPS.values():
                    nxt = (r + dr, c + dc)
                    if nxt not in cells:
                        grown.add(canonical(cells | {nxt}))
        level = grown
    return sorted(level)


def _named(rows: dict[str, str]) -> dict[str, Shape]:
    """Shapes drawn as strings: `#` a cell, `.` none, `/` a new row."""
    return {name: normalise((r, c) for r, row in enumerate(text.split("/"))
                            for c, ch in enumerate(row) if ch == "#")
            for name, text in rows.items()}


#: The monomino and the domino.
MONOMINO: Shape = ((0, 0),)
DOMINO: Shape = line(2)

#: The five free tetrominoes by letter (S stands for S and Z, L for L and J
#: when reflections count; LITS uses I, L, S, T).
TETROMINOES: dict[str, Shape] = _named({
    "I": "####", "L": "#./#./##", "O": "##/##", "S": ".##/##.", "T": "###/.#.",
})

#: The twelve free pentominoes by their usual letters.
PENTOMINOES: dict[str, Shape] = _named({
    "F": ".##/##./.#.", "I": "#####", "L": "#./#./#./##", "N": ".#/.#/##/#.",
    "P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
    "W": "#../##./.##", "X": ".#./###/.#.", "Y": ".#/##/.#/.#", "Z": "##./.#./.##",
})


def letter(cells: Iterable[Cell]) -> str | None:
    """The letter of a free tetromino or pentomino (None for other shapes).

    >>> letter(line(4, vertical=True)), letter(line(5)), letter(DOMINO)
    ('I', 'I', None)
    """
    key = canonical(cells)
    table = TETROMINOES if len(key) == 4 else PENTOMINOES if len(key) == 5 else {}
    for name, shape in table.items():
        if canonical(shape) == key:
            return name
    return None
