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


def settle(clue: Sequence[int], known: Sequence[bool | None]) -> list[bool | None] | None:
    """What ``clue`` (run lengths, no 0) fixes on a line whose cells are
    ``known`` (True shaded, False white, None open): the line with every cell
    that all the clue's fillings agreeing with ``known`` shade (True) or
    leave white (False), None where they differ; None when no filling agrees.
    Exact (``encodings/blocks.md``, "Settling"): runs placed by a forward and
    a backward pass over (cells, runs), O(n k).

    >>> settle((3,), [None] * 4)
    [None, True, True, None]
    >>> settle((1, 1), [None, True, None, None])
    [False, True, False, True]
    >>> settle((2,), [True, False, None]) is None
    True
    """
    if None not in known:  # nothing open: the line shows the clue or not
        return list(known) if runs(known) == tuple(clue) else None
    # known cells up to a white before the first open cell (and from a white
    # after the last) hold whole runs: the first and last of the clue
    n, k = len(known), len(clue)
    head = known.index(None)
    while head and known[head - 1] is not False:
        head -= 1
    tail = n - known[::-1].index(None)
    while tail < n and known[tail] is not False:
        tail += 1
    first, last = runs(known[:head]), runs(known[tail:])
    m, t = len(first), len(last)
    if m + t > k or tuple(clue[:m]) != first or tuple(clue[k - t:]) != last:
        return None
    if head or tail < n:
        mid = _settle(clue[m:k - t], known[head:tail])
        return None if mid is None else [*known[:head], *mid, *known[tail:]]
    return _settle(clue, known)


def _settle(clue: Sequence[int], known: Sequence[bool | None]) -> list[bool | None] | None:
    """:func:`settle` by the tables, on a line with an open cell."""
    n, k = len(known), len(clue)
    w = [0] * (n + 1)  # known-white prefix counts
    acc = 0
    for i, v in enumerate(known):
        acc += v is False
        w[i + 1] = acc
    cw = [v is not True for v in known]
    pre = [0] * (k + 1)  # cells runs 1..j need (with gaps)
    for j in range(1, k + 1):
        pre[j] = pre[j - 1] + clue[j - 1] + (j > 1)
    total = pre[k]
    if total > n:
        return None
    slack = n - total
    # A[j][i]: cells 0..i-1 hold runs 1..j and end white (or i == 0); B[j][i]: run j ends at i
    A = [[False] * (n + 1) for _ in range(k + 1)]
    B = [[False] * (n + 1) for _ in range(k + 1)]
    A[0][0] = True
    for j in range(k + 1):
        Aj, Bj = A[j], B[j]
        lo = pre[j]
        hi = pre[j] + slack if j < k else n  # run j ends by pre[j] + slack
        if j:
            b, Ap = clue[j - 1], A[j - 1]
            for i in range(lo, min(hi, n) + 1):
                if w[i] == w[i - b] and Ap[i - b]:
                    Bj[i] = True
        # past pre[j] + slack + 1 the runs after j no longer fit
        for i in range(max(lo, 1), min(n, pre[j] + slack + 1) + 1 if j < k else n + 1):
            if cw[i - 1] and (Aj[i - 1] or Bj[i - 1]):
                Aj[i] = True
    if not (A[k][n] or B[k][n]):
        return None
    # C[j][i]: cells i..n-1 hold runs j+1..k, cell i white (or i == n)
    C = [[False] * (n + 1) for _ in range(k + 1)]
    C[k][n] = True
    for j in range(k, -1, -1):
        Cj = C[j]
        if j < k:  # cell i white, then white again or run j + 1 from i + 1
            b, after = clue[j], C[j + 1]
        for i in range(n - 1, max(pre[j], 0) - 1, -1):  # before pre[j]: runs 1..j do not fit
            if not cw[i]:
                continue
            if Cj[i + 1]:
                Cj[i] = True
            elif j < k and i + 1 + b <= n and w[i + 1 + b] == w[i + 1] and after[i + 1 + b]:
                Cj[i] = True
    # white: some j with runs 1..j before the cell and the rest from it on;
    # shaded: some run j placed over it (counted by a difference array)
    out: list[bool | None] = [None] * n
    white = [False] * n
    for j in range(k + 1):
        Aj, Bj, Cj = A[j], B[j], C[j]
        for x in range(pre[j], min(n, pre[j] + slack + 1)):
            if Cj[x] and (Aj[x] or Bj[x]):
                white[x] = True
    diff = [0] * (n + 1)
    for j in range(1, k + 1):
        b, Ap, Cj = clue[j - 1], A[j - 1], C[j]
        for s in range(pre[j - 1] + (j > 1), pre[j - 1] + (j > 1) + slack + 1):
            e = s + b
            if Ap[s] and w[e] == w[s] and (Cj[e] if e < n else j == k):
                diff[s] += 1
                diff[e] -= 1
    run = 0
    for x in range(n):
        run += diff[x]
        if run > 0:
            if not white[x]:
                out[x] = True
        elif white[x]:
            out[x] = False
        else:
            return None
    return out
