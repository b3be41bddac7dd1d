"""The grid as drawn: bands of rows, stacks of columns, cells marked, text escaped."""

from html.parser import HTMLParser

from solver.core.grids import answer_grid
from solver.core.issues import Issue
from solver.engine import parse_puzzle
from solver.entry.grid import entry_grid, field_problems
from tests.support.puzzles import HARD, HARD_SOLUTION


class Table(HTMLParser):
    """The drawn table read back: its class, caption, colgroup spans, and its
    bands of rows of cells, each cell a dict of the td's class, the input's
    attributes (if any) and the text."""

    def __init__(self, html: str):
        super().__init__()
        self.classes, self.caption, self.spans, self.bands = "", "", [], []
        self.tags: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.classes = attrs["class"]
        elif tag == "colgroup":
            self.spans.append(int(attrs["span"]))
        elif tag == "tbody":
            self.bands.append([])
        elif tag == "tr":
            self.bands[-1].append([])
        elif tag == "td":
            self.bands[-1][-1].append({"class": attrs["class"], "input": None, "text": ""})
        elif tag == "input":
            self.bands[-1][-1][-1]["input"] = attrs
        if tag != "input":
            self.tags.append(tag)

    def handle_endtag(self, tag):
        assert self.tags.pop() == tag, f"</{tag}> closes another element"

    def handle_data(self, data):
        if self.tags and self.tags[-1] == "caption":
            self.caption += data
        elif self.tags and self.tags[-1] == "td":
            self.bands[-1][-1][-1]["text"] += data

    @property
    def cells(self) -> list[dict]:
        return [cell for band in self.bands for row in band for cell in row]


def test_the_grid_is_three_bands_of_three_rows_and_three_stacks():
    table = Table(entry_grid([""] * 81))
    assert [len(band) for band in table.bands] == [3, 3, 3]
    assert all(len(row) == 9 for band in table.bands for row in band)
    assert table.spans == [3, 3, 3]
    assert table.classes == "grid entry-grid"
    assert table.caption.startswith("Puzzle grid")
    assert not table.tags  # every element closed


def test_entry_cells_carry_their_name_position_box_value_and_label():
    cells = Table(entry_grid(["7"] + [""] * 80)).cells
    first, last = cells[0]["input"], cells[80]["input"]
    assert (first["name"], first["id"], first["value"]) == ("r1c1", "cell-r1c1", "7")
    assert (first["data-row"], first["data-column"], first["data-box"]) == ("1", "1", "1")
    assert (last["name"], last["data-box"]) == ("r9c9", "9")
    assert cells[23]["input"]["aria-label"] == "Row 3, column 6, box 2"


def test_each_cell_at_fault_is_marked_and_tied_to_the_messages_that_name_it():
    issues = [Issue("a", "one", (3, 4)), Issue("b", "two", (), "puzzle"), Issue("c", "three", (4,))]
    cells = Table(entry_grid([""] * 81, issues)).cells
    assert cells[3]["input"]["aria-describedby"] == "problem-1"
    assert cells[4]["input"]["aria-describedby"] == "problem-1 problem-3"
    assert cells[4]["input"]["aria-invalid"] == "true"
    assert cells[4]["class"] == "cell invalid"
    assert "aria-invalid" not in cells[5]["input"]
    assert cells[5]["class"] == "cell"
    assert field_problems(issues) == {"puzzle": "problem-2"}


def test_what_a_person_typed_is_shown_escaped():
    html = entry_grid(['"><b>x'] + [""] * 80)
    assert "<b>" not in html
    assert Table(html).cells[0]["input"]["value"] == '"><b>x'


def test_hostile_text_is_escaped_once_wherever_it_is_put():
    hostile = ['"><script>alert(1)</script>', "' onfocus='alert(1)", "&amp;", "{}", "{0}"]
    values = hostile + [""] * (81 - len(hostile))
    html = entry_grid(values, [Issue("a", "<script>x</script>", (0, 1), "r1c1")])
    answer = answer_grid(parse_puzzle(HARD), None, '<script>"x"</script>')
    assert "<script" not in html + answer
    cells = Table(html).cells
    assert [cell["input"]["value"] for cell in cells[: len(hostile)]] == hostile
    assert cells[1]["input"]["aria-describedby"] == "problem-1"
    assert Table(answer).caption == '<script>"x"</script>'


def test_answer_cells_mark_givens_and_solved_digits():
    table = Table(answer_grid(parse_puzzle(HARD), parse_puzzle(HARD_SOLUTION), "Answer <grid>"))
    assert table.classes == "grid answer-grid"
    assert table.caption == "Answer <grid>"
    assert "".join(cell["text"] for cell in table.cells) == HARD_SOLUTION
    kinds = [cell["class"] for cell in table.cells]
    assert kinds == ["cell given" if s != "." else "cell solved" for s in HARD]


def test_without_a_solution_only_the_givens_are_drawn():
    cells = Table(answer_grid(parse_puzzle(HARD), None, "Puzzle grid")).cells
    assert "".join(cell["text"] or "." for cell in cells) == HARD
    assert {cell["class"] for cell in cells} == {"cell given", "cell"}
