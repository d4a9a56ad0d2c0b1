"""What the genres of one loop through cell centres share beyond their
rules (Country Road, Moon or Sun, Castle Wall, Simple Loop, ...): the
encoding's lazy part and decoding, and the loop's line in the picture (the
answer's output is ``genre_answers.CELL_LOOP``)."""
from __future__ import annotations

from ..contract import Encoding
from ..render import Line
from ..rules.loops import CellLoop
from ..rules.loop_checks import loop_order


class LoopEncoding(Encoding):
    """An encoding whose answer is the loop ``self.loop`` (set by the genre):
    :meth:`finish` declares it (and adds the one-cycle rule as clauses when
    ``complete``); the cuts and the decoded solution are the loop's."""

    loop: CellLoop

    def finish(self, complete: bool) -> None:
        if complete:
            self.loop.encode_complete()
        self.loop.f.declare_answer(list(self.loop.edges.values()))

    def cuts(self, model) -> list[list[int]]:
        return self.loop.cuts(model)

    def decode(self, model):
        return self.loop.decode(model)


def loop_lines(solution) -> list[Line]:
    """The loop as one closed line (none when unsolved)."""
    return [Line(tuple(loop_order(solution)), closed=True)] if solution else []
