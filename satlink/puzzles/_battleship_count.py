"""Exact Battleship solution counts without listing them (encodings/battleship.md).

:func:`count_extensions` sweeps a dynamic program over the rows (or the
columns, whichever is narrower, at most :data:`COUNT_WIDTH` wide)
from both ends and joins the two halves. The engine reaches it through
the hooks of :class:`Counting`, which Battleship's encoding takes on. The
board it sweeps is :mod:`._battleship_residual`'s, filled row by row as
:mod:`._battleship_rows` lists, by :mod:`._battleship_sweep`.
"""
from __future__ import annotations

from ..formats.battleship_board import Instance
from ._battleship_residual import Residual, spread
from ._battleship_sweep import CountTimeout, count_board

#: Counting sweeps across the narrower side of the board; wider boards (both
#: sides above this) are counted by enumerating solutions.
COUNT_WIDTH = 12


def count_extensions(inst: Instance, lengths=(), ships=(), deadline: float | None = None) -> int:
    """Exact number of solutions whose ships of the lengths in ``lengths``
    are exactly ``ships`` (which must hold the fleet's count of each of
    those lengths); with no lengths, the number of solutions.

    The ships of the other lengths are counted by dynamic programming over
    the rows, or over the columns when that is the narrower way, at most
    :data:`COUNT_WIDTH` wide (see encodings/battleship.md): a sweep from
    each end, a state being the last row's cells, the vertical runs through
    them, and what each column and the fleet still need; the sweeps meet at
    one row and are matched exactly. Raises :class:`CountTimeout` when the
    deadline (a ``time.perf_counter()`` value) strikes, ValueError when the
    board is too wide both ways."""
    lengths = set(lengths)
    board = Residual.of(inst, lengths, ships)
    if board is None:
        return 0
    if board.cols > board.rows or (board.cols == board.rows
                                   and spread(board.col_tallies) > spread(board.row_tallies)):
        board = board.transposed()
    if board.cols > COUNT_WIDTH:
        raise ValueError(f"counting sweeps boards at most {COUNT_WIDTH} wide")
    return count_board(board, deadline)


class Counting:
    """The engine's counting hooks for an encoding of ``self.instance``
    under ``self.options``: count all solutions at once, enumerate none."""

    def count_projection(self):
        """Enumerate nothing, count everything (with the clues applied).

        Every solution extends the empty projection, so the engine asks the
        solver for one solution (which it verifies), then calls
        :meth:`count_completions` once. Boards wider than :data:`COUNT_WIDTH`
        in both directions, and selector-mode encodings, return None: the
        engine enumerates solutions."""
        inst = self.instance
        if min(inst.rows, inst.cols) > COUNT_WIDTH or self.options.clues != "direct":
            return None
        return [], True

    def count_completions(self, model, deadline: float | None = None) -> int | None:
        """Number of solutions that agree with ``model`` on the projection of
        :meth:`count_projection` (empty: all solutions); None if the deadline
        (a ``time.perf_counter()`` value) struck first."""
        try:
            return count_extensions(self.instance, deadline=deadline)
        except CountTimeout:
            return None
