"""The row-by-row sweep that counts Battleship solutions
(encodings/battleship.md, "Counting"): states keyed by the last row and the
vertical runs through it, with what the columns and the fleet still need
packed into one integer; two sweeps, from the top and from the bottom, meet
at one row and are joined exactly (:func:`count_board`).
"""
from __future__ import annotations

import time

from ..formats.battleship_board import BOTTOM, MIDDLE, PARTS, SUB, TOP
from ._battleship_residual import Residual
from ._battleship_rows import lone_cells, row_table

#: Roles a lone cell of a row turns out to have once the rows around it are known.
_ROLES = (SUB, TOP, BOTTOM, MIDDLE)


class CountTimeout(Exception):
    """The deadline struck while counting."""



class Packing:
    """A sweep entry's key packs what the columns and the fleet still need
    into one integer, ``columns << shift | fleet``: a field per column and
    per ship length. Each fleet field keeps a guard bit set; subtracting a
    count larger than the field clears it, and never borrows further."""

    def __init__(self, board: Residual):
        fl = board.fleet
        self.known = [t is not None for t in board.col_tallies]
        self.wc = board.rows.bit_length() + 1
        self.cfield = (1 << self.wc) - 1
        self.lmax = max((L for L, n in enumerate(fl) if n), default=0)
        wf = (max(fl) + board.cols).bit_length() + 1
        self.unit = [1 << (wf * L) for L in range(len(fl))]
        self.guards = sum(1 << (wf * L + wf - 1) for L in range(1, len(fl)))
        self.shift = wf * len(fl)
        self.fleet0 = sum(n << (wf * L) for L, n in enumerate(fl))
        self.col0 = sum((t or 0) << (self.wc * c) for c, t in enumerate(board.col_tallies))
        self.start = self.col0 << self.shift | self.fleet0 | self.guards


_MISSING = object()


