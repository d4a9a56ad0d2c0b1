"""satlink: a SAT-encoding compiler for pencil and logic puzzles.

>>> import satlink
>>> items = satlink.load_text("puzzle sudoku\\nsize 4\\ngrid\\n  1 . . .\\n  . . . .\\n  . . . .\\n  . . . .\\n")
>>> satlink.solve(items[0], limit=3).verdict
'multiple'
"""
from .api import EXIT, Outcome, count, exit_code, load, load_text, outcome, solve
from .external import Decoded, decode, dimacs, parse_answer
from .limited import outcomes
from .errors import InputError, SatlinkError, UsageError

__version__ = "0.1.0"
__all__ = ["EXIT", "Decoded", "Outcome", "check", "count", "decode", "dimacs", "exit_code",
           "load", "load_text", "outcome", "outcomes", "parse_answer", "solve", "InputError",
           "SatlinkError", "UsageError"]


def __getattr__(name: str):
    """``satlink.check``, imported when first asked for (``satlink solve``
    does not load the checking of collections)."""
    if name == "check":
        from .checking import check

        return check
    raise AttributeError(f"module 'satlink' has no attribute {name!r}")
