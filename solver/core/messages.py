"""Engine problems in the reader's language.

The engine writes each message as an English template marked for
translation; here the template is looked up in the active language and
filled with the problem's parameters.
"""

from django.utils.translation import gettext

from ..engine import Problem


def describe(problem: Problem) -> str:
    """The problem's message, translated into the active language."""
    return gettext(problem.template) % problem.params
