"""The site's models, one module per feature that stores anything, gathered
here where Django looks for them: batches (``batches.models``), the puzzle
library (``library.models``) and the teacher's ratings (``teaching.models``)."""

from .batches.models import Batch, BatchRow
from .library.models import Daily, Puzzle, Stocked
from .teaching.models import Rating

__all__ = ["Batch", "BatchRow", "Daily", "Puzzle", "Rating", "Stocked"]
