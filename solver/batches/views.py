"""The stored batches' pages: the form, each batch's progress and results, its CSV.

Nothing here solves: ``store`` does, a slice per request under the inline
runner, so no request runs much longer than ``SUDOKU_BATCH_SLICE_SECONDS``;
under the celery runner, the queue's workers do (``tasks``), and the pages
only show how far they have got.
"""

import logging
import math
import time
from datetime import timedelta

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpResponseRedirect, JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.defaultfilters import filesizeformat, floatformat
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.timesince import timeuntil
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ..addresses import (
    answer_url,
    batch_csv_url,
    batch_progress_url,
    batch_rows_url,
    batch_url,
    steps_url,
)
from ..choices import StatusChoices, status_name
from ..core import queue
from ..core.database import BUSY_ERRORS, RETRY_SECONDS
from ..core.logs import client_hash, log_slice
from ..core.pages import page_numbers
from ..core.uploads import upload_limit
from ..engine import Status
from .export import csv_text, export_filename, export_rows
from .forms import BATCH_FILE_TYPES, BatchForm, batch_max_bytes
from .models import Batch
from .store import BatchProgress, ServerFull, batch_progress, create_batch, run_slice
from .tasks import queue_slice

PAGE_ROWS = 500  # results shown on one page
JSON = "application/json"
GONE = _(
    "This batch is gone: batches are kept for %(hours)s hours at most, and only each "
    "sender's newest %(jobs)s, up to %(rows)s puzzles. Send the puzzles again."
)
FULL = _(
    "The server is holding as many puzzles as it may keep, in other senders' batches, "
    "each kept for %(hours)s hours. Try again in %(wait)s, once the oldest has had its time."
)
BUSY = _("The server is busy; the puzzles will be solved in a moment.")
logger = logging.getLogger(__name__)


@upload_limit(batch_max_bytes)
@require_http_methods(["GET", "HEAD", "POST"])
def new_batch(request):
    """The batch form. A valid post stores the batch as the client's (its
    address's keyed hash, never the address: see ``store.create_batch``), solves
    its first slice (under the celery runner, queues it) and goes to the
    batch's page (See Other), where a small batch is already finished; bad
    input comes back on the form, the pasted text kept, and so does a batch
    the server is too busy or too full to store (503)."""
    if request.method != "POST":
        return _form_page(request, BatchForm())
    form = BatchForm(request.POST, request.FILES)
    if not form.is_valid():
        return _form_page(request, form)
    try:
        data = form.cleaned_data
        batch = create_batch(data["name"], data["text"], client=client_hash(request))
    except BUSY_ERRORS:
        logger.warning("Batch not stored: the database stayed busy", exc_info=True)
        form.add_error(None, _("The server is busy: send the puzzles again in a moment."))
        response = _form_page(request, form, status=503)
        response["Retry-After"] = str(RETRY_SECONDS)
        return response
    except ServerFull as full:
        logger.warning("Batch refused: SUDOKU_BATCH_MAX_ROWS reached by others' batches")
        form.add_error(None, FULL % _room_in(full.seconds))
        response = _form_page(request, form, status=503)
        response["Retry-After"] = str(math.ceil(full.seconds))
        return response
    if queue.queued():
        queue_slice(batch.pk)  # a message lost on its way is sent again by the sweeper
    else:
        _run_slice(request, batch)  # if the database is busy, the batch's page goes on from here
    return HttpResponseRedirect(batch_url(batch.pk), status=303)


@require_safe
def batch_detail(request, batch_id):
    """A batch's page: its progress while it runs; once finished, its results,
    one page of rows at a time (``?page=``), maybe of one status (``?status=``).
    Under the celery runner, the running page names where its script reads
    the progress (``progress_url``), and has it only follow the workers."""
    batch = get_object_or_404(Batch, pk=batch_id)
    state = batch_progress(batch)
    context = {"batch": batch, "progress": state, "solved_text": _solved_text(state)}
    context["progress_url"] = batch_progress_url(batch.pk) if queue.queued() else ""
    context["counts"] = [(status, status_name(status), n) for status, n in state.counts.items()]
    if state.finished:
        context |= _results(batch, state, request.GET)
    return render(request, "batches/batch_detail.html", context)


@require_POST
def batch_step(request, batch_id):
    """Solve the batch's next slice (nothing once it is finished, nor under
    the celery runner, whose workers solve it). Scripts get ``{"done",
    "total", "finished", "counts", "text"}``; a form post goes back to the
    batch's page. A script is told, as JSON, when the batch is gone (404) or
    the database is busy (503, with Retry-After)."""
    wants_json = request.get_preferred_type(["text/html", "application/json"]) == JSON
    batch = Batch.objects.filter(pk=batch_id).first()
    if batch is None and wants_json:
        return JsonResponse({"message": GONE % _keeping()}, status=404)
    if batch is None:
        raise Http404(GONE % _keeping())
    busy = not queue.queued() and not _run_slice(request, batch)
    if not wants_json:
        return HttpResponseRedirect(batch_url(batch.pk), status=303)
    if busy:
        response = JsonResponse({"message": str(BUSY)}, status=503)
        response["Retry-After"] = str(RETRY_SECONDS)
        return response
    return _progress_reply(batch)