class Sweep:
    """The rows of a board from the top down. ``layer`` maps (the last
    row's mask, the lengths of the vertical runs through its lone cells,
    left to right) to {packed key: number of ways}. A lone cell's run may
    still grow; its length is charged to the fleet when it stops."""

    def __init__(self, board: Residual, pk: Packing, deadline, memo: dict):
        self.b, self.pk, self.deadline = board, pk, deadline
        self.done = 0
        self.layer = {(0, ()): {pk.start: 1}}
        fl = board.fleet
        lengths = frozenset(L for L in range(2, len(fl)) if fl[L])
        self.cands = [row_table(memo, board.cols, board.glyphs[r], board.allowed[r],
                                 board.need[r], board.row_tallies[r], lengths, any(fl), pk.wc,
                                 tuple(pk.known), tuple(pk.unit))
                      for r in range(board.rows)]
        # per row: the cells whose given part rules out each role of a lone cell
        self.forbid = [{role: sum(1 << c for c, g in enumerate(row) if g in PARTS and g != role)
                        for role in _ROLES} for row in board.glyphs]
        # cap[r][c]: rows from r down that could still give column c a cell
        cap = [[0] * board.cols for _ in range(board.rows + 1)]
        for r in range(board.rows - 1, -1, -1):
            for c in range(board.cols):
                cap[r][c] = cap[r + 1][c] + (board.allowed[r] >> c & 1
                                             and board.row_tallies[r] != 0)
        self.cap = cap
        self._fits = {}

    def size(self) -> int:
        return sum(map(len, self.layer.values()))

    def _check_clock(self) -> None:
        """Raise CountTimeout once the deadline has passed (checked for each
        group of states, so a step overruns it by little)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise CountTimeout

    def _transitions(self, r, P, runs):
        """(mask, run lengths of its lone cells, fleet used, column use) for
        each mask of row r that may follow row mask P with those runs."""
        fits = self._fits.get((r, P))
        if fits is None:
            spread = (P | P << 1 | P >> 1) & ((1 << self.b.cols) - 1)
            touching = spread & ~lone_cells(P)
            # runs of two or more touch nothing above; lone cells touch only a lone cell
            # right above them, whose vertical run they continue
            fits = self._fits[(r, P)] = [t for t in self.cands[r]
                                         if not t[2] & spread and not t[1] & touching]
        if not runs:
            return [(M, ones, d, cv) for M, lone, H, d, cv, lows, ones in fits]
        unit, lmax = self.pk.unit, self.pk.lmax
        forbid = self.forbid[r - 1]
        open_ = lone_cells(P)
        kcol, o = {}, open_
        fresh = longest = 0
        for k in runs:
            low = o & -o
            kcol[low] = k
            o ^= low
            if k == 1:
                fresh |= low
            if k >= lmax:
                longest |= low
        # a run that stops at row r-1 ends there as a submarine or a bottom end; one
        # that goes on has a top end or a middle piece there
        stop_bad = fresh & forbid[SUB] | ~fresh & open_ & forbid[BOTTOM]
        go_bad = fresh & forbid[TOP] | ~fresh & open_ & forbid[MIDDLE] | longest
        out = []
        for M, lone, H, d, cv, lows, ones in fits:
            if open_ & ~M & stop_bad or open_ & M & go_bad:
                continue
            for low, k in kcol.items():
                if not M & low:
                    d += unit[k]
            out.append((M, tuple([kcol.get(low, 0) + 1 for low in lows]), d, cv))
        return out

    def _column_rule(self, r):
        """rule(residuals) -> (columns that must stay empty in row r, columns
        that must be filled), or None when a column needs more cells than the
        rows left can give; memoised."""
        pk, cap, below = self.pk, self.cap[r], self.cap[r + 1]
        wc, field, known, ncols = pk.wc, pk.cfield, pk.known, self.b.cols
        memo = {}

        def rule(cr):
            res = memo.get(cr, _MISSING)
            if res is not _MISSING:
                return res
            res = None
            zero = must = 0
            for c in range(ncols):
                if known[c]:
                    x = cr >> (wc * c) & field
                    if x == 0:
                        zero |= 1 << c
                    elif x > below[c]:
                        if x > cap[c]:
                            break
                        must |= 1 << c
            else:
                res = (zero, must)
            memo[cr] = res
            return res

        return rule

    def step(self) -> None:
        """Take the next row."""
        self._check_clock()
        r, guards, shift = self.done, self.pk.guards, self.pk.shift
        rule = self._column_rule(r)
        new = {}
        for (P, runs), entries in self.layer.items():
            self._check_clock()
            trans = []
            for M, nr, d, cv in self._transitions(r, P, runs):
                sub = new.get((M, nr))
                if sub is None:
                    sub = new[(M, nr)] = {}
                trans.append((M, [((cv << shift) + d, sub)]))
            if not trans:
                continue
            pick = _selector(rule, trans)  # -> [(key change, target)] obeying the columns
            for key, ways in entries.items():
                sel = pick(key >> shift)
                if sel is None:
                    continue
                for delta, sub in sel:
                    k2 = key - delta
                    if k2 & guards == guards:  # the fleet had those ships left
                        sub[k2] = sub.get(k2, 0) + ways
        self.layer = {k: v for k, v in new.items() if v}
        self.done += 1

    def join(self, other: "Sweep") -> int:
        """The number of boards made of this sweep's rows, its next row, and
        the other sweep's rows, which end with that same row: for each way
        to take the row here, the other side's entries that fit exactly."""
        self._check_clock()
        pk, r = self.pk, self.done
        shift, unit, lmax = pk.shift, pk.unit, pk.lmax
        fmask = (1 << shift) - 1
        partners = {}  # row mask -> [(its runs, {key: ways})] on the other side
        for (M, runs), table in other.layer.items():
            partners.setdefault(M, []).append((runs, table))
        forbid = self.forbid[r]
        segments = {t[0]: t[3] for t in self.cands[r]}
        rule = self._column_rule(r)

        def through(M, nr, runs_b):
            """Fleet used by the vertical ships through row r's lone cells (runs
            from here and from the other side meeting there), or None."""
            used, lone = 0, lone_cells(M)
            for kf, kb in zip(nr, runs_b):
                low = lone & -lone
                lone ^= low
                role = (SUB if kb == 1 else TOP) if kf == 1 else (BOTTOM if kb == 1 else MIDDLE)
                if kf + kb - 1 > lmax or forbid[role] & low:
                    return None
                used += unit[kf + kb - 1]
            return used

        # an entry here needs the other side's key: what this side's rows used of the
        # columns, and the fleet left there (fields keep their guards)
        col0, base = pk.col0, pk.fleet0 + 2 * pk.guards
        total = 0
        meetings = {}  # (mask, runs here) -> [(fleet taken through row r, other side's table)]
        for (P, runs), entries in self.layer.items():
            self._check_clock()
            trans = []
            for M, nr, d, cv in self._transitions(r, P, runs):
                if M not in partners:
                    continue
                meet = meetings.get((M, nr))
                if meet is None:
                    meet = meetings[(M, nr)] = [
                        (m, table) for m, table in ((through(M, nr, runs_b), table)
                                                    for runs_b, table in partners[M])
                        if m is not None]
                # the other side charged row r's runs of two or more already
                closed = d - segments[M]
                trans.append((M, [(closed + m, table) for m, table in meet]))
            if not trans:
                continue
            pick = _selector(rule, trans)
            for key, ways in entries.items():
                cr = key >> shift
                sel = pick(cr)
                if sel is None:
                    continue
                want = ((col0 - cr) << shift) + base - (key & fmask)
                for offset, table in sel:
                    w = table.get(want + offset)
                    if w:
                        total += ways * w
        return total


def _selector(rule, trans):
    """pick(cr) for one state's transitions ``trans`` = [(row mask, payloads)]:
    the payloads of the transitions whose mask keeps the column rule for the
    column residuals ``cr`` (rule(cr) = (must stay empty, must be filled)),
    or None when no row can keep it; memoised by residuals and by rule."""
    by_rule: dict = {}
    by_cr: dict = {}

    def pick(cr):
        sel = by_cr.get(cr, _MISSING)
        if sel is _MISSING:
            res = rule(cr)
            if res is None:
                sel = None
            else:
                sel = by_rule.get(res)
                if sel is None:
                    zero, must = res
                    sel = by_rule[res] = [p for M, payloads in trans
                                          if not M & zero and not must & ~M for p in payloads]
            by_cr[cr] = sel
        return sel

    return pick


def count_board(board: Residual, deadline) -> int:
    """Sweep from both ends, always advancing the side with fewer entries,
    until one row is left; the larger side takes it and the other joins."""
    pk = Packing(board)
    memo: dict = {}  # row tables, shared by the two sweeps
    top, bottom = (Sweep(board, pk, deadline, memo), Sweep(board.flipped(), pk, deadline, memo))
    while top.done + bottom.done < board.rows - 1:
        if top.size() <= bottom.size():
            top.step()
        else:
            bottom.step()
    if top.size() <= bottom.size():
        bottom.step()
        return top.join(bottom)
    top.step()
    return bottom.join(top)
