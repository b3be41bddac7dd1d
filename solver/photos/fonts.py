"""The fonts the digit classifier learns from: Debian's packaged fonts, none downloaded.

Newspapers set their puzzles in grotesque sans (Helvetica, Arial, Univers),
in a few serifs, and now and then in a condensed or geometric face; these
are their free metric twins and cousins. Each comes from a Debian package
that ``.ci/run`` installs (fonts-dejavu-core, fonts-liberation,
fonts-freefont-ttf, fonts-urw-base35, fonts-crosextra-carlito). Italic faces
are left out: no newspaper grid seen sets its givens in italics.
"""

from __future__ import annotations

from pathlib import Path

FONTS_DIR = Path("/usr/share/fonts")

FONT_FILES = (
    "truetype/dejavu/DejaVuSans.ttf",
    "truetype/dejavu/DejaVuSans-Bold.ttf",
    "truetype/dejavu/DejaVuSansCondensed.ttf",
    "truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "truetype/dejavu/DejaVuSerif.ttf",
    "truetype/dejavu/DejaVuSerif-Bold.ttf",
    "truetype/dejavu/DejaVuSansMono.ttf",
    "truetype/liberation/LiberationSans-Regular.ttf",
    "truetype/liberation/LiberationSans-Bold.ttf",
    "truetype/liberation/LiberationSansNarrow-Regular.ttf",
    "truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "truetype/liberation/LiberationSerif-Regular.ttf",
    "truetype/liberation/LiberationSerif-Bold.ttf",
    "truetype/liberation/LiberationMono-Regular.ttf",
    "truetype/freefont/FreeSans.ttf",
    "truetype/freefont/FreeSansBold.ttf",
    "truetype/freefont/FreeSerif.ttf",
    "truetype/freefont/FreeSerifBold.ttf",
    "truetype/freefont/FreeMono.ttf",
    "truetype/crosextra/Carlito-Regular.ttf",
    "truetype/crosextra/Carlito-Bold.ttf",
    "opentype/urw-base35/NimbusSans-Regular.otf",
    "opentype/urw-base35/NimbusSans-Bold.otf",
    "opentype/urw-base35/NimbusSansNarrow-Regular.otf",
    "opentype/urw-base35/NimbusSansNarrow-Bold.otf",
    "opentype/urw-base35/NimbusRoman-Regular.otf",
    "opentype/urw-base35/NimbusRoman-Bold.otf",
    "opentype/urw-base35/NimbusMonoPS-Regular.otf",
    "opentype/urw-base35/NimbusMonoPS-Bold.otf",
    "opentype/urw-base35/C059-Roman.otf",
    "opentype/urw-base35/C059-Bold.otf",
    "opentype/urw-base35/P052-Roman.otf",
    "opentype/urw-base35/P052-Bold.otf",
    "opentype/urw-base35/URWBookman-Light.otf",
    "opentype/urw-base35/URWBookman-Demi.otf",
    "opentype/urw-base35/URWGothic-Book.otf",
    "opentype/urw-base35/URWGothic-Demi.otf",
)


def font_paths() -> list[Path]:
    """The font files of FONT_FILES present on this machine, in that order.
    Raises FileNotFoundError if none is (no classifier can be trained)."""
    paths = [FONTS_DIR / name for name in FONT_FILES if (FONTS_DIR / name).is_file()]
    if not paths:
        raise FileNotFoundError(
            f"no font to train the digit classifier: none of FONT_FILES under {FONTS_DIR} "
            "(install Debian's fonts-dejavu-core and fonts-liberation at least)"
        )
    return paths
