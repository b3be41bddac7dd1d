"""Views: read the form, ask the engine, pick the template (or the JSON reply)."""

import csv
import io
import logging
import math
import re
import time
from collections.abc import Iterable, Iterator
from itertools import islice

from django.conf import settings
from django.core.paginator import Paginator
from django.db import OperationalError
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import filesizeformat, floatformat
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from .display import answer_grid, entry_grid, field_problems, problem_id
from .engine import Budget, Grid, format_grid, solve
from .engine.parse import BLANKS
from .forms import (
    BATCH_FILE_TYPES,
    FILE_TYPES,
    BatchForm,
    LoadForm,
    PuzzleForm,
    PuzzleTextForm,
    batch_max_bytes,
)
from .jobs import STATUSES, Progress, ServerFull, create_job, csv_rows, progress, run_slice
from .logs import client_hash, log_slice, log_solve
from .models import Job
from .uploads import upload_limit

BATCH_PAGE_ROWS = 500  # results shown on one page
JSON = "application/json"
GONE = _(
    "This batch is gone: batches are kept for %(hours)s hours, and only each "
    "sender's newest %(jobs)s. Send the puzzles again."
)
FULL = _(
    "The server is holding as many batches as it can. Try again later: batches are "
    "kept for %(hours)s hours, and room comes free as they go."
)
BUSY = _("The server is busy; the puzzles will be solved in a moment.")
logger = logging.getLogger(__name__)
CSV_CHUNK_ROWS = 500  # CSV rows sent together
STATUS_NAMES = {
    "unique": _("Unique"),
    "multiple": _("Several solutions"),
    "none": _("No solution"),
    "gave_up": _("Gave up"),
    "invalid": _("Invalid"),
}


@require_safe
def ping(request):
    """A health check for operators (and the load benchmark's floor): "ok", nothing else."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def index(request):
    """The entry grid; ``?puzzle=`` opens it filled with that puzzle."""
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return _entry_page(request, PuzzleForm())
    grid = _read_link(text)
    form = PuzzleForm.for_grid(grid) if grid is not None else _form_showing_problems(text)
    return _entry_page(request, form)


@require_http_methods(["GET", "HEAD", "POST"])
def answer(request):
    """The answer to ``?puzzle=`` (a permanent link); a posted entry is checked
    and redirected there, and bad input goes back to the entry page, kept."""
    if request.method == "POST":
        form = PuzzleForm(request.POST, request.FILES)
        if not form.is_valid():
            return _entry_page(request, form)
        # See Other: a reload or Back never posts the form again.
        return HttpResponseRedirect(_answer_url(form.cleaned_data["grid"]), status=303)
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return redirect("solver:index")
    grid = _read_link(text)
    if grid is None:
        return _entry_page(request, _form_showing_problems(text))
    return _answer_page(request, grid)


def _read_link(text: str) -> Grid | None:
    """The grid in a link's ``?puzzle=`` text, or None if it has problems.

    A link holds only text, so the one-field form reads it: the full form
    builds 81 cell fields first, which costs more than most solves. The
    page's own form is made only to show problems, from the same text.
    """
    form = PuzzleTextForm({"puzzle": text})
    return form.cleaned_data["grid"] if form.is_valid() else None


def _form_showing_problems(text: str) -> PuzzleForm:
    """The entry page's form for a link's text that has problems: validated,
    so it lists them, with the text kept in the paste box."""
    form = PuzzleForm({"puzzle": text})
    form.is_valid()
    return form


@require_POST
def load(request):
    """Fill the grid from a pasted puzzle or a file, without solving it.

    Scripts asking for JSON get the grid as read and its problems (see
    ``_load_reply``); a plain form post gets the entry page, filled.
    """
    form = LoadForm(request.POST, request.FILES)
    valid = form.is_valid()
    if request.get_preferred_type(["text/html", "application/json"]) == "application/json":
        return _load_reply(form)
    if valid:
        filled = PuzzleForm.for_grid(form.cleaned_data["grid"])
        filled.notices = form.notices
        form = filled
    return _entry_page(request, form)


def _answer_url(grid: Grid) -> str:
    """The permanent address of the answer to ``grid``."""
    return reverse("solver:answer") + "?" + urlencode({"puzzle": format_grid(grid)})


def _answer_page(request, puzzle: Grid):
    """Solve ``puzzle`` within the site's budget and show the verdict."""
    result = solve(puzzle, budget=Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS))
    log_solve(request, "page", result)
    context = {
        "result": result,
        "grid": answer_grid(puzzle, result.solution, gettext("Answer grid")),
        "puzzle_grid": answer_grid(puzzle, None, gettext("Puzzle grid")),
        "solution_line": format_grid(result.solution) if result.solution else "",
        "elapsed_ms": result.elapsed * 1000,
        "edit_url": reverse("solver:index") + "?" + urlencode({"puzzle": format_grid(puzzle)}),
        "permalink": request.build_absolute_uri(_answer_url(puzzle)),
    }
    return render(request, "solver/answer.html", context)


