"""``python -m solver.photos`` (``make photos-model``): trains the digit classifier
and saves it, unless its file is there already."""

from time import perf_counter

from .model import MODEL_PATH, build


def main() -> None:
    """Trains and saves the network unless MODEL_PATH holds it already."""
    if MODEL_PATH.is_file():
        print(f"photos model: {MODEL_PATH} is there")
        return
    started = perf_counter()
    build()
    print(f"photos model: {MODEL_PATH} trained in {perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
