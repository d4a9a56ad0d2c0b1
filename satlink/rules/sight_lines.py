"""The fixpoint of :mod:`satlink.rules.sight_narrowing` over a board's
lines, each line (a row or a column) as two integers, its open and its
closed items as bits (:meth:`Lines.narrow` says how). The rules it applies
are listed, and proved, there (and in ``encodings/sight.md``); this module
only computes their fixpoint fast, since it runs before every Kuromasu,
Cave and Doors encoding and a plain version was most of a Doors board's
verdict (``tests/rules/test_sight_narrowing.py`` compares it with a plain
fixpoint over item states on random boards).
"""
from __future__ import annotations

#: Why a number is queued (see Lines.narrow).
QUEUED, ROW, COLUMN = 4, 1, 2


class Lines:
    """The board's lines (rows, then columns), each as two integers, its
    open and its closed items as bits (see :meth:`narrow`)."""

    def __init__(self, rows: int, cols: int, gap: int, touch: bool):
        self.rows, self.cols, self.gap, self.touch = rows, cols, gap, touch

    def narrow(self, numbers, opened):
        """The fixpoint: a work list of numbers, each looked at again when
        an item fixed within its reach, or the bounds of a number it meets,
        can move its own bounds.

        Written for speed (it runs before every encoding, and a plain
        version was most of a Doors board's verdict): a line is two
        integers, bit ``t`` of ``op`` / ``cl`` the line's ``t``-th item open
        / closed; bits 0 and the last stand for the board's edges, closed
        for good, so that a run's bounds are a few integer operations (the
        lowest set bit above the number, the highest below it). In a row
        of C cells, a door's bit is the column of the cell right of it (1
        .. C - 1: ``gap`` 1), a cell's its column plus one (1 .. C: ``gap``
        2, the number's own cell between its two runs); columns alike. A
        number's runs are (west, east, north, south): its backward run
        reads bits ``q, q - 1, ..`` of its row (``q`` its column), its
        forward run bits ``q + gap, ..``. Returns (the numbers, fixed-open
        items, fixed-closed items, lows, highs, the unsettled numbers'
        indices), or None."""
        rows, cols, gap = self.rows, self.cols, self.gap
        numbers = sorted(numbers)  # so that each line's numbers come in order
        n = len(numbers)
        rr = [cell[0] for cell, _ in numbers]
        cc = [cell[1] for cell, _ in numbers]
        need = [k for _, k in numbers]
        self.op = op = [0] * (rows + cols)
        self.cl = cl = ([1 | 1 << (cols + gap - 1)] * rows + [1 | 1 << (rows + gap - 1)] * cols)
        # the numbers on each line (ph, pv: where each is on its row, its
        # column), and the next number along each run: steps p (past the
        # board: none) and which, j
        on = self.on = [[] for _ in range(rows + cols)]
        ph, pv = [], []
        for i, (r, c) in enumerate(zip(rr, cc)):
            us, vs = on[r], on[rows + c]
            ph.append(len(us))
            pv.append(len(vs))
            us.append(i)
            vs.append(i)
        P = [[rows + cols] * n for _ in range(4)]
        J = [[0] * n for _ in range(4)]
        met_by: list[list] = [[] for _ in range(n)]  # (u, its direction to i, steps)
        for line, us in enumerate(on):
            place, back = (cc, 0) if line < rows else (rr, 2)
            fp, fj, bp, bj = P[back + 1], J[back + 1], P[back], J[back]
            for a, b in zip(us, us[1:]):
                p = place[b] - place[a]
                if p:
                    fp[a], fj[a], bp[b], bj[b] = p, b, p, a
                    met_by[b].append((a, back + 1, p))
                    met_by[a].append((b, back, p))
        # what a look reads of a number that never changes, at once
        fixed = list(zip(need, rr, cc, [rows + c for c in cc], *P, *J))
        lo = [(0, 0, 0, 0)] * n
        # (no run is longer than its need: no item to fix for that)
        hi = [(c if c < k else k, cols - 1 - c if cols - 1 - c < k else k,
               r if r < k else k, rows - 1 - r if rows - 1 - r < k else k)
              for r, c, k in zip(rr, cc, need)]
        # a number is looked at again when an open item appears at the end
        # of its open runs (wo) or a closed one within its reach (wc): bits of
        # each line, beside its numbers (on); -1 before its first look, 0 done
        self.wo = wo = [[-1] * len(us) for us in on]
        self.wc = wc = [[-1] * len(us) for us in on]
        self.done = done = bytearray(n)
        # waiting: 0 not queued; else queued, and what its look reads anew:
        # ROW, COLUMN (a line that changed since its last look, or since the
        # start), neither (a number it meets moved; its first look on lines
        # untouched since the start)
        self.waiting = waiting = bytearray([ROW | COLUMN if opened else QUEUED]) * n
        self.todo = todo = list(range(n - 1, -1, -1))  # last in, first out: fewer looks
        low = [(2 << q) - 1 for q in range(max(rows, cols) + 1)]
        if opened:
            for r, c in opened:
                if not self.commit([(r * cols + c, True)]):
                    return None
        pop, push = todo.pop, todo.append
        while todo:
            i = pop()
            k, r, c, vl, p0, p1, p2, p3, j0, j1, j2, j3 = fixed[i]
            oh, ch, ov, cv = op[r], cl[r], op[vl], cl[vl]
            L = lo[i]
            H = hi[i]
            b0, b1, b2, b3 = L
            t0, t1, t2, t3 = H
            # the runs' bounds by the fixed items, on a line that changed (a
            # settled run, a line that did not: as they were)
            w = waiting[i]
            waiting[i] = 0
            d0, d1, d2, d3 = L
            if w & ROW:
                if b0 != t0:
                    m = ch & low[c]
                    if c + 1 - m.bit_length() < t0:
                        t0 = c + 1 - m.bit_length()
                    m = ~oh & low[c]
                    d0 = c + 1 - m.bit_length()
                    if d0 > b0:
                        b0 = d0
                if b1 != t1:
                    m = ch >> (c + gap)
                    m = (m & -m).bit_length() - 1
                    if m < t1:
                        t1 = m
                    m = ~oh >> (c + gap)
                    d1 = (m & -m).bit_length() - 1
                    if d1 > b1:
                        b1 = d1
            if w & COLUMN:
                if b2 != t2:
                    m = cv & low[r]
                    if r + 1 - m.bit_length() < t2:
                        t2 = r + 1 - m.bit_length()
                    m = ~ov & low[r]
                    d2 = r + 1 - m.bit_length()
                    if d2 > b2:
                        b2 = d2
                if b3 != t3:
                    m = cv >> (r + gap)
                    m = (m & -m).bit_length() - 1
                    if m < t3:
                        t3 = m
                    m = ~ov >> (r + gap)
                    d3 = (m & -m).bit_length() - 1
                    if d3 > b3:
                        b3 = d3
            # (the four runs written out, here and above: a loop over them, with
            # its lists, took 1.0 ms against 0.6 on the Doors dev boards, median)
            while True:  # the numbers met, and the sum, to this number's fixpoint
                if t0 >= p0 and b0 != t0:
                    hj = hi[j0]
                    if p0 + b1 > hj[1]:
                        t0 = p0 - 1
                        if b0 > t0:
                            return None
                    elif p0 + hj[0] < t0:
                        t0 = p0 + hj[0]
                if t1 >= p1 and b1 != t1:
                    hj = hi[j1]
                    if p1 + b0 > hj[0]:
                        t1 = p1 - 1
                        if b1 > t1:
                            return None
                    elif p1 + hj[1] < t1:
                        t1 = p1 + hj[1]
                if t2 >= p2 and b2 != t2:
                    hj = hi[j2]
                    if p2 + b3 > hj[3]:
                        t2 = p2 - 1
                        if b2 > t2:
                            return None
                    elif p2 + hj[2] < t2:
                        t2 = p2 + hj[2]
                if t3 >= p3 and b3 != t3:
                    hj = hi[j3]
                    if p3 + b2 > hj[2]:
                        t3 = p3 - 1
                        if b3 > t3:
                            return None
                    elif p3 + hj[3] < t3:
                        t3 = p3 + hj[3]
                # the sum, one pass from the old bounds (a fixpoint of the sum:
                # encodings/sight.md); x <= 0 <= y unless it cannot be met
                x = k - (t0 + t1 + t2 + t3)
                y = k - (b0 + b1 + b2 + b3)
                if x > 0 or y < 0:
                    return None
                if x == y:  # both 0: all settled
                    break
                z = y if y < -x else -x  # a bound moves where a run's t - b exceeds it
                if t0 - b0 <= z and t1 - b1 <= z and t2 - b2 <= z and t3 - b3 <= z:
                    break
                n0 = t0 + x if t0 + x > b0 else b0
                n1 = t1 + x if t1 + x > b1 else b1
                n2 = t2 + x if t2 + x > b2 else b2
                n3 = t3 + x if t3 + x > b3 else b3
                u0 = b0 + y if b0 + y < t0 else t0
                u1 = b1 + y if b1 + y < t1 else t1
                u2 = b2 + y if b2 + y < t2 else t2
                u3 = b3 + y if b3 + y < t3 else t3
                if n0 == b0 and n1 == b1 and n2 == b2 and n3 == b3:
                    t0, t1, t2, t3 = u0, u1, u2, u3
                    break  # no lower bound rose: the numbers met move nothing more
                b0, b1, b2, b3, t0, t1, t2, t3 = n0, n1, n2, n3, u0, u1, u2, u3
            nL = (b0, b1, b2, b3)
            nH = (t0, t1, t2, t3)
            if nL == L and nH == H and wo[r][ph[i]] != -1:
                continue  # (the fixed items show L and H already)
            # a run's first lo items open; where its bounds meet, the next
            # closed; a run that now joins open items beyond: looked at again
            noh, nch, nov, ncv = oh, ch, ov, cv
            again = False
            if b0 > d0:
                noh |= ((1 << b0) - 1) << (c + 1 - b0)
                again = noh >> (c - b0) & 1
            if b0 == t0:
                nch |= 1 << (c - b0)
            if b1 > d1:
                noh |= ((1 << b1) - 1) << (c + gap)
                again = again or noh >> (c + gap + b1) & 1
            if b1 == t1:
                nch |= 1 << (c + gap + b1)
            if b2 > d2:
                nov |= ((1 << b2) - 1) << (r + 1 - b2)
                again = again or nov >> (r - b2) & 1
            if b2 == t2:
                ncv |= 1 << (r - b2)
            if b3 > d3:
                nov |= ((1 << b3) - 1) << (r + gap)
                again = again or nov >> (r + gap + b3) & 1
            if b3 == t3:
                ncv |= 1 << (r + gap + b3)
            if again:
                waiting[i] = ROW | COLUMN
                push(i)
            elif b0 == t0 and b1 == t1 and b2 == t2 and b3 == t3:
                done[i] = 1
                wo[r][ph[i]] = wc[r][ph[i]] = wo[vl][pv[i]] = wc[vl][pv[i]] = 0
            else:
                wo[r][ph[i]] = (1 << (c - b0)) | (1 << (c + gap + b1))
                wc[r][ph[i]] = ((1 << (t0 + t1 + gap - 1)) - 1) << (c + 1 - t0)
                wo[vl][pv[i]] = (1 << (r - b2)) | (1 << (r + gap + b3))
                wc[vl][pv[i]] = ((1 << (t2 + t3 + gap - 1)) - 1) << (r + 1 - t2)
            if gap == 2:  # cells: each lies on a row and a column too
                if (noh != oh or nch != ch) and not self.update(r, noh, nch, i):
                    return None
                if (nov != ov or ncv != cv) and not self.update(vl, nov, ncv, i):
                    return None
            else:  # (self.update and self.wake, written out: a sixth less time)
                if noh != oh or nch != ch:
                    if noh & nch:
                        return None
                    op[r], cl[r] = noh, nch
                    x, y = noh ^ oh, nch ^ ch
                    for u, a, e in zip(on[r], wo[r], wc[r]):
                        if (x & a or y & e) and u != i:
                            if not waiting[u]:
                                push(u)
                            waiting[u] |= ROW
                if nov != ov or ncv != cv:
                    if nov & ncv:
                        return None
                    op[vl], cl[vl] = nov, ncv
                    x, y = nov ^ ov, ncv ^ cv
                    for u, a, e in zip(on[vl], wo[vl], wc[vl]):
                        if (x & a or y & e) and u != i:
                            if not waiting[u]:
                                push(u)
                            waiting[u] |= COLUMN
            lo[i] = nL
            if nH != H:  # (a number that meets i reads i's highs only)
                hi[i] = nH
                for u, d, p in met_by[i]:  # u meets i along d: woken where that moves it
                    if waiting[u] or done[u] or (nH[d] == H[d] and nH[d ^ 1] == H[d ^ 1]):
                        continue
                    hu = hi[u]
                    if hu[d] < p:
                        continue
                    lu = lo[u]
                    if p + lu[d ^ 1] > nH[d ^ 1] or p + nH[d] < hu[d]:
                        waiting[u] = QUEUED
                        push(u)
        return (numbers, *self.items(), lo, hi,
                [i for i in range(n) if not done[i]] if 0 in done else [])

    def update(self, line: int, new_op: int, new_cl: int, looking: int) -> bool:
        """Cells: line ``line`` now ``new_op`` / ``new_cl`` (fixed by number
        ``looking``). False: an item both open and closed."""
        x, y = new_op & ~self.op[line], new_cl & ~self.cl[line]
        return self.commit(self._cells_of(line, x, True) + self._cells_of(line, y, False),
                           looking)

    def wake(self, line: int, x: int, y: int, looking: int = -1) -> None:
        """Queue the numbers of ``line`` that the new open items ``x`` or
        closed items ``y`` (bits) can move."""
        waiting = self.waiting
        why = ROW if line < self.rows else COLUMN
        for u, a, e in zip(self.on[line], self.wo[line], self.wc[line]):
            if (x & a or y & e) and u != looking:
                if not waiting[u]:
                    self.todo.append(u)
                waiting[u] |= why

    def _cells_of(self, line: int, bits: int, to: bool) -> list:
        """The cells (items) of ``bits`` of ``line``, each with ``to``."""
        out = []
        while bits:
            b = bits & -bits
            t = b.bit_length() - 2
            out.append(((line * self.cols + t) if line < self.rows
                        else (t * self.cols + line - self.rows), to))
            bits ^= b
        return out

    def commit(self, fixes: list, looking: int = -1) -> bool:
        """Cells: fix each (item, open?) on its row and its column (and,
        with no-touch, a closed cell's neighbours open); wake the numbers
        they can move. False: a cell both open and closed."""
        rows, cols, op, cl = self.rows, self.cols, self.op, self.cl
        changed: dict[int, list] = {}
        while fixes:
            x, to = fixes.pop()
            r, c = divmod(x, cols)
            mine, other = (op, cl) if to else (cl, op)
            line, bit = r, 1 << (c + 1)
            if mine[line] & bit:  # both its lines have it
                continue
            for line, bit in ((r, bit), (rows + c, 1 << (r + 1))):
                if other[line] & bit:
                    return False
                mine[line] |= bit
                changed.setdefault(line, [0, 0])[0 if to else 1] |= bit
            if not to and self.touch:
                fixes += [(y, True) for y, ok in ((x - cols, r > 0), (x + cols, r < rows - 1),
                                                  (x - 1, c > 0), (x + 1, c < cols - 1)) if ok]
        for line, (x, y) in changed.items():
            self.wake(line, x, y, looking)
        return True

    def items(self) -> tuple[list[int], list[int]]:
        """The fixed-open and the fixed-closed items, in the order of their cells."""
        rows, cols, op, cl = self.rows, self.cols, self.op, self.cl
        opened: list[int] = []
        closed: list[int] = []
        if self.gap == 2:
            for r in range(rows):
                for out, m in ((opened, op[r]), (closed, cl[r] & ~(1 | 1 << (cols + 1)))):
                    while m:
                        b = m & -m
                        out.append(r * cols + b.bit_length() - 2)
                        m ^= b
            return opened, closed
        # doors in the order of their cells (a cell's right door, then the
        # one below it): the order of their pairs of cells
        across = rows * (cols - 1)
        for r in range(rows):
            o, x = op[r] >> 1, cl[r] >> 1
            ob = [m >> (r + 1) & 1 for m in op[rows:]] if r < rows - 1 else [0] * cols
            xb = [m >> (r + 1) & 1 for m in cl[rows:]] if r < rows - 1 else [0] * cols
            for c in range(cols):
                if c < cols - 1:
                    if o >> c & 1:
                        opened.append(r * (cols - 1) + c)
                    elif x >> c & 1:
                        closed.append(r * (cols - 1) + c)
                if ob[c]:
                    opened.append(across + r * cols + c)
                elif xb[c]:
                    closed.append(across + r * cols + c)
        return opened, closed