def _entry_page(request, form: PuzzleForm):
    """The entry page for ``form``, with its grid drawn and each problem tied to its cells."""
    context = {
        "form": form,
        "grid": entry_grid(form.cell_values(), form.issues),
        "problems": [(problem_id(index), issue) for index, issue in enumerate(form.issues, 1)],
        "field_problems": field_problems(form.issues),
        "paste_value": form.paste_value(),
        "file_types": FILE_TYPES,
        # What a typed cell may hold as empty, from the engine, for the page's script.
        "blanks": "".join(sorted(BLANKS)),
    }
    return render(request, "solver/index.html", context)


def _load_reply(form: LoadForm) -> JsonResponse:
    """``{"grid": 81 symbols or null, "problems": [...], "notices": [...]}``.

    The grid is the puzzle as read, even when its givens conflict (the
    conflicts are among the problems); it is null when the text or file could
    not be read as a puzzle. Either way the request itself was fine, so the
    status is 200: the page's script reads the reply, and a browser logs no
    failed request for a paste it merely could not read.
    """
    grid = form.grid_shown
    body = {
        "grid": format_grid(grid) if grid is not None else None,
        "problems": [issue.as_json() for issue in form.issues],
        "notices": form.notices,
    }
    return JsonResponse(body)


@upload_limit(batch_max_bytes)
@require_http_methods(["GET", "HEAD", "POST"])
def batch(request):
    """The batch form. A valid post stores the job as the client's (its
    address's keyed hash, never the address: see ``jobs.create_job``), solves
    its first slice and goes to the job's page (See Other), where a small
    batch is already finished; bad input comes back on the form, the pasted
    text kept, and so does a batch the server is too busy or too full to
    store (503)."""
    if request.method != "POST":
        return _batch_form_page(request, BatchForm())
    form = BatchForm(request.POST, request.FILES)
    if not form.is_valid():
        return _batch_form_page(request, form)
    try:
        data = form.cleaned_data
        job = create_job(data["name"], data["text"], client=client_hash(request))
    except OperationalError:
        logger.warning("Batch not stored: the database stayed busy", exc_info=True)
        form.add_error(None, _("The server is busy: send the puzzles again in a moment."))
        return _batch_form_page(request, form, status=503)
    except ServerFull as full:
        logger.warning("Batch refused: the server holds as many as SUDOKU_BATCH_KEEP_JOBS")
        form.add_error(None, FULL % _keeping())
        response = _batch_form_page(request, form, status=503)
        # When the oldest batch goes: the first moment there can be room.
        response["Retry-After"] = str(math.ceil(full.seconds))
        return response
    _run_slice(request, job)  # if the database is busy, the job's page goes on from here
    return HttpResponseRedirect(_job_url(job), status=303)


@require_safe
def batch_job(request, job_id):
    """A job's page: its progress while it runs; once finished, its results,
    one page of rows at a time (``?page=``), maybe of one status (``?status=``)."""
    job = get_object_or_404(Job, pk=job_id)
    state = progress(job)
    context = {"job": job, "progress": state, "solved_text": _solved_text(state)}
    context["counts"] = [(status, STATUS_NAMES[status], n) for status, n in state.counts.items()]
    if state.finished:
        context |= _results(job, state, request.GET)
    return render(request, "solver/batch_job.html", context)


@require_POST
def batch_step(request, job_id):
    """Solve the job's next slice (nothing once it is finished). Scripts get
    ``{"done", "total", "finished", "counts", "text"}``; a form post goes back
    to the job's page. A script is told, as JSON, when the job is gone (404)
    or the database is busy (503, with Retry-After)."""
    wants_json = request.get_preferred_type(["text/html", "application/json"]) == JSON
    job = Job.objects.filter(pk=job_id).first()
    if job is None and wants_json:
        return JsonResponse({"message": GONE % _keeping()}, status=404)
    if job is None:
        raise Http404(GONE % _keeping())
    busy = not _run_slice(request, job)
    if not wants_json:
        return HttpResponseRedirect(_job_url(job), status=303)
    if busy:
        response = JsonResponse({"message": str(BUSY)}, status=503)
        response["Retry-After"] = "2"
        return response
    state = progress(job)
    return JsonResponse(
        {
            "done": state.done,
            "total": state.total,
            "finished": state.finished,
            "counts": state.counts,
            "text": _solved_text(state),
        }
    )


