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
    Exact (``encodings/blocks.md``, "Settling"); :func:`settle_masks` on bits.

    >>> settle((3,), [None] * 4)
    [None, True, True, None]
    >>> settle((1, 1), [None, True, None, None])
    [False, True, False, True]
    >>> settle((2,), [True, False, None]) is None
    True
    """
    white = sum(1 << x for x, v in enumerate(known) if v is not True)
    shade = sum(1 << x for x, v in enumerate(known) if v is not False)
    got = settle_masks(clue, white, shade, len(known))
    if got is None:
        return None
    w, sh = got
    return [None if w >> x & 1 and sh >> x & 1 else bool(sh >> x & 1) for x in range(len(known))]


def settle_masks(clue: Sequence[int], white: int, shade: int, n: int) -> tuple[int, int] | None:
    """:func:`settle` on bit masks over a line of ``n`` cells: bit x of
    ``white`` (``shade``) set when cell x may be white (shaded), at least one
    of the two per cell. Returns the masks of what the clue's fillings that
    agree with them do (a subset of each), None when none agrees."""
    k = len(clue)
    fits = _fits(clue, shade, n)
    ahead, ends = _prefixes(clue, white, fits)
    if not (ahead[k] | ends[k]) >> n & 1:
        return None
    # the suffixes: prefixes of the reversed line, read back
    back, _ = _prefixes(clue[::-1], _reverse(white, n), _fits(clue[::-1], _reverse(shade, n), n))
    after = [_reverse(back[k - j], n + 1) for j in range(k + 1)]
    can_white = can_shade = 0
    for j in range(k + 1):  # runs 1..j before the cell, the rest from it, white
        can_white |= (ahead[j] | ends[j]) & after[j]
    for j in range(1, k + 1):  # run j from s to s + b
        b = clue[j - 1]
        starts = ahead[j - 1] & fits[j - 1] & (after[j] >> b)
        for t in range(b):
            can_shade |= starts << t
    return can_white & ((1 << n) - 1), can_shade


def _fits(clue: Sequence[int], shade: int, n: int) -> list[int]:
    """Per run, the mask of its possible starts s: cells s .. s + b - 1 on the
    line, none of them white."""
    out = []
    for b in clue:
        win = shade & ((1 << max(n - b + 1, 0)) - 1)
        for t in range(1, b):
            win &= shade >> t
        out.append(win)
    return out


def _prefixes(clue: Sequence[int], white: int, fits: list[int]) -> tuple[list[int], list[int]]:
    """Per j = 0..k, masks over prefix lengths i = 0..n: ``ahead[j]``, the
    first i cells can hold runs 1..j and end white (or i = 0); ``ends[j]``,
    they can with run j ending at i. A prefix ending white is one ending at
    a seed (``ends[j]``, or 0 for j = 0) followed by white cells: the seeds
    are carried up through runs of possibly white cells by an addition."""
    ahead, ends, before = [], [], 0
    for j in range(len(clue) + 1):
        seeds = (before & fits[j - 1]) << clue[j - 1] if j else 1
        t = seeds & white  # seeds followed by a white cell
        carried = ((white & ((white + t) ^ white)) | t) << 1
        before = carried | (1 if j == 0 else 0)
        ahead.append(before)
        ends.append(seeds if j else 0)
    return ahead, ends


#: Each byte with its bits in reverse order.
_REVERSED_BYTES = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def _reverse(mask: int, width: int) -> int:
    """``mask``'s lowest ``width`` bits in reverse order (its bytes reversed,
    and the bits of each by a table).

    >>> bin(_reverse(0b0011, 5))
    '0b11000'
    """
    size = (width + 7) >> 3
    return int.from_bytes(mask.to_bytes(size, "big").translate(_REVERSED_BYTES),
                          "little") >> (size * 8 - width)
