"""The library's pages: a new puzzle of a level, each puzzle's own page, the
library to browse, and the day's puzzles.

``forms`` reads what the pages are asked for; ``views`` asks ``solver.library``
(which stores and picks the puzzles) and picks the template.
"""
