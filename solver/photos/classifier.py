"""The digit classifier: a small neural network (one hidden layer), in numpy.

Trained by ``training`` from rendered digits; ``probabilities`` gives, for
each glyph, how likely each digit 1-9 is, and how likely it is a digit
turned round (the grid is not upright). Plain numpy, so that it needs no
learning library: the whole network is two matrices and their biases.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .features import features

CLASSES = 10  # the digits 1 to 9 in columns 0 to 8, and a digit turned round in column 9


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

    def save(self, path: Path) -> None:
        """Writes the weights to ``path`` (an .npz file)."""
        with path.open("wb") as file:
            np.savez(file, **self.__dict__)

    @classmethod
    def load(cls, path: Path) -> Network:
        """The weights saved at ``path``; OSError or ValueError if unreadable."""
        with np.load(path) as saved:
            return cls(**{name: saved[name] for name in cls.__dataclass_fields__})

    def logits(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The hidden layer's activity and the CLASSES scores for each row of features."""
        active = np.maximum(0, ((rows - self.mean) / self.scale) @ self.hidden + self.hidden_bias)
        return active, active @ self.output + self.output_bias


def softmax(scores: np.ndarray) -> np.ndarray:
    """Each row of ``scores`` made into probabilities."""
    exp = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


def probabilities(network: Network, glyphs: np.ndarray) -> np.ndarray:
    """An n x CLASSES array: for each glyph, the probability of digits 1 to 9
    (columns 0 to 8) and of a digit turned round (column 9)."""
    if len(glyphs) == 0:
        return np.zeros((0, CLASSES), np.float32)
    return softmax(network.logits(features(glyphs))[1])
