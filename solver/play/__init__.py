"""Play mode: ``/play?puzzle=…``, where a person solves the puzzle themselves.

The page carries the givens and their one solution (``views``, drawing the
grid with ``grid``); the game (values, candidates, undo, the timer,
progress kept in the browser) is the page's script's, which asks the API
for what needs the rules, at every size from 4x4 to 25x25: the candidates
and conflicts (``POST /api/candidates``) and the teacher's hint (``POST
/api/hint``).
"""
