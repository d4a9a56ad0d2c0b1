"""The fewest clues of a Sudoku puzzle whose solution is a given full grid,
found and proved McGuire's way: every minimal unavoidable set of at most
``limit`` cells (:mod:`.unavoidable`, a SAT solver), then every clue set of
at most k cells that hits them all (:mod:`.hitting_search`, exhaustive), each
asked of the solver; one that is not unique yields a new unavoidable set
that the search takes on at once. ``encodings/sudoku-minimum.md`` has the
argument.

- :func:`search`: a unique puzzle of at most k clues, or the proof that
  none exists (``found is None`` and ``complete``).
- :func:`minimum`: k rising from a proved bound until a puzzle turns up.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .hitting_search import HittingSearch
from .unavoidable import GridSolver, cells_of

#: Minimal unavoidable sets up to this many cells seed the search (McGuire's 12).
LIMIT = 12
#: Nodes of the hitting-set search between two looks at the clock.
SLICE = 2_000_000


@dataclass
class Search:
    """What :func:`search` reached for one k."""

    k: int
    found: list[tuple[int, int]] | None  # cells (row, col) of a unique puzzle, at most k
    complete: bool  # the enumeration ran to its end (with found None: none exists)
    seeds: int = 0  # unavoidable sets found before the search
    sets: int = 0  # sets at the end (seeds + those from counter-solutions)
    nodes: int = 0
    checks: int = 0  # clue sets asked of the solver
    seconds: float = 0.0  # CPU seconds (this process)


@dataclass
class Minimum:
    """The result of :func:`minimum`: ``clues`` unique; none of ``lower - 1``
    or fewer exists (``proved`` when ``lower == len(clues)``)."""

    clues: list[tuple[int, int]] | None
    lower: int
    proved: bool
    steps: list[Search] = field(default_factory=list)


def coverage_order(family: Iterable[int], cells: int) -> list[int]:
    """The cells by how many sets of ``family`` hold them, most first (ties
    by index): the search's branching order. A unique puzzle of few clues
    must hit every set, so its cells tend to lie in many; taken first, they
    bring a puzzle early and leave smaller subtrees to the later children
    (the Edinburgh grid's k = 14 tree: 16.1 M nodes instead of 17.6 M)."""
    count = [0] * cells
    for m in family:
        for c in cells_of(m):
            count[c] += 1
    return sorted(range(cells), key=lambda c: (-count[c], c))


def relabel(mask: int, order: Sequence[int]) -> int:
    """``mask`` with cell ``order[i]`` moved to bit i."""
    pos = {c: i for i, c in enumerate(order)}
    return sum(1 << pos[c] for c in cells_of(mask))


def unlabel(mask: int, order: Sequence[int]) -> int:
    """The inverse of :func:`relabel`: bit i back to cell ``order[i]``."""
    return sum(1 << order[i] for i in cells_of(mask))


def search(grid: Sequence[Sequence[int]], box_w: int, box_h: int, k: int,
           limit: int = LIMIT, solver: GridSolver | None = None,
           seeds: Sequence[int] | None = None, deadline: float | None = None,
           compiled: bool = True, root: tuple[int, int] = (0, 0),
           order: Sequence[int] | None = None) -> Search:
    """A unique puzzle with solution ``grid`` of at most ``k`` clues, or the
    proof that there is none. ``deadline``: a ``time.process_time()``
    value; past it the search stops with ``complete`` False. ``root``:
    only the subtree (clues, dead cells) of :func:`.hitting_search.split`.
    ``order``: the cells in the order the search branches on them (default
    :func:`coverage_order` of the seeds; ``range(n * n)`` for the index
    order); ``root`` and ``seeds`` are in grid cells either way."""
    t0 = time.process_time()
    own = solver is None
    gs = GridSolver(grid, box_w, box_h) if own else solver
    n = len(grid)
    try:
        if seeds is None:
            seeds = gs.sets(limit=limit)
        if order is None:
            order = coverage_order(seeds, n * n)
        hs = HittingSearch([relabel(m, order) for m in seeds], k, compiled=compiled,
                           root=(relabel(root[0], order), relabel(root[1], order)))
        out = Search(k, None, False, seeds=len(seeds))
        budget = 0
        while True:
            budget += SLICE
            clues = hs.next(budget)
            if clues == -1:  # the slice ran out: look at the clock
                if deadline is not None and time.process_time() > deadline:
                    break
                continue
            if clues is None:
                out.complete = True
                break
            out.checks += 1
            clues = unlabel(clues, order)
            diff = gs.other(cells_of(clues))
            if diff is None:
                out.found = [(i // n, i % n) for i in cells_of(clues)]
                break
            hs.add(relabel(gs.shrink(diff), order))  # unhit by these clues: the node is cut next
            budget -= SLICE
        out.sets, out.nodes = hs.nsets, hs.nodes
        out.seconds = time.process_time() - t0
        return out
    finally:
        if own:
            gs.close()


def _subtree(args) -> Search:
    grid, box_w, box_h, k, limit, seeds, deadline, root, order = args
    return search(grid, box_w, box_h, k, limit, None, seeds,
                  None if deadline is None else time.process_time() + deadline, root=root,
                  order=order)


def search_parallel(grid: Sequence[Sequence[int]], box_w: int, box_h: int, k: int,
                    jobs: int = 2, limit: int = LIMIT, seeds: Sequence[int] | None = None,
                    timeout: float | None = None, depth: int = 2,
                    order: Sequence[int] | None = None) -> Search:
    """:func:`search` over the subtrees of :func:`.hitting_search.split` in
    ``jobs`` processes, handed out in the search's own order (the subtrees
    of the first cells first); the first puzzle found stops them all.
    ``seconds`` is the CPU time of this process and of the workers
    (``timeout``: CPU seconds for each subtree)."""
    import multiprocessing
    import resource

    from .hitting_search import split

    def children() -> float:
        use = resource.getrusage(resource.RUSAGE_CHILDREN)
        return use.ru_utime + use.ru_stime

    t0, c0 = time.process_time(), children()
    if seeds is None:
        with GridSolver(grid, box_w, box_h) as gs:
            seeds = gs.sets(limit=limit)
    seeds = list(seeds)
    if order is None:
        order = coverage_order(seeds, len(grid) ** 2)
    order = list(order)
    roots = [(unlabel(c, order), unlabel(d, order))
             for c, d in split([relabel(m, order) for m in seeds], k, depth)]
    total = Search(k, None, True, seeds=len(seeds))
    grid = [list(row) for row in grid]
    tasks = [(grid, box_w, box_h, k, limit, seeds, timeout, r, order) for r in roots]
    pool = multiprocessing.get_context("fork").Pool(jobs)
    try:
        for step in pool.imap_unordered(_subtree, tasks, chunksize=1):
            total.sets = max(total.sets, step.sets)
            total.nodes += step.nodes
            total.checks += step.checks
            total.complete &= step.complete
            if step.found is not None:
                total.found = step.found
                total.complete = False  # the other subtrees are left unsearched
                break
    finally:
        pool.terminate()
        pool.join()
    total.seconds = time.process_time() - t0 + children() - c0
    return total


def minimum(grid: Sequence[Sequence[int]], box_w: int, box_h: int, lower: int = 0,
            limit: int = LIMIT, deadline: float | None = None,
            report: Callable[[Search], None] | None = None,
            compiled: bool = True) -> Minimum:
    """The fewest clues that make ``grid`` unique, trying k = lower, lower
    + 1, ... (``lower``: a bound already proved, default 0); each k that
    completes without a puzzle proves the bound k + 1."""
    with GridSolver(grid, box_w, box_h) as gs:
        seeds = list(gs.sets(limit=limit))
        result = Minimum(None, lower, False)
        k = lower
        while True:
            step = search(grid, box_w, box_h, k, limit, gs, seeds, deadline, compiled)
            result.steps.append(step)
            if report is not None:
                report(step)
            if step.found is not None:
                result.clues = step.found
                result.proved = True
                return result
            if not step.complete:
                return result
            result.lower = k + 1
            k += 1
