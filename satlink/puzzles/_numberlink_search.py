"""Numberlink's search helpers: its settings and the narrowings of the
first search (encodings/numberlink.md, "Focus for one solution").

The engine asks an encoding that prunes for ``focus`` when one solution is
wanted; a narrowing needs no proof (the engine widens or drops it where the
solver's core says), so these are heuristics, never rules.
"""
from __future__ import annotations

#: The settings (``Options.settings`` overrides them by name; tests and
#: benchmarks compare the variants, encodings/numberlink.md has the numbers):
#: "labels": "onehot", "binary" or "auto" (one-hot where the pruning reads
#: labels, fill any with touch yes, on boards of at most BINARY_ABOVE labels
#: and ONEHOT_MAX cells x labels; binary elsewhere); "cuts": "region"
#: (:meth:`satlink.rules.paths.Paths.cuts`) or "cycle" (satlink.rules.graph.cycle_cuts,
#: the baseline of ``benchmarks/numberlink.py --baseline``); "squares": the 2 x 2
#: cycle clauses; "prune": the verdict-mode pruning (satlink.rules.path_moves);
#: "switch", "transfer": its fill-all moves S and T; "phase": try "not empty"
#: first for every cell (a search hint); "spike": search the first solution
#: under the spike rule and D behind a selector; "focus", "focus_margin": then
#: keep each label near its endpoints (fill any), widened where the core says.
DEFAULTS = {"labels": "auto", "cuts": "region", "squares": True, "prune": True,
            "switch": False, "transfer": True, "phase": True, "spike": True,
            "focus": True, "focus_margin": 2}
#: "auto" labels: binary above this many labels (janko 110_25x42, 62 labels:
#: first solution 1.95 s one-hot against 0.40 s binary) or above ONEHOT_MAX
#: cells x labels (inputs6's 122 x 123 board: 29.7 s one-hot, 2.6 s binary).
BINARY_ABOVE = 64
ONEHOT_MAX = 50_000
#: Widenings of the boxes before every narrowing is dropped.
FOCUS_ROUNDS = 8


def settings_of(options_settings) -> dict:
    """The defaults with ``options_settings`` applied; an unknown name is a
    ValueError (a mistyped benchmark knob must not pass silently)."""
    unknown = set(options_settings) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown numberlink settings: {', '.join(sorted(unknown))};"
                         f" known: {', '.join(DEFAULTS)}")
    return {**DEFAULTS, **options_settings}


def label_mode(settings: dict, fill: str, touch: str, labels: int, cells: int) -> str:
    """The label encoding the settings ask for on such a board."""
    mode = settings["labels"]
    if mode != "auto":
        return mode
    small = labels <= BINARY_ABOVE and labels * cells <= ONEHOT_MAX
    return "onehot" if small and fill == "any" and touch == "yes" else "binary"


class Focus:
    """The narrowings of one encoding's first search, one after the other
    (the state of the widening lives here, one per encoding).

    1. The spike rule and D behind one selector (setting "spike"; not under
       fill all with touch no, where both are rules already). The sole
       solution of a unique fill-any puzzle satisfies both. When the search
       under it fails, the selector is fixed false and the boxes follow.
    2. Boxes, fill any only (setting "focus"): label k may use only the
       cells within a margin of its endpoints' bounding box while its
       selector is assumed; the margin starts at "focus_margin", doubles for
       each label whose selector is in the core of a failed call, and the
       selector goes once the box covers the board; after FOCUS_ROUNDS
       widenings every narrowing is dropped. Under fill all the paths must
       reach every cell, far from their endpoints: on the 122 x 123 board of
       inputs6 the widening took 304 calls and 37 s against 2.1 s without.
    """

    def __init__(self, paths, settings: dict, pruned: bool) -> None:
        self.paths, self.settings, self.pruned = paths, settings, pruned
        self.spike: int | None = None
        self.narrow: dict = {}  # label -> (margin, selector or None)
        self.widened = 0

    def __call__(self, failed: list[int] | None) -> list[int]:
        """Selector literals to assume (the engine's ``focus`` hook)."""
        p, st = self.paths, self.settings
        if failed is None:
            self.spike = None
            if st["spike"] and not (p.fill == "all" and p.touch == "no"):
                self.spike = p.f.new_aux()
                p.spike_clauses(self.spike)
                if not (p.touch == "no" or (p.fill == "any" and self.pruned
                                            and p.table is not None)):
                    p.touch_clauses(self.spike)  # else D is there already
                return [self.spike]
        elif self.spike is not None:  # the only assumption so far: the spike search failed
            p.f.clauses.append([-self.spike])
            self.spike = None
            failed = None
        return self._boxes(failed)

    def _boxes(self, failed: list[int] | None) -> list[int]:
        p, st = self.paths, self.settings
        if not st["focus"] or p.fill != "any":
            return []
        if failed is None:
            self.narrow = {lab: (st["focus_margin"], None) for lab in p.ends}
            self.widened = 0
            grow = set(p.ends)
        elif self.widened >= FOCUS_ROUNDS:
            return []
        else:
            self.widened += 1
            failed_set = set(failed)
            grow = {lab for lab, (_m, sel) in self.narrow.items() if sel in failed_set}
        code = p.code
        for lab in p.ends:  # in label order: the same clauses every run
            if lab not in grow:
                continue
            margin, old = self.narrow[lab]
            if old is not None:
                p.f.clauses.append([-old])
                margin = max(1, 2 * margin)
            (r1, c1), (r2, c2) = p.ends[lab]
            r0, r9 = min(r1, r2) - margin, max(r1, r2) + margin
            c0, c9 = min(c1, c2) - margin, max(c1, c2) + margin
            if r0 <= 0 and c0 <= 0 and r9 >= p.h - 1 and c9 >= p.w - 1:
                self.narrow[lab] = (margin, None)
                continue
            sel = p.f.new_aux()
            self.narrow[lab] = (margin, sel)
            for u in range(p.w * p.h):
                r, c = p.cell(u)
                if u in p.end or (r0 <= r <= r9 and c0 <= c <= c9):
                    continue
                if p.table is not None:
                    x = p.table[u].get(lab)
                    if x:
                        p.f.clauses.append([-sel, -x])
                else:  # binary: the bits differ from k's code (an empty cell has code 0)
                    clause = [-sel] + [-p.bit(u, i) if code[lab] >> i & 1 else p.bit(u, i)
                                       for i in range(p.nbits)]
                    if u in p.empty:
                        clause.append(p.empty[u])
                    p.f.clauses.append(clause)
        return [sel for _m, sel in self.narrow.values() if sel is not None]
