"""The rule library genres are written in: grid geometry (:mod:`.grid`),
counts, shading, lines (loops, paths, trees) and numbers, each rule with a
lazy form (a cut finder) and a complete form (clauses), tested against brute
force in ``tests/rules/``. Graph rules build on :mod:`satlink.rules.graph`."""
