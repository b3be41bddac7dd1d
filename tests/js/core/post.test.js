// The POST client (static/js/core/post.js), on a stand-in fetch: JSON or a
// form sent with the page's CSRF token, the reply read whatever its status,
// and only the latest request counting.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createPost } from "../../../static/js/core/post.js";
import { fakePage, useGlobal } from "../support/page.js";

// A fetch answering each request with ``answer(request)`` (a Response, or a
// promise of one), recording what was asked; the page holds the token "tok".
function useServer(t, answer) {
  const asked = [];
  useGlobal(t, "document", fakePage({ "input[name=csrfmiddlewaretoken]": { value: "tok" } }));
  useGlobal(t, "fetch", async (url, request) => {
    asked.push({ url, ...request });
    return answer(request);
  });
  return asked;
}

const json = (body, status = 200) => new Response(JSON.stringify(body), { status });

// A response that never comes unless its request is aborted, which rejects it.
function hanging(request) {
  return new Promise((_, reject) => {
    request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });
}

test("an object is posted as JSON, with the page's CSRF token", async (t) => {
  const asked = useServer(t, () => json({ status: "unique" }));
  const answer = await createPost("/api/hint")({ puzzle: "1..." });
  assert.deepEqual(answer, { ok: true, reply: { status: "unique" } });
  const [{ url, method, headers, body }] = asked;
  assert.equal(url, "/api/hint");
  assert.equal(method, "POST");
  assert.deepEqual(headers, { Accept: "application/json", "X-CSRFToken": "tok", "Content-Type": "application/json" });
  assert.equal(body, '{"puzzle":"1..."}');
});

test("a form is posted as it is, its type left to the browser", async (t) => {
  const asked = useServer(t, () => json({ grid: "" }));
  const form = new FormData();
  form.append("puzzle", "1...");
  await createPost("/load")(form);
  assert.equal(asked[0].body, form);
  assert.equal("Content-Type" in asked[0].headers, false);
});

test("a page without the token sends an empty one", async (t) => {
  useGlobal(t, "document", fakePage({}));
  const asked = [];
  useGlobal(t, "fetch", async (url, request) => asked.push(request) && json({}));
  await createPost("/api/hint")({});
  assert.equal(asked[0].headers["X-CSRFToken"], "");
});

test("an error status's JSON is read, and the answer is not ok", async (t) => {
  useServer(t, () => json({ errors: [{ code: "conflict" }] }, 422));
  assert.deepEqual(await createPost("/api/hint")({}), { ok: false, reply: { errors: [{ code: "conflict" }] } });
});

test("a reply that is not a JSON object reads as none", async (t) => {
  for (const body of ["<html>busy</html>", "[1, 2]", "null", "3"]) {
    useServer(t, () => new Response(body, { status: 200 }));
    assert.deepEqual(await createPost("/api/hint")({}), { ok: false, reply: null }, body);
  }
});

test("a cut connection reads as no reply", async (t) => {
  useServer(t, () => {
    throw new TypeError("Failed to fetch");
  });
  assert.deepEqual(await createPost("/api/hint")({}), { ok: false, reply: null });
});

test("sending again aborts the request in flight, which resolves to null", async (t) => {
  const replies = [hanging, () => json({ n: 2 })];
  useServer(t, (request) => replies.shift()(request));
  const send = createPost("/api/candidates");
  const first = send({ n: 1 });
  const second = send({ n: 2 });
  assert.equal(await first, null);
  assert.deepEqual(await second, { ok: true, reply: { n: 2 } });
});

test("abort drops the request in flight", async (t) => {
  useServer(t, hanging);
  const send = createPost("/api/candidates");
  const pending = send({});
  send.abort();
  assert.equal(await pending, null);
});

test("abort with nothing in flight does nothing", () => {
  assert.doesNotThrow(() => createPost("/api/hint").abort());
});
