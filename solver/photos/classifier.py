"""The digit classifier: a few small neural networks (one hidden layer each), in numpy.

Trained by ``training`` from rendered digits; ``probabilities`` gives, for
each glyph, how likely each digit 1-9 is, and how likely it is no upright
digit (a smudge, or a digit turned round: the grid is not upright). The
networks differ only in where their training started; their odds are
averaged, which steadies the reading of a glyph none of them saw the like
of. Plain numpy, so that it needs no learning library: a network is two
matrices and their biases.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .features import features

CLASSES = 10  # the digits 1 to 9 in columns 0 to 8, and no upright digit in column 9
NOT_A_DIGIT = CLASSES - 1  # the odds' column of a smudge or a digit turned round


@dataclass(frozen=True)
class Network:
    """The weights: features to hidden units (ReLU) to CLASSES (softmax); ``mean``
    and ``scale`` standardise the features first."""

    mean: np.ndarray
    scale: np.ndarray
    hidden: np.ndarray
    hidden_bias: np.ndarray
    output: np.ndarray
    output_bias: np.ndarray

    def logits(
        self, rows: np.ndarray, product: Callable = np.matmul
    ) -> tuple[np.ndarray, np.ndarray]:
        """The hidden layer's activity and the CLASSES scores for each row of features;
        ``product`` multiplies matrices (the training's own gives the same bits anywhere)."""
        standard = (rows - self.mean) / self.scale
        active = np.maximum(0, product(standard, self.hidden) + self.hidden_bias)
        return active, product(active, self.output) + self.output_bias


def softmax(scores: np.ndarray) -> np.ndarray:
    """Each row of ``scores`` made into probabilities."""
    exp = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


@dataclass(frozen=True)
class Classifier:
    """The networks whose odds are averaged."""

    networks: tuple[Network, ...]

    def save(self, path: Path) -> None:
        """Writes the weights to ``path`` (an .npz file)."""
        with path.open("wb") as file:
            np.savez(
                file,
                **{
                    f"{n}.{name}": value
                    for n, network in enumerate(self.networks)
                    for name, value in vars(network).items()
                },
            )

    @classmethod
    def load(cls, path: Path) -> Classifier:
        """The classifier saved at ``path``; OSError, KeyError or ValueError if unreadable."""
        with np.load(path) as saved:
            count = len({key.split(".")[0] for key in saved.files})
            return cls(
                tuple(
                    Network(**{name: saved[f"{n}.{name}"] for name in Network.__dataclass_fields__})
                    for n in range(count)
                )
            )


def probabilities(classifier: Classifier, glyphs: np.ndarray) -> np.ndarray:
    """An n x CLASSES array: for each glyph, the probability of digits 1 to 9
    (columns 0 to 8) and of no upright digit (column 9)."""
    if len(glyphs) == 0:
        return np.zeros((0, CLASSES), np.float32)
    rows = features(glyphs)
    return np.mean([softmax(network.logits(rows)[1]) for network in classifier.networks], axis=0)
