"""The engine's words are written once: the status words in its ``Status``,
the level words in its ``Level``. No other module, template or script spells
one out as a value of its own, and the site's choices are built from them."""

import ast
import re
from pathlib import Path

from solver.choices import LevelChoices, StatusChoices, level_name
from solver.engine import Status
from solver.engine.levels import LEVELS, Level

ROOT = Path(__file__).resolve().parents[2]
STATUS_HOME = ROOT / "solver" / "engine" / "solve.py"
LEVEL_HOME = ROOT / "solver" / "engine" / "levels.py"
STATUS_WORDS = {status.value for status in Status}
LEVEL_WORDS = {level.value for level in Level}
# The same letters used as other words, each with what it is there.
OTHER_WORDS = {
    ("bench/engine.py", "unique"): "a mode of the benchmark (--mode unique), not a verdict",
    ("bench/load.py", "none"): "English in a printed line",
    ("solver/engine/generate.py", "none"): "a symmetry (givens placed freely), not a verdict",
    ("solver/library/views.py", "none"): "a symmetry (generate.SYMMETRIES), not a verdict",
    ("solver/library/schemas.py", "none"): "a symmetry in the API's example, not a verdict",
    ("solver/core/reading.py", "invalid"): "Django's default error code, when a field gives none",
    ("solver/library/forms.py", "invalid"): "Django's error code for an unreadable number",
}


def spelled_out(source: str, words: set[str]) -> set[str]:
    """The ``words`` written as strings in ``source`` (Python), docstrings aside."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in words and id(node) not in docstrings
    }


def found_outside(home: Path, words: set[str]) -> set[tuple[str, str]]:
    """(module, word) for each of ``words`` spelled out in a module other than ``home``."""
    modules = [*ROOT.glob("solver/**/*.py"), *ROOT.glob("bench/*.py"), *ROOT.glob("deploy/*.py")]
    return {
        (str(path.relative_to(ROOT)), word)
        for path in modules
        if path != home and "migrations" not in path.parts
        for word in spelled_out(path.read_text(encoding="utf-8"), words)
    }


def compared_in_pages(words: set[str]) -> list[str]:
    """The templates and scripts that compare something with one of ``words``."""
    alternatives = "|".join(sorted(words))
    quoted = re.compile(rf"""==\\s*["']({alternatives})["']|["']({alternatives})["']\\s*==""")
    files = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("static/js/**/*.js")]
    return [str(path) for path in files if quoted.search(path.read_text(encoding="utf-8"))]


def test_the_check_finds_a_word_but_not_in_a_docstring():
    source = '"""Says unique."""\ndef f():\n    """none"""\n    return "gave_up", "gave up"\n'
    assert spelled_out(source, STATUS_WORDS) == {"gave_up"}
    assert spelled_out('LEVEL = "hard"\n', LEVEL_WORDS) == {"hard"}


def test_no_python_module_but_the_engines_spells_out_a_status_word():
    assert found_outside(STATUS_HOME, STATUS_WORDS) - OTHER_WORDS.keys() == set()


def test_no_python_module_but_the_engines_spells_out_a_level_word():
    assert found_outside(LEVEL_HOME, LEVEL_WORDS) - OTHER_WORDS.keys() == set()


def test_no_template_or_script_compares_with_a_status_or_a_level_word():
    assert compared_in_pages(STATUS_WORDS | LEVEL_WORDS) == []


def test_the_stored_choices_are_the_engines_statuses_a_site_batch_can_give():
    assert StatusChoices.values == ["unique", "multiple", "none", "gave_up", "invalid"]
    assert set(StatusChoices.values) == STATUS_WORDS - {Status.SOLVED}


def test_the_level_choices_are_the_engines_levels_in_order_each_with_a_name():
    assert LevelChoices.values == list(LEVELS)
    assert [str(label) for label in LevelChoices.labels] == [
        "Easy",
        "Medium",
        "Hard",
        "Expert",
        "Extreme",
    ]
    assert level_name("hard") == "Hard"
    assert level_name("no-such-level") == "no-such-level"
