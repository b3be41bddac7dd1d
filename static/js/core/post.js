// Posts to the site and reads its JSON reply: an object goes as JSON (the
// API), a FormData as it is (/load, with a file), each with the page's CSRF
// token. Where only the latest request counts, sending again aborts the one
// in flight. Nothing here runs by itself; without the scripts the pages post
// their forms.

// Every page holds the token in a form (the language switcher's, in
// base.html): the cookie is HttpOnly, out of a script's reach.
function csrfToken() {
  return document.querySelector("input[name=csrfmiddlewaretoken]")?.value ?? "";
}

// A sender to ``url``: ``send(body)`` resolves to {ok, reply}, where reply is
// the JSON object the server answered (whatever its status) or null when none
// could be read (an HTML error page, a cut connection), and ok says the
// status was 2xx with an object to read. Sending again, or ``send.abort()``
// (when what was asked no longer applies), aborts the request in flight,
// whose promise then resolves to null.
export function createPost(url) {
  let pending = null;
  async function send(body) {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const form = body instanceof FormData;
    const headers = { Accept: "application/json", "X-CSRFToken": csrfToken() };
    if (!form) headers["Content-Type"] = "application/json";
    const request = { method: "POST", headers, body: form ? body : JSON.stringify(body), signal: controller.signal };
    try {
      const response = await fetch(url, request);
      const reply = await response.json();
      if (controller.signal.aborted) return null;
      const object = typeof reply === "object" && reply !== null && !Array.isArray(reply);
      return { ok: response.ok && object, reply: object ? reply : null };
    } catch {
      return controller.signal.aborted ? null : { ok: false, reply: null };
    }
  }
  send.abort = () => pending?.abort();
  return send;
}
