"""Problems: what is wrong with a puzzle, as values with stable codes.

A problem carries its message as an English template plus parameters, so the
web layer can translate the template and the command line can print it as is.
Templates are marked with ``gettext_noop`` (a local no-op of the same name as
Django's) so that message extraction finds them without importing Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation and return it unchanged."""
    return message


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a puzzle.

    ``code`` is stable (tests and API clients rely on it); ``template`` is an
    English message with ``%(name)s`` placeholders filled from ``params``;
    ``cells`` are the cells at fault, if any.
    """

    code: str
    template: str
    params: dict[str, object] = field(default_factory=dict)
    cells: tuple[int, ...] = ()

    @property
    def message(self) -> str:
        """The English message with its parameters filled in."""
        return self.template % self.params


class InvalidPuzzle(ValueError):
    """Raised at the engine's edge when a puzzle cannot be read or is broken."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems
