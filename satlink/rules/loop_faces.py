"""The faces of a board whose loop runs through cell centres, grouped by what
the board decides before any search (Castle Wall's settled edges).

A *face* is a lattice point, the corner shared by four cells; the loop
separates faces that lie on different sides of it (:mod:`satlink.rules.inside`
gives each face its literal). :class:`Faces` joins the faces that clue cells,
given sides and fixed loop edges tie together, with their parities, and
reads off the loop edges whose two faces are then in one group: those edges
are decided (``encodings/inside.md``, "What the board decides").

>>> faces = Faces(2, 2)
>>> faces.off_cells([(0, 0)])  # a cell off the loop: its corners agree
>>> faces.decided(h=0b1111, v=0b1111)  # its corners are now the rim's side:
Fixed(h_on=0, v_on=0, h_off=5, v_off=3)

(every edge that touches corner ``(1, 1)`` is off: east of cells ``(0, 0)``
and ``(1, 0)``, south of ``(0, 0)`` and ``(0, 1)``.)
"""
from __future__ import annotations

from itertools import chain, compress, repeat
from operator import add, eq

from .bitmask import set_bits
from .loop_settle import Fixed


class Faces:
    """The *faces* of a ``rows`` x ``cols`` board (lattice point ``(i, j)``,
    the corner shared by cells ``(i - 1, j - 1)`` .. ``(i, j)``, numbered
    ``i * (cols + 1) + j``) in groups whose inside-literals the board ties
    together: a union-find with parities (a face's parity to its group's
    root: 1 when they lie on different sides of the loop). The rim is the
    group of face 0 (outside); a root is always the least face of its
    group. ``ok`` turns False when two ties contradict (no loop fits).

    Ties (``encodings/inside.md``, "What the board decides"): the corners of
    a cell that is no loop cell are on one side (:meth:`off_cells`); a cell
    given inside or outside puts its corner on that side of the rim
    (:meth:`given`); faces across a loop edge fixed on differ, across one
    fixed off agree (:meth:`edges`)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.w = w = cols + 1
        self.up = up = list(range((rows + 1) * w))
        self.odd = [0] * len(up)
        rim = [0] * w
        up[:w] = rim
        up[rows * w:] = rim
        for p in range(w, rows * w, w):  # every rim face a child of face 0
            up[p] = up[p + cols] = 0
        self.ok = True
        self.touched: list[int] = []  # faces that may have left their own group

    def find(self, p: int) -> tuple[int, int]:
        """The root of face ``p``'s group and ``p``'s parity to it."""
        up, odd, parity = self.up, self.odd, 0
        while up[p] != p:
            parity ^= odd[p]
            p = up[p]
        return p, parity

    def join(self, ties: list[tuple[int, int, int]]) -> None:
        """Each ``(p, q, parity)`` of ``ties``: faces ``p`` and ``q`` differ
        exactly when ``parity`` is 1. (The finds inline, without path
        compression: the groups are shallow, and a call per find was most
        of the time.)"""
        up, odd = self.up, self.odd
        self.touched += chain.from_iterable(ties)  # (the parities too: a few small faces)
        for p, q, k in ties:
            a = b = 0
            while up[p] != p:
                a ^= odd[p]
                p = up[p]
            while up[q] != q:
                b ^= odd[q]
                q = up[q]
            if p == q:
                if a ^ b != k:
                    self.ok = False
            elif p < q:
                up[q] = p
                odd[q] = a ^ b ^ k
            else:
                up[p] = q
                odd[p] = a ^ b ^ k

    def off_cells(self, cells) -> None:
        """Cells that are never on the loop: their four corners agree."""
        w = self.w
        corners = [r * w + c for r, c in cells]
        self.join([*zip(corners, map(add, corners, repeat(1)), repeat(0)),
                   *zip(corners, map(add, corners, repeat(w)), repeat(0)),
                   *zip(corners, map(add, corners, repeat(w + 1)), repeat(0))])

    def given(self, sides) -> None:
        """Cells off the loop given a side (cell -> True inside): their
        corner ``(r + 1, c + 1)`` is that side of the rim."""
        w = self.w
        self.join([(0, (r + 1) * w + c + 1, 1 if inside else 0)
                   for (r, c), inside in sides.items()])

    def edges(self, h_on: int, v_on: int, h_off: int, v_off: int) -> None:
        """The loop edges fixed on and off (masks of cell points, east of and
        south of each, :mod:`satlink.rules.grid_masks`): the faces across
        each differ (on) or agree (off)."""
        cols, w = self.cols, self.w
        # right of cell (r, c): faces (r, c + 1), (r + 1, c + 1), face r * w + c + 1 = p + r + 1;
        # below cell (r, c): faces (r + 1, c), (r + 1, c + 1), face (r + 1) * w + c = p + r + w
        ties = []
        for mask, k, first, step in ((h_on, 1, 1, w), (h_off, 0, 1, w),
                                     (v_on, 1, w, 1), (v_off, 0, w, 1)):
            faces = [p + p // cols + first for p in set_bits(mask)]
            ties += zip(faces, map(add, faces, repeat(step)), repeat(k))
        self.join(ties)

    def flat(self) -> tuple[list[int], list[int]]:
        """Each face's group root and parity to it, as two lists. A parent
        is always a smaller face (a join puts the larger root under the
        smaller; the rim faces are under face 0), and the faces that left
        their own group were joined by name: one pass over those in rising
        order reads each from its parent, already done."""
        up, parent_odd = self.up, self.odd
        root, odd = up[:], [0] * len(up)
        for p in sorted(set(self.touched)):
            q = up[p]
            root[p] = root[q]
            odd[p] = odd[q] ^ parent_odd[p]
        return root, odd

    def decided(self, h: int, v: int) -> Fixed:
        """The edges of the loop (masks ``h``, ``v`` of cell points) whose two
        faces are in one group: on when they differ, off when they agree
        (each a consequence of the ties: ``encodings/inside.md``)."""
        cols, w = self.cols, self.w
        root, odd = self.flat()
        out = [0, 0, 0, 0]  # h_on, v_on, h_off, v_off
        # the neighbour pairs of one group found by comparing the roots in C
        # (two faces that never left their own groups are their own roots)
        for f in compress(range(len(root) - w), map(eq, root, root[w:])):
            i, j = divmod(f, w)  # across the edge right of cell (i, j - 1)
            if 0 < j < cols:
                p = i * cols + j - 1
                if h >> p & 1:
                    out[0 if odd[f] ^ odd[f + w] else 2] |= 1 << p
        for f in compress(range(w, len(root) - w), map(eq, root[w:], root[w + 1:])):
            i, j = divmod(f, w)  # across the edge below cell (i - 1, j)
            if j < cols:
                p = (i - 1) * cols + j
                if v >> p & 1:
                    out[1 if odd[f] ^ odd[f + 1] else 3] |= 1 << p
        return Fixed(*out)
