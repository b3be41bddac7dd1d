// Asks the API (JSON in, JSON out): the candidates and conflicts of the
// player's board (/api/candidates) and the teacher's next step (/api/hint).
// Without it, nothing is asked: the page is the server's alone.

// A sender where only the latest request counts: sending again aborts the
// one in flight, whose promise then resolves to null. Otherwise the reply
// is {ok, reply}, or {ok: false, reply: null} when none could be read.
export function createSender(url) {
  let pending = null;
  return async function send(body) {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const request = {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: controller.signal,
    };
    try {
      const response = await fetch(url, request);
      const reply = await response.json();
      if (controller.signal.aborted) return null;
      const object = typeof reply === "object" && reply !== null;
      return { ok: response.ok && object, reply: object ? reply : null };
    } catch {
      return controller.signal.aborted ? null : { ok: false, reply: null };
    }
  };
}

// The 81 candidate strings of a reply from /api/candidates, or null.
export function candidatesOf(answer, size) {
  const list = answer?.ok ? answer.reply.candidates : null;
  return Array.isArray(list) && list.length === size && list.every((item) => typeof item === "string") ? list : null;
}
