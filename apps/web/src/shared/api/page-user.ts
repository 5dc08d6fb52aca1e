/**
 * What the server wrote into this page (`<script id="vatwise-me">`): the signed-in user, so the
 * first screen does not wait for GET /api/me, and the API answers the first screen starts with,
 * by path, so it draws them without asking. Taken once, at start: the element is removed.
 */

/** The page's API answers not yet used, by path. */
const pageReads = new Map<string, unknown>();
/** A page's answers are what the server held when it sent the page; after this they are stale. */
const pageReadsFreshForMs = 30_000;

/**
 * The user, as unchecked JSON (the auth feature validates it, so that Zod stays out of the
 * landing page's code), or undefined when the page carries nobody or something unreadable.
 */
export function takePageUser(doc: Document = document): unknown {
  const element = doc.getElementById('vatwise-me');
  if (!element) return undefined;
  element.remove();
  try {
    const page = JSON.parse(element.textContent ?? '') as { user?: unknown; reads?: unknown } | null;
    if (page?.reads && typeof page.reads === 'object') {
      for (const [path, body] of Object.entries(page.reads)) pageReads.set(path, body);
    }
    return page?.user ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether the page carries any answer not yet taken. */
export function hasPageReads(): boolean {
  return pageReads.size > 0;
}

/**
 * The page's answer for a GET of `path`, once (a later read asks the server), and only while the
 * page is fresh; undefined when the page carries none.
 */
export function takePageRead(path: string, now = performance.now()): { body: unknown } | undefined {
  if (!pageReads.has(path)) return undefined;
  const body = pageReads.get(path);
  pageReads.delete(path);
  return now <= pageReadsFreshForMs ? { body } : undefined;
}
