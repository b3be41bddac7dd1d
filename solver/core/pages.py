"""What the pages of a long list share: the page numbers a pager links to
(``templates/_pager.html`` writes the links, keeping the rest of the query)."""

from __future__ import annotations

from django.core.paginator import Page


def page_numbers(page: Page) -> list:
    """The numbers of the pages to link to from ``page``: a few around it and
    the ends, the paginator's ellipsis standing for the others; none when
    there is one page."""
    pages = page.paginator
    if pages.num_pages < 2:
        return []
    return list(pages.get_elided_page_range(page.number, on_each_side=2, on_ends=1))
