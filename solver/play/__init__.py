"""Play mode: ``/play?puzzle=…``, where a person solves the puzzle themselves.

The page carries the givens and their one solution (``views``, reading the
link at every size with ``link`` and drawing the grid with ``grid``); the
game (values, candidates, undo, the timer, progress kept in the browser) is
the page's script's, which on a 9x9 board asks the API for what needs the
rules: the candidates and conflicts (``POST /api/candidates``) and the
teacher's hint (``POST /api/hint``). The API reads 9x9 boards only, so on
boards of other sizes (4x4 to 25x25) the script works out candidates and
conflicts itself and gives hints of its own.
"""
