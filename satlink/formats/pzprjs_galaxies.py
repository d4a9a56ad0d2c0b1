"""pzprjs `tentaisho` (Galaxies): the star dots on cells, edges and
lattice points (:class:`StarDots`). See :mod:`satlink.formats.pzprjs`.
"""
from __future__ import annotations

from typing import Any

from ..records import frozen
from .pzprjs_cells import Packed
from .pzprjs_parts import Part
from .pzprjs_stream import _DIGITS36, _HEX, BodyError, Reader, Unfit


# -- Galaxies (tentaisho) ---------------------------------------------------------------
@frozen
class StarDots(Part):
    """pzprjs ``decodeDot`` over the inner lattice points (tentaisho), then
    its optional empty-cell bits: the value is the stars ``((y, x), v)``
    in reading order, (y, x) in half-cell units (pzprjs's bx, by) and v 1
    (white) or 2 (black). A hex digit d puts star ``d % 2 + 1`` at the
    current point and skips ``d >> 1`` empty points after it (7 may run
    past the end); ``g``-``z`` skip 1-20 points. Empty cells (a bit set
    after the stars) are refused.

    >>> StarDots().decode_text("ae", 2, 2)[1]
    (((1, 1), 1), ((3, 1), 1))
    >>> StarDots().encode((((1, 1), 1), ((3, 1), 1)), 2, 2)
    'ae'
    """

    def decode(self, reader: Reader, rows: int, cols: int) -> tuple:
        width, n = 2 * cols - 1, (2 * cols - 1) * (2 * rows - 1)
        out, s = [], 0
        while s < n:
            at = reader.pos
            ch = reader.take(f"the URL ends after {s} of {n} points")
            if ch in _HEX:
                d = int(ch, 16)
                out.append(((s // width + 1, s % width + 1), d % 2 + 1))
                s += (d >> 1) + 1
            elif "g" <= ch <= "z":
                k = int(ch, 36) - 15
                if s + k > n:
                    raise BodyError(f"`{ch}` skips {k} points, but only {n - s} remain", at)
                s += k
            else:
                raise BodyError(f"`{ch}` is not a star (0-f) or a skip (g-z)", at)
        if not reader.at_end() and reader.text[reader.pos] != "/":
            at = reader.pos
            bits = Packed(2, 5).decode_cells(reader, cols * rows)
            if any(b for b, _ in bits):
                raise BodyError("empty cells (pzprjs's `empty`) are not a Galaxies rule", at)
        return tuple(out)

    def encode(self, value: Any, rows: int, cols: int) -> str:
        width, n = 2 * cols - 1, (2 * cols - 1) * (2 * rows - 1)
        star = {}
        for (y, x), v in value:
            if not (1 <= y < 2 * rows and 1 <= x < 2 * cols) or v not in (1, 2):
                raise Unfit(f"no star {v!r} at {(y, x)} on a {cols} x {rows} board")
            star[(y - 1) * width + x - 1] = v
        out, count, s = [], 0, 0
        while s < n:
            code = ""
            if s in star:
                gap = next((i for i in range(1, 8) if s + i < n and s + i in star), None)
                if gap is None:
                    code, s = format(13 + star[s], "x"), s + 7
                else:
                    code, s = format(2 * (gap - 1) + star[s] - 1, "x"), s + gap - 1
            else:
                count += 1
            if count == 0:
                out.append(code)
            elif code or count == 20:
                out.append(_DIGITS36[count + 15] + code)
                count = 0
            s += 1
        if count:
            out.append(_DIGITS36[count + 15])
        return "".join(out)