@require_safe
def batch_csv(request, job_id):
    """A finished job's results as CSV, streamed; asked for sooner, the job's page."""
    job = get_object_or_404(Job, pk=job_id)
    if not progress(job).finished:
        return HttpResponseRedirect(_job_url(job), status=303)
    response = StreamingHttpResponse(
        _csv_text(csv_rows(job)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{_csv_filename(job.name)}"'
    return response


def _run_slice(request, job: Job) -> bool:
    """Solve the job's next slice; False if the database stayed too busy to let it."""
    start = time.perf_counter()
    try:
        solved = run_slice(job, settings.SUDOKU_BATCH_SLICE_SECONDS)
    except OperationalError:
        logger.warning("Batch slice not run: the database stayed busy", exc_info=True)
        return False
    if solved:
        log_slice(request, job.pk, solved, time.perf_counter() - start)
    return True


def _keeping() -> dict[str, str]:
    """How long, and how many of a client's, batches are kept: for GONE and FULL."""
    return {
        "hours": floatformat(settings.SUDOKU_BATCH_KEEP_HOURS),
        "jobs": number_format(settings.SUDOKU_BATCH_KEEP_PER_CLIENT),
    }


def _batch_form_page(request, form: BatchForm, status: int = 200):
    """The batch form, with its limits, and its errors if any."""
    context = {
        "form": form,
        "file_types": BATCH_FILE_TYPES,
        "max_puzzles": settings.SUDOKU_BATCH_MAX_PUZZLES,
        "max_size": filesizeformat(batch_max_bytes()),
        "solve_seconds": settings.SUDOKU_SOLVE_SECONDS,
        "keep_hours": settings.SUDOKU_BATCH_KEEP_HOURS,
        "keep_per_client": settings.SUDOKU_BATCH_KEEP_PER_CLIENT,
    }
    return render(request, "solver/batch.html", context, status=status)


def _job_url(job: Job) -> str:
    return reverse("solver:batch_job", args=[job.pk])


def _solved_text(state: Progress) -> str:
    """E.g. "Solved 120 of 10,000 puzzles."."""
    return ngettext(
        "Solved %(done)s of %(total)s puzzle.", "Solved %(done)s of %(total)s puzzles.", state.total
    ) % {
        "done": number_format(state.done, force_grouping=True),
        "total": number_format(state.total, force_grouping=True),
    }


def _results(job: Job, state: Progress, query) -> dict:
    """The page of rows asked for by ``query`` (an unknown status shows every
    row; a page number out of range or not a number, the nearest page), with
    the links to each status and to the other pages."""
    status = query.get("status", "")
    status = status if status in STATUSES else ""
    rows = job.rows.filter(status=status) if status else job.rows.all()
    page = Paginator(rows, BATCH_PAGE_ROWS).get_page(query.get("page"))
    base = _job_url(job)
    return {
        "status": status,
        "filter_name": STATUS_NAMES.get(status, ""),
        "filters": _filters(base, state),
        "page": page,
        "rows": [(row, STATUS_NAMES.get(row.status, "")) for row in page.object_list],
        "page_links": _page_links(base, status, page),
        "previous_url": _rows_url(base, status, page.number - 1) if page.has_previous() else "",
        "next_url": _rows_url(base, status, page.number + 1) if page.has_next() else "",
        "csv_url": reverse("solver:batch_csv", args=[job.pk]),
    }


def _filters(base: str, state: Progress) -> list[tuple[str, int, str, str]]:
    """(name, count, status, address) of every row, then of each status seen."""
    seen = [(STATUS_NAMES[name], n, name) for name, n in state.counts.items() if n]
    return [(_("All"), state.total, "", base)] + [
        (name, n, status, _rows_url(base, status)) for name, n, status in seen
    ]


def _page_links(base: str, status: str, page) -> list[tuple[object, str]]:
    """(number, address) of the pages to link to, a few around this one and
    the ends; an ellipsis stands for the others, with no address."""
    pages = page.paginator
    if pages.num_pages < 2:
        return []
    numbers = pages.get_elided_page_range(page.number, on_each_side=2, on_ends=1)
    return [(n, "" if n == pages.ELLIPSIS else _rows_url(base, status, n)) for n in numbers]


def _rows_url(base: str, status: str, page: int = 1) -> str:
    """The job page's address showing rows of ``status`` (all if empty), page ``page``."""
    query = ({"status": status} if status else {}) | ({"page": page} if page > 1 else {})
    return base + ("?" + urlencode(query) if query else "")


def _csv_text(rows: Iterable[Iterable[object]]) -> Iterator[str]:
    """``rows`` as CSV text, ``CSV_CHUNK_ROWS`` rows at a time."""
    rows = iter(rows)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    while chunk := list(islice(rows, CSV_CHUNK_ROWS)):
        writer.writerows(chunk)
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()


def _csv_filename(name: str) -> str:
    """The CSV's file name, from the source's: "puzzles.txt" gives
    "puzzles-results.csv". Only letters, digits, "_", "-" and "." are kept,
    so the name is safe in a header and on any disk."""
    stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", stem)[:60].strip(".-") or "puzzles"
    return f"{stem}-results.csv"
