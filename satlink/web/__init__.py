"""``satlink serve``: a web page where a puzzle author pastes a puzz.link URL
or ``.pzl`` text and sees the verdict, the board, the forced cells and the
redundant clues, with its JSON API (:mod:`.app`). Needs the ``web`` extra
(Starlette and uvicorn); :mod:`.records` and :mod:`.overlay` do not."""