@require_safe
def batch_progress_json(request, batch_id):
    """How far the batch has got, as ``batch_step`` tells it, solving nothing:
    what the page's script reads while the queue's workers solve the batch.
    404, as JSON, when the batch is gone."""
    batch = Batch.objects.filter(pk=batch_id).first()
    if batch is None:
        return JsonResponse({"message": GONE % _keeping()}, status=404)
    return _progress_reply(batch)


@require_safe
def batch_csv(request, batch_id):
    """A finished batch's results as CSV, streamed; asked for sooner, the batch's page."""
    batch = get_object_or_404(Batch, pk=batch_id)
    if not batch_progress(batch).finished:
        return HttpResponseRedirect(batch_url(batch.pk), status=303)
    response = StreamingHttpResponse(
        csv_text(export_rows(batch)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{export_filename(batch.name)}"'
    return response


def _run_slice(request, batch: Batch) -> bool:
    """Solve the batch's next slice; False if the database stayed too busy to let it."""
    start = time.perf_counter()
    try:
        solved = run_slice(batch, settings.SUDOKU_BATCH_SLICE_SECONDS)
    except BUSY_ERRORS:
        logger.warning("Batch slice not run: the database stayed busy", exc_info=True)
        return False
    if solved:
        log_slice(request, batch.pk, solved, time.perf_counter() - start)
    return True


def _progress_reply(batch: Batch) -> JsonResponse:
    """``{"done", "total", "finished", "counts", "text"}`` of ``batch``."""
    state = batch_progress(batch)
    return JsonResponse(
        {
            "done": state.done,
            "total": state.total,
            "finished": state.finished,
            "counts": state.counts,
            "text": _solved_text(state),
        }
    )


def _room_in(seconds: float) -> dict[str, str]:
    """How long batches are kept, and how long until room comes (``seconds``,
    in the reader's words: "23 hours, 59 minutes"): for FULL."""
    now = timezone.now()
    return {
        "hours": floatformat(settings.SUDOKU_BATCH_KEEP_HOURS),
        "wait": timeuntil(now + timedelta(seconds=seconds), now),
    }


def _keeping() -> dict[str, str]:
    """How long, and how many of a client's batches and puzzles, are kept: for GONE."""
    return {
        "hours": floatformat(settings.SUDOKU_BATCH_KEEP_HOURS),
        "jobs": number_format(settings.SUDOKU_BATCH_KEEP_PER_CLIENT),
        "rows": number_format(settings.SUDOKU_BATCH_CLIENT_ROWS, force_grouping=True),
    }


def _form_page(request, form: BatchForm, status: int = 200):
    """The batch form, with its limits, and its errors if any."""
    context = {
        "form": form,
        "file_types": BATCH_FILE_TYPES,
        "max_puzzles": settings.SUDOKU_BATCH_MAX_PUZZLES,
        "max_size": filesizeformat(batch_max_bytes()),
        "solve_seconds": settings.SUDOKU_SOLVE_SECONDS,
        "keep_hours": settings.SUDOKU_BATCH_KEEP_HOURS,
        "keep_per_client": settings.SUDOKU_BATCH_KEEP_PER_CLIENT,
        "client_rows": settings.SUDOKU_BATCH_CLIENT_ROWS,
    }
    return render(request, "batches/batch.html", context, status=status)


def _solved_text(state: BatchProgress) -> str:
    """E.g. "Solved 120 of 10,000 puzzles."."""
    return ngettext(
        "Solved %(done)s of %(total)s puzzle.", "Solved %(done)s of %(total)s puzzles.", state.total
    ) % {
        "done": number_format(state.done, force_grouping=True),
        "total": number_format(state.total, force_grouping=True),
    }


def _results(batch: Batch, state: BatchProgress, query) -> dict:
    """The page of rows asked for by ``query`` (an unknown status shows every
    row; a page number out of range or not a number, the nearest page), with
    the links to each status and to the other pages."""
    status = query.get("status", "")
    status = status if status in StatusChoices.values else ""
    rows = batch.rows.filter(status=status) if status else batch.rows.all()
    page = Paginator(rows, PAGE_ROWS).get_page(query.get("page"))
    return {
        "status": status,
        "filter_name": status_name(status),
        "filters": _filters(batch, state),
        "page": page,
        "page_numbers": page_numbers(page),
        "rows": [(row, status_name(row.status), *_links(row)) for row in page.object_list],
        "csv_url": batch_csv_url(batch.pk),
    }


def _links(row) -> tuple[str, str]:
    """The addresses of ``row``'s answer and of its steps; steps only for a
    puzzle of one solution (the steps page refuses the others): "" then."""
    steps = steps_url(row.puzzle) if row.status == Status.UNIQUE else ""
    return answer_url(row.puzzle), steps


def _filters(batch: Batch, state: BatchProgress) -> list[tuple[str, int, str, str]]:
    """(name, count, status, address) of every row, then of each status seen."""
    seen = [(status_name(name), n, name) for name, n in state.counts.items() if n]
    return [(_("All"), state.total, "", batch_url(batch.pk))] + [
        (name, n, status, batch_rows_url(batch.pk, status)) for name, n, status in seen
    ]
