"""A puzzle's line cut into its rows, for the command line's tests."""


def rows_of(puzzle: str, size: int = 9) -> list[str]:
    """The puzzle line cut into its rows."""
    return [puzzle[top : top + size] for top in range(0, len(puzzle), size)]
