"""Pictures of puzzles: text (box drawing) and SVG from one board description."""
