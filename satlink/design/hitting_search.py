"""Exhaustive enumeration of the hitting sets of at most K cells of a family
of cell sets (masks over at most 128 cells), pausing at every clue set that
hits the whole family so that the caller can ask the solver about it and,
when it is not unique, add the new unavoidable set and go on from the same
place (McGuire, Tugemann and Civario's scheme, with the family growing as
the search runs).

The search (depth d = clues chosen so far, *dead* = cells this branch may
no longer take):
- a node whose clues hit every set pauses (the caller decides);
- otherwise it takes the unhit set with the fewest live cells and branches
  on them in turn, the i-th child taking cell c_i and marking c_1..c_{i-1}
  dead (so every hitting set is reached once);
- it is cut when a set is unhit with no live cell, when a greedy packing
  of unhit sets, disjoint on their live cells, holds more sets than the
  K - d clues left (each needs a clue of its own), or when one clue is left
  and no live cell lies in every unhit set.
``encodings/sudoku-minimum.md`` argues that no clue set of at most K cells
that hits every unavoidable set escapes it.

The loop runs compiled by numba when that is installed (the optional extra
``fast``), else as plain Python over the same numpy arrays (fine for small
boards, slow for 9 x 9). Masks are split in two 64-bit words.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

U64 = np.uint64
WORD = (1 << 64) - 1
#: With at most this many clues left, a node is cut unless that many live
#: cells hit every unhit set (an exact test, ``_hits``).
TAIL = 0


def _popcount(x):
    n = 0
    while x:
        x &= x - U64(1)
        n += 1
    return n


def _spread(x, bit, h):
    """Or ``bit`` into ``h[c]`` for every cell c of the word ``x``."""
    one = U64(1)
    while x != U64(0):
        low = x & (~x + one)
        h[_popcount(low - one)] |= bit
        x ^= low


def _hits(lst, d, nun, slo, shi, dl, dh, r, plo, phi, hl, hh, ul, cl, ch):
    """Whether at most ``r`` live cells hit every set of ``lst[d, :nun]``
    (``nun`` <= 64): ``hl[c]``/``hh[c]`` is the bit mask of the sets whose
    live part holds cell c (low and high half of the board), and a
    depth-first search takes, at each level, a live cell of the first set
    still unhit."""
    zero = U64(0)
    one = U64(1)
    for c in range(64):
        hl[c] = zero
        hh[c] = zero
    for a in range(nun):
        i = lst[d, a]
        bit = one << U64(a)
        plo[a] = slo[i] & ~dl
        phi[a] = shi[i] & ~dh
        _spread(plo[a], bit, hl)
        _spread(phi[a], bit, hh)
    ul[0] = ~zero if nun == 64 else (one << U64(nun)) - one
    f = ul[0] & (~ul[0] + one)
    a = _popcount(f - one)
    cl[0], ch[0] = plo[a], phi[a]
    lv = 0
    while lv >= 0:
        if cl[lv] != zero:
            low = cl[lv] & (~cl[lv] + one)
            cl[lv] ^= low
            u = ul[lv] & ~hl[_popcount(low - one)]
        elif ch[lv] != zero:
            low = ch[lv] & (~ch[lv] + one)
            ch[lv] ^= low
            u = ul[lv] & ~hh[_popcount(low - one)]
        else:
            lv -= 1
            continue
        if u == zero:
            return True
        if lv + 1 < r:
            lv += 1
            ul[lv] = u
            f = u & (~u + one)
            a = _popcount(f - one)
            cl[lv], ch[lv] = plo[a], phi[a]
    return False


def _search(slo, shi, ssize, nsets, k, clo, chi, dlo, dhi, blo, bhi, tlo, thi, state, stats,
            budget, lst, lcount, tail, plo, phi, hl, hh, ul, tcl, tch):
    """Run until a node hits every set (returns 1, that node's depth in
    state[0]), the tree is done (returns 0) or ``budget`` nodes were
    visited in all (returns 2; call again to go on). ``state``: [depth, expanded
    flag of the current node]; ``stats``: [nodes, cuts]. ``lst[d, :lcount[d]]``:
    the sets unhit at the node of depth d on the current path (a node scans
    only its parent's list). ``tail``: with at most that many clues left, a
    node is cut unless ``_hits`` finds that many live cells hitting the
    first 64 unhit sets (all of them when fewer); ``plo`` to ``tch``: its
    work space."""
    zero = U64(0)
    one = U64(1)
    d = state[0]
    while d >= 0:
        if state[1] == 0:  # a new node: choose its set or cut it
            if stats[0] >= budget:
                return 2
            stats[0] += 1
            cl, ch, dl, dh = clo[d], chi[d], dlo[d], dhi[d]
            best, best_size = -1, 1 << 30
            used_l, used_h = zero, zero
            packing = 0
            cut = False
            last = k - d == 1  # one clue left: it must lie in every unhit set
            il, ih = ~zero, ~zero
            nsrc = nsets if d == 0 else lcount[d - 1]
            nun = 0
            for t in range(nsrc):  # the parent's unhit sets, filtered
                i = t if d == 0 else lst[d - 1, t]
                if (slo[i] & cl) != zero or (shi[i] & ch) != zero:
                    continue
                lst[d, nun] = i
                nun += 1
                al = slo[i] & ~dl
                ah = shi[i] & ~dh
                if al == zero and ah == zero:
                    cut = True
                    break
                if last:
                    il &= al
                    ih &= ah
                    if il == zero and ih == zero:
                        cut = True
                        break
                if al == slo[i] and ah == shi[i]:
                    size = ssize[i]
                else:
                    size = _popcount(al) + _popcount(ah)
                if size < best_size:
                    best, best_size = i, size
                if (al & used_l) == zero and (ah & used_h) == zero:
                    used_l |= al
                    used_h |= ah
                    packing += 1
                    if packing > k - d:
                        cut = True
                        break
            lcount[d] = nun
            if not cut and best >= 0 and k - d <= tail:
                if not _hits(lst, d, nun if nun < 64 else 64, slo, shi, dl, dh, k - d, plo, phi,
                             hl, hh, ul, tcl, tch):
                    cut = True
            if cut:
                stats[1] += 1
                d -= 1
                state[0] = d
                state[1] = 1
                continue
            if best < 0:  # every set is hit: the caller asks the solver
                state[0] = d
                state[1] = 0
                return 1
            blo[d] = slo[best] & ~dl
            bhi[d] = shi[best] & ~dh
            tlo[d] = zero
            thi[d] = zero
            state[1] = 1
        # the next child of node d
        if blo[d] != zero:
            cl = blo[d] & (~blo[d] + one)
            blo[d] ^= cl
            ch = zero
        elif bhi[d] != zero:
            ch = bhi[d] & (~bhi[d] + one)
            bhi[d] ^= ch
            cl = zero
        else:
            d -= 1
            state[0] = d
            continue
        clo[d + 1] = clo[d] | cl
        chi[d + 1] = chi[d] | ch
        dlo[d + 1] = dlo[d] | tlo[d]
        dhi[d + 1] = dhi[d] | thi[d]
        tlo[d] |= cl
        thi[d] |= ch
        d += 1
        state[0] = d
        state[1] = 0
    return 0


def _compiled():
    """The search compiled by numba (at its first call, cached on disk),
    or None when numba is absent."""
    try:
        from numba import njit
    except ImportError:
        return None
    import types

    pop = njit(cache=True)(_popcount)
    spread = types.FunctionType(_spread.__code__, dict(_spread.__globals__, _popcount=pop),
                                "_spread")
    spread.__module__, spread.__qualname__ = __name__, "_spread_compiled"
    spread = njit(cache=True)(spread)
    hits = types.FunctionType(_hits.__code__, dict(_hits.__globals__, _popcount=pop,
                                                   _spread=spread), "_hits")
    hits.__module__, hits.__qualname__ = __name__, "_hits_compiled"
    hits = njit(cache=True)(hits)
    fn = types.FunctionType(_search.__code__, dict(_search.__globals__, _popcount=pop,
                                                   _hits=hits), "_search")
    fn.__module__, fn.__qualname__ = __name__, "_search_compiled"
    return njit(cache=True)(fn)


#: A constant of the module: the compiled search (compiled once a process).
_SEARCH_COMPILED = _compiled()


class HittingSearch:
    """The resumable enumeration of the hitting sets of at most ``k`` cells
    of a growing family of masks (Python ints); ``root`` (clues, dead
    cells) restricts it to one subtree (``k`` counts the root's clues)."""

    def __init__(self, family: Iterable[int], k: int, compiled: bool = True,
                 root: tuple[int, int] = (0, 0), tail: int = TAIL):
        family = sorted(set(family), key=lambda m: (m.bit_count(), m))
        self.k = k - root[0].bit_count()  # clues left below the root
        self.cap = max(64, 2 * len(family))
        self.slo = np.zeros(self.cap, dtype=U64)
        self.shi = np.zeros(self.cap, dtype=U64)
        self.ssize = np.zeros(self.cap, dtype=np.int64)
        self.tail = tail
        self.hl, self.hh = np.zeros(64, dtype=U64), np.zeros(64, dtype=U64)
        self.plo, self.phi = np.zeros(64, dtype=U64), np.zeros(64, dtype=U64)
        self.ul, self.tcl, self.tch = (np.zeros(max(tail, 1) + 1, dtype=U64) for _ in range(3))
        self.nsets = 0
        size = max(self.k, 0) + 2
        self.lst = np.zeros((size, self.cap), dtype=np.int64)
        self.lcount = np.zeros(size, dtype=np.int64)
        self.state = np.zeros(2, dtype=np.int64)
        for m in family:
            self.add(m)
        self.clo, self.chi, self.dlo, self.dhi, self.blo, self.bhi, self.tlo, self.thi = (
            np.zeros(size, dtype=U64) for _ in range(8))
        clues, dead = root  # a subtree: its clues and dead cells (see split)
        self.clo[0], self.chi[0] = U64(clues & WORD), U64(clues >> 64)
        self.dlo[0], self.dhi[0] = U64(dead & WORD), U64(dead >> 64)
        self.stats = np.zeros(2, dtype=np.int64)
        self.fn = (_SEARCH_COMPILED if compiled else None) or _search

    def add(self, mask: int) -> None:
        """One more set every hitting set must hit."""
        if mask >> 128:
            raise ValueError("masks of at most 128 cells")
        if self.nsets == self.cap:
            self.cap *= 2
            self.slo = np.resize(self.slo, self.cap)
            self.shi = np.resize(self.shi, self.cap)
            self.ssize = np.resize(self.ssize, self.cap)
            self.lst = np.concatenate([self.lst, np.zeros_like(self.lst)], axis=1)
        self.slo[self.nsets] = U64(mask & WORD)
        self.shi[self.nsets] = U64(mask >> 64)
        self.ssize[self.nsets] = mask.bit_count()
        # unhit at every node above the current one (it is unhit at that node)
        for d in range(int(self.state[0])):
            self.lst[d, self.lcount[d]] = self.nsets
            self.lcount[d] += 1
        self.nsets += 1

    def next(self, budget: int | None = None) -> int | None:
        """The clues of the next node that hits every set (a mask), or None
        when the enumeration is done. Call :meth:`add` with a set that mask
        misses before calling again (or :meth:`skip` to pass over it).
        With ``budget`` (nodes, counted over the whole search), -1 when it
        ran out first: call again with a larger one to go on."""
        limit = np.int64(budget if budget is not None else np.iinfo(np.int64).max)
        found = self.fn(self.slo, self.shi, self.ssize, self.nsets, self.k, self.clo, self.chi,
                        self.dlo, self.dhi, self.blo, self.bhi, self.tlo, self.thi, self.state,
                        self.stats, limit, self.lst, self.lcount, self.tail, self.plo, self.phi,
                        self.hl, self.hh, self.ul, self.tcl, self.tch)
        if found == 0:
            return None
        if found == 2:
            return -1
        d = int(self.state[0])
        return int(self.clo[d]) | int(self.chi[d]) << 64

    def skip(self) -> None:
        """Pass over the current node (its subtree is not searched)."""
        self.state[0] -= 1
        self.state[1] = 1

    @property
    def nodes(self) -> int:
        return int(self.stats[0])


def split(family: Iterable[int], k: int, depth: int) -> list[tuple[int, int]]:
    """Roots (clues, dead cells) of disjoint subtrees that together hold
    every hitting set of at most ``k`` cells: the tree's nodes ``depth``
    levels down, branching as the search does on an unhit set (any unhit
    set would do); a node that hits everything already is a root itself."""
    family = sorted(set(family), key=lambda m: (m.bit_count(), m))
    nodes = [(0, 0)]
    for _ in range(depth):
        out = []
        for clues, dead in nodes:
            unhit = [m & ~dead for m in family if not m & clues]
            if not unhit:
                out.append((clues, dead))
                continue
            if clues.bit_count() >= k or not all(unhit):
                continue  # cut: no clue left, or a set with no live cell
            live = min(unhit, key=int.bit_count)
            tried = 0
            while live:
                cell = live & -live
                live ^= cell
                out.append((clues | cell, dead | tried))
                tried |= cell
        nodes = out
    return nodes
