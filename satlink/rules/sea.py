"""One sea: the cells of a colour (shaded: Nurikabe's sea) form one
orthogonally connected area, whose size is known when another rule fixes
it (Nurikabe's islands, every number shown).

Lazy: the walled-in cuts of :func:`satlink.rules.walled.walled_in_cuts`
over the cell variables (no edge variables), with the size an area smaller
than the sea cut on its own, and with a sea of three cells or more the
implied :func:`satlink.rules.walled.pockets`; complete:
:meth:`satlink.rules.shading.Shading.connected` (lazy=False). Proofs:
``encodings/hitori.md`` (walled-in cuts) and ``encodings/nurikabe.md``
(pockets, small seas).

>>> from satlink.formula import Formula
>>> from satlink.model import Model
>>> from satlink.rules.grid import Grid
>>> f = Formula(); s = Shading(f, Grid(1, 4))
>>> one_sea(s, 3)
>>> s.cuts(Model(f, [s.var[(0, 0)], s.var[(0, 2)], s.var[(0, 3)]]))
[[2, -1], [2, -3]]
"""
from __future__ import annotations

from collections.abc import Collection

from .grid import Cell
from .shading import Shading
from .walled import pockets, walled_in_cuts


def one_sea(s: Shading, size: int | None = None, lazy: bool = True,
            shaded: bool = True, settled: Collection[Cell] = ()) -> None:
    """The cells of the colour (shaded, or white with ``shaded=False``) are
    one connected area; ``size``, when given, is the number of them that
    the other rules fix (used for implied clauses and stronger cuts, not
    encoded here); ``settled``: cells the caller's clauses fix to the other
    colour (the implied clauses they satisfy are left out)."""
    if not lazy:
        s.connected(shaded=shaded, lazy=False)
        return
    if size is not None and size >= 3:
        s.f.extend(pockets(s, shaded=shaded, settled=settled))  # no pocket of one or two cells
    s.add_finder(lambda model: walled_in_cuts(s, model, shaded, size))
