"""pzprjs URL bodies (puzz.link, pzv.jp) as small declarative codecs.

A puzz.link URL reads ``https://puzz.link/p?GENRE/[FLAGS/]COLS/ROWS/BODY``
(:mod:`satlink.formats.puzzlink` splits it). These modules turn a BODY into
values and back, with codecs that compose: a genre declares *what* its body
holds, once, and gets the reader, the canonical writer and positioned errors.

- this module: the genre's declaration, :class:`Codec` (or :class:`Choice`)
  and the :class:`PzBoard` its ``build`` and ``split`` see;
- :mod:`~satlink.formats.pzprjs_stream`: the characters of a body
  (``Reader``, skip letters) and its failures (``BodyError``, ``Unfit``);
- :mod:`~satlink.formats.pzprjs_numbers`: the number codes (``Number16``,
  ``FourCell``, ``Base36``, ``Number10``; ``QUESTION``);
- :mod:`~satlink.formats.pzprjs_arrows`: the arrow codes (``Arrow``,
  ``ArrowNumber16``, ``ShadedArrows``);
- :mod:`~satlink.formats.pzprjs_cells`: ``CellCode``, the packed codes
  (``Packed``, ``Circles``, ``OneCell``) and ``Map``/``Dict``;
- :mod:`~satlink.formats.pzprjs_parts`: what a body holds (``Part``,
  ``Cells``, ``Borders``, ``Seq``, ``Regions``, ``RoomNumbers``, ...);
- genre-specific parts: :mod:`~satlink.formats.pzprjs_kakuro`,
  :mod:`~satlink.formats.pzprjs_galaxies`, and the ``pzprjs_<name>``
  modules beside them.

The encodings (facts of pzprjs, ``src/variety-common/Encode.js``; written
anew here):

- :class:`Number16` -- one number per cell: ``0``-``f`` (0-15), ``-xx``
  (16-255), ``+xxx`` (256-4095), ``=xxx`` (4096 + xxx), ``%xxx``
  (8192 + xxx), ``.`` a number not shown (:data:`QUESTION`), ``g``-``z`` a
  run of 1-20 empty cells. Sudoku, Hashiwokakero, Numberlink.
- :class:`FourCell` -- numbers 0-4 (Slitherlink): ``0``-``4``; ``5``-``9``
  the number and one empty cell after it; ``a``-``e`` the number and two
  empty cells (the writer uses this for the last cells, so it may run past
  the end); ``.``; ``g``-``z`` skips.
- :class:`ArrowNumber16` -- a direction and a number (Yajilin, Castle Wall):
  ``D`` then one hex digit or ``.``; ``D+5`` then two hex digits; ``-D`` then
  three; ``a``-``z`` a run of 1-26 empty cells. ``D`` is :data:`NO_ARROW`,
  :data:`UP`, :data:`DOWN`, :data:`LEFT` or :data:`RIGHT` (0-4).
- :class:`Packed` -- a small value per cell, several cells a character:
  ``Circles()`` is ``Packed(3, 3)`` (base 27, three cells a character: 0
  none, 1 white, 2 black; Masyu), ``Packed(2, 5)`` is a bit per cell (base
  32).
- :class:`Borders` -- region walls: the walls between horizontally adjacent
  cells (row by row, ``cols - 1`` per row), then those between vertically
  adjacent cells (``cols`` per row boundary), each list as bits, five a
  base-32 character, most significant first.

How a genre declares its codec
------------------------------
At the end of ``satlink/puzzles/<genre>.py``, one module attribute::

    from ..formats.pzprjs import PzBoard, Codec
    from ..formats.pzprjs_cells import Dict
    from ..formats.pzprjs_numbers import QUESTION, FourCell
    from ..formats.pzprjs_parts import Cells

    PUZZLINK = Codec(
        names=("slither", "slitherlink"),   # pzprjs genre id first: it is written
        body=Cells(Dict(FourCell(), {QUESTION: UNKNOWN})),
        build=lambda b: Instance(b.rows, b.cols, b.value),
        split=lambda inst: PzBoard(inst.rows, inst.cols, inst.clues),
    )

- ``names``: the genre ids and aliases pzprjs accepts for this genre; the
  first is the one written on export. :mod:`~satlink.formats.puzzlink`
  finds every ``PUZZLINK`` of the puzzle registry by itself.
- ``body``: a part (:class:`Cells`, :class:`Borders`, :class:`Seq` of parts).
  :class:`Cells` turns a cell code into rows (a tuple of row tuples,
  ``value[r][c]``), with ``None`` for an empty cell; :class:`Dict` and
  :class:`Map` translate cell values to the genre's own (``Dict(code,
  {None: 0})`` makes empty cells 0).
- ``build(board) -> Instance``: a :class:`PzBoard` holds ``rows``, ``cols``,
  ``value`` (what the body decoded), ``flags`` (the meaningful pflag
  letters present) and ``where(message, r=None, c=None)``, which returns an
  InputError pointing at the URL characters of cell (r, c) (or at the size
  when r is None): pass it to the genre's ``make(..., where=b.where)``. An
  InputError without a position is placed at the size.
- ``split(instance) -> PzBoard``: the other way (``where`` unused). Raise
  :class:`Unfit` with a reason when the instance has no form in this codec.
- ``flags``: pflag letters that carry meaning (they land in ``PzBoard.flags``
  and are written back in this order); ``ignore``: display-only pflag
  letters that are read and dropped. Any other letter is an error.
- ``square=True``: the genre's boards are square (checked at the size,
  before the body is read).

Several pzprjs genres for one satlink genre: ``PUZZLINK = Choice(codec_a,
codec_b)``; a URL is read by the codec that owns its genre name, and an
instance is written by the first codec whose ``split`` and encoding accept
it (Numberlink: ``numlin``, else ``arukone``).

Masyu and Yajilin, for the helpers who write those genres (``WHITE`` and
``BLACK`` being the genre's own pearl values)::

    names=("mashu", "masyu", "pearl"), body=Cells(Dict(Circles(), {0: None, 1: WHITE, 2: BLACK}))
    names=("yajilin", "yajirin"), body=Cells(ArrowNumber16()), ignore="b"

An :class:`Arrow` cell is ``Arrow(direction, number)`` with ``number`` an int
or :data:`QUESTION`; ``Arrow(NO_ARROW, QUESTION)`` is pzprjs's ``0.``, a clue
cell with neither arrow nor number (Yajilin's grey cell). pzprjs's ``b`` flag
on Yajilin only greys the clue cells. Some URLs carry a ``v:`` field before
the size (seen on Masyu); a codec reads those only if ``ignore`` lists ``v:``.

Decoding is strict (every character must mean something, the body must
cover every cell and nothing more, except trailing ``/``); encoding writes
exactly what pzprjs writes, so that URL -> instance -> URL is the identity
on URLs pzprjs made.

>>> from satlink.formats.pzprjs_numbers import FourCell, Number16
>>> from satlink.formats.pzprjs_parts import Cells
>>> Cells(Number16()).decode_text("g1k23k3g", 4, 4)[1]
((None, 1, None, None), (None, None, None, 2), (3, None, None, None), (None, None, 3, None))
>>> Cells(FourCell()).encode_value(((3, None), (None, 1)), 2, 2)
'db'
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Callable

from ..errors import InputError
from ..records import frozen
from .pzprjs_parts import Part
from .pzprjs_stream import Reader, Unfit


# -- genre codecs -----------------------------------------------------------------
def _no_where(message: str, r: int | None = None, c: int | None = None) -> InputError:
    return InputError(message)


@frozen
class PzBoard:
    """What a genre's ``build`` receives and its ``split`` returns: the
    board's size (rows, cols, as everywhere in the code; a URL writes
    cols/rows) and its decoded body."""

    rows: int
    cols: int
    value: Any
    flags: str = ""
    where: Callable[..., InputError] = field(default=_no_where, compare=False, repr=False)


@frozen
class Codec:
    """One pzprjs genre (with its aliases) <-> a satlink ``Instance``."""

    names: tuple[str, ...]
    body: Part
    build: Callable[[PzBoard], Any]
    split: Callable[[Any], PzBoard]
    flags: str = ""
    ignore: str = ""
    square: bool = False

    def codecs(self) -> tuple["Codec", ...]:
        return (self,)

    def decode(self, board: PzBoard, body: str) -> tuple[Reader, PzBoard]:
        """The board with ``value`` filled from ``body`` (a BodyError if malformed)."""
        reader, value = self.body.decode_text(body, board.rows, board.cols)
        return reader, PzBoard(board.rows, board.cols, value, board.flags, board.where)

    def encode(self, inst: Any) -> tuple[str, PzBoard, str]:
        """(genre name, board, body) of ``inst``; :class:`Unfit` if it has none."""
        board = self.split(inst)
        flags = "".join(f for f in self.flags if f in board.flags)
        body = self.body.encode_value(board.value, board.rows, board.cols)
        return self.names[0], PzBoard(board.rows, board.cols, board.value, flags), body


@frozen
class Choice:
    """Several pzprjs genres that read into one satlink genre."""

    options: tuple[Codec, ...]

    def __init__(self, *options: Codec) -> None:
        object.__setattr__(self, "options", options)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for o in self.options for n in o.names)

    def codecs(self) -> tuple[Codec, ...]:
        return self.options

    def encode(self, inst: Any) -> tuple[str, PzBoard, str]:
        reasons = []
        for option in self.options:
            try:
                return option.encode(inst)
            except Unfit as exc:
                reasons.append(f"{option.names[0]}: {exc}")
        raise Unfit("; ".join(reasons))
