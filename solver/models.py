"""The site's models, one module per feature that stores anything, gathered
here where Django looks for them: batches (``batches.models``) and the
puzzle library (``library.models``)."""

from .batches.models import Batch, BatchRow
from .library.models import Daily, Puzzle

__all__ = ["Batch", "BatchRow", "Daily", "Puzzle"]
