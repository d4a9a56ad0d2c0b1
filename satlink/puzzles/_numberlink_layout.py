"""Random Numberlink boards for ``satlink generate numberlink``.

The endpoints are the puzzle's structure, so a board is drawn whole: a
random Hamiltonian path through every cell (the backbite walk: from a
zigzag, repeatedly join one end to a grid neighbour that is not its
predecessor and reverse the stretch after it; every step keeps a
Hamiltonian path), cut into paths of random lengths whose ends become the
labels. Under ``fill any`` some paths are dropped and their cells left
empty. ``satlink.design.tasks.generate_structured`` then refines a board
with :func:`split` until its verdict is unique. Written here because no
library draws random Hamiltonian paths on a grid (networkx enumerates,
which is far too slow).
"""
from __future__ import annotations

import random

#: Labels, in order: digits and letters read back by every format satlink writes.
LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def hamiltonian_path(rows: int, cols: int, rng: random.Random,
                     steps: int | None = None) -> list[tuple[int, int]]:
    """A random Hamiltonian path of the width x height grid, as cells (r, c)."""
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    if len(path) < 3:
        return path
    where = {cell: i for i, cell in enumerate(path)}
    for _ in range(steps if steps is not None else 20 * len(path)):
        if rng.random() < 0.5:  # work on the other end
            path.reverse()
            where = {cell: i for i, cell in enumerate(path)}
        r, c = path[-1]
        options = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= r + dr < rows and 0 <= c + dc < cols]
        v = rng.choice(options)
        i = where[v]
        if i == len(path) - 2:
            continue
        tail = path[i + 1:]
        tail.reverse()
        path[i + 1:] = tail
        for k in range(i + 1, len(path)):
            where[path[k]] = k
    return path


def random_board(rows: int, cols: int, rng: random.Random, fill: str = "all",
                 mean: float | None = None, touch: str = "yes") -> list[list[str]]:
    """Rows of labels ("" empty): a Hamiltonian path cut into paths of at
    least 3 cells (mean length ``mean``, default about a third of the
    longer side plus 2); under ``touch no`` a path is also cut before it
    would run beside itself; under ``fill any`` about one path in five is
    left out (its cells empty)."""
    while True:
        path = hamiltonian_path(rows, cols, rng)
        cuts = _cut(path, rng, mean or max(3.0, max(rows, cols) / 3 + 2), touch == "no")
        if cuts is not None:
            break
    grid = [[""] * cols for _ in range(rows)]
    label = 0
    for start, end in cuts:
        if label >= len(LABELS):
            break
        if fill == "any" and len(cuts) > 2 and rng.random() < 0.2:
            continue
        (r1, c1), (r2, c2) = path[start], path[end - 1]
        grid[r1][c1] = grid[r2][c2] = LABELS[label]
        label += 1
    return grid


def _cut(path: list, rng: random.Random, mean: float, no_touch: bool):
    """(start, end) stretches of ``path``: random lengths of at least 3
    (the last at least 3 too); with ``no_touch`` a stretch also ends before
    a cell beside one of its earlier, non-consecutive cells. None when that
    would leave a stretch of one cell."""
    n = len(path)
    cuts, at = [], 0
    while n - at >= 6:
        length = max(3, min(n - at - 3, round(rng.expovariate(1 / (mean - 2))) + 3))
        if no_touch:
            seen = {path[at]}
            for k in range(at + 1, at + length):
                r, c = path[k]
                beside = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} - {path[k - 1]}
                if beside & seen:
                    length = k - at
                    break
                seen.add(path[k])
        if length < 2:
            return None
        cuts.append((at, at + length))
        at += length
    cuts.append((at, n))
    if no_touch and not _apart(path[at:]):
        return None
    return cuts


def _apart(stretch: list) -> bool:
    """No two non-consecutive cells of ``stretch`` are neighbours."""
    index = {cell: i for i, cell in enumerate(stretch)}
    return all(abs(index.get((r + dr, c + dc), i) - i) <= 1
               for i, (r, c) in enumerate(stretch) for dr, dc in ((1, 0), (0, 1)))


def split(grid: list[list[str]], s0, s1, rng: random.Random) -> list[list[str]] | None:
    """One step towards a unique board (``Design.refine``; ``generate``
    repeats it while the board has two solutions s0 and s1): split one path
    of s0 in two at a cell where s1 runs differently, or under fill any put
    a two-cell path where s1 runs through cells s0 leaves empty. s0 stays a
    solution, with one more label; s1 (and every old solution that joined
    the old pair) does not. None when the labels run out."""
    height, width = len(grid), len(grid[0])
    paths = [list(p) for _, p in s0]
    if len(paths) >= len(LABELS):
        return None
    used0 = {cell for p in paths for cell in p}
    # fill any: a detour of s1 through cells s0 leaves empty is blocked by
    # a new two-cell path there (s0 stays a solution: they were empty)
    pairs = sorted({tuple(sorted((x, y))) for _, p in s1 for x in p if x not in used0
                    for y in _neighbours(x, height, width) if y not in used0})
    if pairs:
        paths.append(list(rng.choice(pairs)))
    else:
        links1 = {frozenset(pair) for _, p in s1 for pair in zip(p, p[1:])}
        splits = [(k, i) for k, p in enumerate(paths) for i in range(1, len(p) - 2)
                  if frozenset((p[i], p[i + 1])) not in links1]  # a step s1 does not take
        if not splits:
            splits = [(k, i) for k, p in enumerate(paths) for i in range(1, len(p) - 2)]
        if not splits:
            return None
        k, i = rng.choice(splits)
        p = paths.pop(k)
        paths += [p[:i + 1], p[i + 1:]]
    grid = [[""] * width for _ in range(height)]
    for label, p in zip(LABELS, paths):
        (r1, c1), (r2, c2) = p[0], p[-1]
        grid[r1][c1] = grid[r2][c2] = label
    return grid


def _neighbours(cell, rows: int, cols: int):
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]
