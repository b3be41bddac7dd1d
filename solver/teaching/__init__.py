"""The teacher at the site: a puzzle explained step by step, hints, candidates.

Read the modules in this order: ``sentences`` (each technique's name and
each step as a sentence, one module per family of techniques), ``lessons``
(a person's board read, its steps, hints and candidates), ``grid`` (a
step's board as the page draws it), ``pages`` (a puzzle's lesson kept for
the next click, and its level as pages show it), ``views`` (the steps page),
``schemas`` and ``api`` (``/api/steps``, ``/api/hint``, ``/api/candidates``).
The teacher itself is the engine's (``solver.engine.teacher``).
"""
