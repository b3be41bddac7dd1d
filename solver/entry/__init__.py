"""The entry page and the answer: a puzzle typed, pasted or loaded, checked,
and solved.

Read the modules in this order: ``forms`` (the 81 cells, the paste box and
the file), ``grid`` (the entry grid drawn, each problem tied to its cells),
``pages`` (the entry page, as every page that reads a puzzle from its link
sends a person back to it), ``views`` (``/index``, ``/answer``, ``/load``),
``schemas`` and ``api`` (``/api/solve``, ``/api/validate``).
"""
