"""axe-core's WCAG 2.2 A and AA checks, and the views every page is checked in
(a phone's width and a desktop's, light and dark, with and without touch)."""

from __future__ import annotations

WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


AXE_OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_22_AA}, "resultTypes": ["violations"]}


VIEWS = {
    "320-light": {"viewport": {"width": 320, "height": 640}, "color_scheme": "light"},
    "320-dark": {"viewport": {"width": 320, "height": 640}, "color_scheme": "dark"},
    "320-touch-dark": {
        "viewport": {"width": 320, "height": 640},
        "color_scheme": "dark",
        "has_touch": True,
        "is_mobile": True,
    },
    "1280-light": {"viewport": {"width": 1280, "height": 900}, "color_scheme": "light"},
    "1280-dark": {"viewport": {"width": 1280, "height": 900}, "color_scheme": "dark"},
}


PHONE = {"viewport": {"width": 320, "height": 640}, "has_touch": True, "is_mobile": True}


LARGE_PHONE = {"viewport": {"width": 430, "height": 900}, "has_touch": True, "is_mobile": True}


DESKTOP = {"viewport": {"width": 1280, "height": 900}}
