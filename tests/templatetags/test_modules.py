"""``{% module %}``: a page's script module after a modulepreload link for
every module it imports, however deep, each once, as its imports name it."""

from django.template import Context, Template

from solver.templatetags.modules import imports


def test_every_module_the_entry_script_imports_is_found_once_however_deep():
    found = imports("js/entry/entry.js")
    assert len(found) == len(set(found))
    assert "js/entry/typing.js" in found  # imported by entry.js
    assert "js/entry/cells.js" in found  # imported by typing.js
    assert "js/core/grid.js" in found  # imported by cells.js
    assert "js/entry/entry.js" not in found


def test_a_module_that_imports_nothing_has_no_links():
    assert imports("js/core/grid.js") == ()


def test_the_tag_writes_the_links_before_the_script():
    html = Template("{% load modules %}{% module 'js/answer/level.js' %}").render(Context())
    links = [
        f'<link rel="modulepreload" href="/static/{name}">'
        for name in imports("js/answer/level.js")
    ]
    assert (
        html == "".join(links) + '<script type="module" src="/static/js/answer/level.js"></script>'
    )
