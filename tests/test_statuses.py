"""The status words are written once, in the engine's ``Status``: no other
module, template or script spells one out as a value of its own."""

import ast
import re
from pathlib import Path

from solver.engine import Status
from solver.models import StatusChoices

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "solver" / "engine" / "solve.py"
WORDS = {status.value for status in Status}
# The same letters used as other words, each with what it is there.
OTHER_WORDS = {
    ("bench/engine.py", "unique"): "a mode of the benchmark (--mode unique), not a verdict",
    ("bench/load.py", "none"): "English in a printed line",
    ("solver/engine/generate.py", "none"): "a symmetry (givens placed freely), not a verdict",
    ("solver/api/schemas.py", "none"): "a symmetry in the API's example, not a verdict",
    ("solver/forms.py", "invalid"): "Django's default error code, when a field gives none",
    ("solver/puzzles/views.py", "none"): "a symmetry (generate.SYMMETRIES), not a verdict",
}


def spelled_out(source: str) -> set[str]:
    """The status words written as strings in ``source`` (Python), docstrings aside."""
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
        if isinstance(node, ast.Constant) and node.value in WORDS and id(node) not in docstrings
    }


def test_the_check_finds_a_status_word_but_not_in_a_docstring():
    source = '"""Says unique."""\ndef f():\n    """none"""\n    return "gave_up", "gave up"\n'
    assert spelled_out(source) == {"gave_up"}


def test_no_python_module_but_the_engines_spells_out_a_status_word():
    modules = [*ROOT.glob("solver/**/*.py"), *ROOT.glob("bench/*.py"), *ROOT.glob("deploy/*.py")]
    found = {
        (str(path.relative_to(ROOT)), word)
        for path in modules
        if path != HOME and "migrations" not in path.parts
        for word in spelled_out(path.read_text(encoding="utf-8"))
    }
    assert found - OTHER_WORDS.keys() == set()


def test_no_template_or_script_compares_with_a_status_word():
    words = "|".join(sorted(WORDS))
    quoted = re.compile(rf"""==\s*["']({words})["']|["']({words})["']\s*==""")
    files = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("static/js/**/*.js")]
    assert [str(path) for path in files if quoted.search(path.read_text(encoding="utf-8"))] == []


def test_the_stored_choices_are_the_engines_statuses_a_site_batch_can_give():
    assert StatusChoices.values == ["unique", "multiple", "none", "gave_up", "invalid"]
    assert set(StatusChoices.values) == WORDS - {Status.SOLVED}
