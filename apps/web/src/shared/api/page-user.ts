/**
 * The signed-in user the server wrote into this page (`<script id="vatwise-me">`), so the first
 * screen does not wait for GET /api/me. Taken once, at start: the element is removed. Unchecked
 * JSON (the auth feature validates it, so that Zod stays out of the landing page's code), or
 * undefined when the page carries nobody or something unreadable.
 */
export function takePageUser(doc: Document = document): unknown {
  const element = doc.getElementById('vatwise-me');
  if (!element) return undefined;
  element.remove();
  try {
    return (JSON.parse(element.textContent ?? '') as { user?: unknown } | null)?.user ?? undefined;
  } catch {
    return undefined;
  }
}
