"""Training the digit classifier from rendered digits, the same network every time.

Every font of ``fonts`` draws each digit SAMPLES_PER_FONT times over, each
worn differently (``render.digit_cell``); each drawing goes through the very
cutting the photos go through (``cells.read_cell``), so the network learns
the glyphs it will be shown. The network is then fitted by plain gradient
descent with momentum (Adam) on mini-batches. Seeded throughout, and its
arithmetic the same bits on any machine (``exact``): one build gives the same
weights as the next, wherever it runs, from the same fonts.
"""

from __future__ import annotations

from random import Random

import numpy as np

from .cells import MARGIN, read_drawn_cell
from .classifier import CLASSES, NOT_A_DIGIT, Classifier, Network, softmax
from .exact import product
from .features import features
from .fonts import font_paths
from .grid import CELL
from .render import digit_cell

SEED = 30  # the drawings' and the networks' starting seed
SAMPLES_PER_FONT = 36  # drawings of each digit in each font
NETWORKS = 3  # networks whose odds are averaged
HIDDEN = 96  # each network's hidden units
EPOCHS = 14  # passes over the drawings
BATCH = 64  # drawings per step
RATE = 2e-3  # Adam's step size
DECAY = 1e-4  # weight decay: small weights generalise from fonts to photos
# The class of a digit turned round (the grid is not upright) or a smudge: the
# drawings' classes count the digits from 1, the odds' columns from 0.
NO_DIGIT_CLASS = NOT_A_DIGIT + 1
QUARTERS = (1, 3)  # the turns that make a symmetric digit a turned one
SYMMETRIC = {1, 6, 8, 9}  # digits that a half turn leaves a digit (6 and 9 swap)


def rendered_glyphs(
    seed: int = SEED, per_font: int = SAMPLES_PER_FONT
) -> tuple[np.ndarray, np.ndarray]:
    """Glyphs cut from rendered, worn cells, and their classes: the digit (1-9), or
    NO_DIGIT_CLASS (10) for a digit a quarter or half turn round (every third drawing
    gives one too) or a smudge. A drawing the cutter finds empty is left out."""
    rng = Random(seed)
    glyphs, classes = [], []
    side = CELL + 2 * MARGIN
    for font in font_paths():
        for sample in range(per_font):
            for digit in range(1, 10):
                cell = digit_cell(digit, font, side, MARGIN, rng)
                drawings = [(cell, digit)]
                turns = rng.choice(QUARTERS if digit in SYMMETRIC else (1, 2, 3))
                if sample % 3 == 0:
                    drawings.append((np.ascontiguousarray(np.rot90(cell, turns)), NO_DIGIT_CLASS))
                if digit % 3 == 0:  # three smudges for each nine digits
                    drawings.append((digit_cell(None, font, side, MARGIN, rng), NO_DIGIT_CLASS))
                for drawing, label in drawings:
                    found = read_drawn_cell(drawing)
                    if found.glyph is not None and not found.faint:
                        glyphs.append(found.glyph)
                        classes.append(label)
    return np.array(glyphs), np.array(classes)


def train(seed: int = SEED, per_font: int = SAMPLES_PER_FONT, epochs: int = EPOCHS) -> Classifier:
    """NETWORKS networks fitted to ``rendered_glyphs(seed, per_font)`` in ``epochs``
    passes, each from its own start."""
    glyphs, digits = rendered_glyphs(seed, per_font)
    rows = features(glyphs)
    return Classifier(
        tuple(
            fit(rows, digits - 1, np.random.default_rng(seed + n), epochs) for n in range(NETWORKS)
        )
    )


def fit(
    rows: np.ndarray, labels: np.ndarray, rng: np.random.Generator, epochs: int = EPOCHS
) -> Network:
    """A network fitted to feature ``rows`` and their ``labels`` (0-9) by Adam."""
    mean, scale = rows.mean(axis=0), rows.std(axis=0) + 1e-3
    width = rows.shape[1]
    weights = [
        rng.normal(0, np.sqrt(2 / width), (width, HIDDEN)).astype(np.float32),
        np.zeros(HIDDEN, np.float32),
        rng.normal(0, np.sqrt(1 / HIDDEN), (HIDDEN, CLASSES)).astype(np.float32),
        np.zeros(CLASSES, np.float32),
    ]
    moments = [np.zeros_like(w) for w in weights]
    squares = [np.zeros_like(w) for w in weights]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(rows))
        for start in range(0, len(rows), BATCH):
            batch = order[start : start + BATCH]
            grads = _gradients(Network(mean, scale, *weights), rows[batch], labels[batch])
            step += 1
            for w, g, m, v in zip(weights, grads, moments, squares, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                w -= RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return Network(mean, scale, *weights)


def _gradients(network: Network, rows: np.ndarray, labels: np.ndarray) -> list[np.ndarray]:
    """The cross-entropy loss's gradients for the network's four weight arrays."""
    inputs = (rows - network.mean) / network.scale
    active, scores = network.logits(rows, product)
    error = softmax(scores)
    error[np.arange(len(labels)), labels] -= 1
    error /= len(labels)
    back = product(error, network.output.T) * (active > 0)
    return [
        product(inputs.T, back) + DECAY * network.hidden,
        back.sum(axis=0),
        product(active.T, error) + DECAY * network.output,
        error.sum(axis=0),
    ]
