"""The Content-Security-Policy in a browser: a page watched for violations
(a listener put in before its own scripts, and the console), and the policy
a reply enforces."""

from __future__ import annotations

from playwright.sync_api import Page, Response

LISTENER = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(
    `${event.effectiveDirective} refused ${event.blockedURI || "inline code"}` +
    ` (${event.sourceFile || document.URL}:${event.lineNumber})`);
});
"""


class Violations:
    """Violations seen in a page so far, from its listener and from the console."""

    def __init__(self, page: Page, console_errors: list[str]):
        self.page, self.console_errors, self.seen = page, console_errors, []
        page.add_init_script(LISTENER)

    def collect(self) -> list[str]:
        """Every violation reported so far; call before leaving a page, whose
        listener's list goes with it."""
        reported = self.page.evaluate("window.cspViolations ?? []")
        self.seen += [item for item in reported if item not in self.seen]
        console = [error for error in self.console_errors if "Content Security Policy" in error]
        return self.seen + console


def enforced(response: Response | None) -> dict[str, str]:
    """The page's policy as {directive: sources}; fails if it is not enforced."""
    assert response is not None
    header = response.headers.get("content-security-policy", "")
    policy = dict(part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    assert policy.get("script-src") == "'self'", header
    assert policy.get("style-src") == "'self'", header
    return policy
