"""A genre's puz.link codec, built only when a URL is read or written.

A genre module that imported :mod:`satlink.formats.pzprjs` (and its own
codec parts) at its top would pay for that import on every `.pzl` it
reads. Declared as ``puzzlink=Lazy(build)``, where ``build()`` imports what
it needs and returns the :class:`~satlink.formats.pzprjs.Codec` (or
``Choice``), the import waits until :mod:`satlink.formats.puzzlink` asks for
the codec. Nothing is kept: each call builds the codec again (state is
passed, not cached), which costs little next to reading a URL.

>>> from types import SimpleNamespace
>>> built = []
>>> def build():
...     built.append(1)
...     return SimpleNamespace(codecs=lambda: ("codec",), encode=lambda inst: ("body", inst))
>>> lazy = Lazy(build)
>>> built                         # declaring it builds nothing
[]
>>> lazy.codecs(), lazy.encode(7), len(built)
(('codec',), ('body', 7), 2)
"""
from __future__ import annotations

from typing import Any, Callable


class Lazy:
    """What :attr:`satlink.genre.Genre.puzzlink` holds: ``codecs()`` and
    ``encode(inst)`` of the codec ``build()`` returns, built on each call."""

    def __init__(self, build: Callable[[], Any]) -> None:
        self.build = build

    def codecs(self) -> tuple:
        return self.build().codecs()

    def encode(self, inst: Any):
        return self.build().encode(inst)

