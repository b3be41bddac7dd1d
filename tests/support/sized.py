"""Boards of every size for the tests of the pages and the API at other sizes:
each puzzle made up for them and with exactly one solution, but CLASH_16."""

from tests.support.puzzles import SIZED

FOUR = "1...\n..3.\n.4..\n...2\n"
SIX = "..4...\n....25\n....4.\n..6..3\n51....\n...2..\n"
BOARDS = {"4x4": FOUR, "6x6": SIX, "16x16": SIZED["16x16"], "25x25": SIZED["25x25"]}
# Two 1s in row 1 of a 16x16 board.
CLASH_16 = "11" + "." * 254
