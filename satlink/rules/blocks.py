"""Block clues: the runs of shaded cells along a line, in order (Nonogram).

A *block clue* of a line (a row or a column, any sequence of cells) lists
the lengths of its runs of shaded cells from its start to its end: ``(3, 1)``
says the line holds a run of three shaded cells, later a run of one, and
no other shaded cell; ``()`` says it holds none. :func:`line_clue` encodes
one such clue as a small automaton over the line (``encodings/blocks.md``):
the pattern ``0* 1^b1 0+ 1^b2 ... 0+ 1^bk 0*`` as a chain of states, a
variable per cell and state that the cell can be in (states that cannot
start the line or cannot end it are left out; inside a run, one variable
per run start), each cell's shading fixed by its state, every state's
predecessor named. All clauses, exact; a clue can sit behind a selector
(``when``).

>>> from satlink.formula import Formula
>>> f = Formula(); x = [f.var("x", i) for i in range(3)]
>>> line_clue(f, x, (2,))
>>> from tests.rules.enumerate import solutions
>>> sorted(sorted(s) for s in solutions(f, x))
[[1, 2], [2, 3]]
>>> runs([True, True, False, True])
(2, 1)
"""
from __future__ import annotations

from collections.abc import Sequence

from ..formula import Formula
from .counts import guarded


def runs(shaded: Sequence[bool]) -> tuple[int, ...]:
    """The lengths of the runs of True in ``shaded``, in order."""
    out, n = [], 0
    for s in list(shaded) + [False]:
        if s:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return tuple(out)


def pattern(clue: Sequence[int]) -> list[int]:
    """The states of the automaton of ``clue``: each state's symbol (1 shaded,
    0 white), a 0 state looping on itself.

    >>> pattern((2, 1))
    [0, 1, 1, 0, 1, 0]
    """
    out = [0]
    for b in clue:
        out += [1] * b + [0]
    return out


def line_clue(f: Formula, cells: Sequence[int], clue: Sequence[int],
              when: int | None = None) -> None:
    """The literals ``cells`` (a line's cells, True shaded), in order, show
    runs of shaded cells of exactly the lengths ``clue``, in order; behind
    ``when`` when given (a length 0 is no run: janko writes `0` for an
    empty line). Unsatisfiable (an empty clause) when the clue
    cannot fit the line."""
    with guarded(f, when):
        _automaton(f, list(cells), [int(b) for b in clue if b])


def _automaton(f: Formula, x: list[int], clue: list[int]) -> None:
    n, p = len(x), pattern(clue)
    if not clue:  # no run: every cell white
        f.extend([-c] for c in x)
        return
    slack = n - (sum(clue) + len(clue) - 1)
    if slack < 0:
        f.add([])  # the clue does not fit the line
        return
    last = len(p) - 1
    # state q (pattern index) can follow the first i cells for q <= i <= top[q]:
    # it needs q cells to reach and (last - 1 - q) more to finish the last run.
    # Inside a run the state after i cells is the run's first state after
    # i - d cells (d: how far into the run): one variable for both.
    top = [q + slack for q in range(last)] + [n]
    into = [0] * (last + 1)
    for q in range(1, last + 1):
        into[q] = into[q - 1] + 1 if p[q] and p[q - 1] else 0
    start, k = [0] * (last + 1), f.num_vars + 1  # a fresh variable per (layer, state)
    for q in range(last + 1):
        if into[q]:
            start[q] = start[q - 1] - 1
        else:
            start[q] = k - q
            k += top[q] - q + 1
    f.pool.top = k - 1

    # state q after j cells is variable start[q] + j, for q <= j <= top[q]
    # (written out below: a call per look-up cost a third of the encoding)
    add = f.clauses.append
    add([start[0]])
    for i in range(n):
        xi, j = x[i], i + 1
        ones, zeros = [-xi], [xi]
        # the states the first j cells can reach: q <= j <= top[q]
        for q in range(max(0, j - slack) if j - slack < last else last, min(last, j) + 1):
            v = start[q] + j
            if p[q]:  # a state fixes its cell's shading (and a run's first state
                ones.append(v)  # comes from the white state before it)
                add([-v, xi])
                if not into[q]:
                    r = q - 1
                    add([-v, start[r] + i if r <= i <= top[r] else -v])
            else:  # a white state comes from the state before it or from itself
                zeros.append(v)
                add([-v, -xi])
                came = q <= i <= top[q]
                if q and q - 1 <= i <= top[q - 1]:
                    add([-v, start[q - 1] + i, start[q] + i] if came else [-v, start[q - 1] + i])
                else:
                    add([-v, start[q] + i] if came else [-v])
        add(ones)  # the cell's shading picks among the states it can lead to
        add(zeros)
