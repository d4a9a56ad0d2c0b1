"""The rule library genres are written in: one grid geometry (:mod:`.grid`:
directions, cells, cell edges, lattice points and edges, regions, names),
counts, shading, lines (a loop through cell centres :mod:`.loops`, a loop
along the lattice :mod:`.lattice_loop`, trees :mod:`.trees`) and numbers,
each rule with a lazy form (a cut finder) and a complete form (clauses),
tested against brute force in ``tests/rules/``. Graph rules (connected,
acyclic, one cycle, the degree rule of loops and paths) are
:mod:`.graph`."""
