// What a batch's progress reply says (the JSON of a slice solved, or of the
// workers' progress), read strictly: batch.js shows only what it can trust.
// Nothing here runs by itself.

// The reply as {done, total, finished, counts, text}; null if it is not one
// (an HTML error page, a cut connection).
export function reading(reply) {
  if (typeof reply !== "object" || reply === null) return null;
  const { done, total, finished, counts, text } = reply;
  if (!Number.isInteger(done) || !Number.isInteger(total) || typeof finished !== "boolean") {
    return null;
  }
  return {
    done,
    total,
    finished,
    counts: typeof counts === "object" && counts !== null ? counts : {},
    text: typeof text === "string" ? text : "",
  };
}
