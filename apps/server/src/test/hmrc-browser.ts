import { startPageLink } from '@vatwise/hmrc-sandbox';
/**
 * A browser on HMRC's (here the simulator's) pages, over real HTTP: follows redirects, keeps
 * cookies, submits forms with HMRC's field names, and stops at a redirect back to VAT Wise's
 * /hmrc-callback (returning that URL with an empty page).
 */
function simulatedBrowser() {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const field = (html: string, name: string) =>
    unescape(new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '');

  /** Requests and follows redirects until a page, or a redirect to the callback. */
  async function go(
    url: string,
    form?: Record<string, string>,
  ): Promise<{ url: string; html: string; status: number }> {
    let current = url;
    let init: RequestInit = form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
          body: new URLSearchParams(form).toString(),
        }
      : { headers: { cookie: cookieHeader() } };
    for (;;) {
      const response = await fetch(current, { ...init, redirect: 'manual' });
      remember(response);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, html: await response.text(), status: response.status };
      }
      current = new URL(location, current).toString();
      if (new URL(current).pathname === '/hmrc-callback') return { url: current, html: '', status: 302 };
      init = { headers: { cookie: cookieHeader() } };
    }
  }

  /** Opens `url`, passes HMRC's start pages (docs/reference/hmrc-vat-api.md §2.4) and signs in on the form. */
  async function signIn(url: string, credentials: { userId: string; password: string }) {
    let page = await go(url);
    for (let link = startPageLink(page.html); link; link = startPageLink(page.html)) {
      page = await go(new URL(link, page.url).toString());
    }
    return go(page.url, {
      userId: credentials.userId,
      password: credentials.password,
      continue: field(page.html, 'continue'),
      csrfToken: field(page.html, 'csrfToken'),
    });
  }

  return { go, signIn, field, unescape };
}

/** Signs in on HMRC's pages as the test user and grants (or denies); returns the /hmrc-callback URL. */
export async function signInAndGrant(
  authorisationUrl: string,
  credentials: { userId: string; password: string },
  choice: 'grant' | 'deny' = 'grant',
): Promise<URL> {
  const browser = simulatedBrowser();
  const grant = await browser.signIn(authorisationUrl, credentials);
  if (choice === 'deny') {
    const deny = /id="deny" href="([^"]+)"/.exec(grant.html)?.[1] ?? '';
    return new URL((await browser.go(new URL(browser.unescape(deny), grant.url).toString())).url);
  }
  const back = await browser.go(grant.url, {
    auth_id: browser.field(grant.html, 'auth_id'),
    state: browser.field(grant.html, 'state'),
    csrfToken: browser.field(grant.html, 'csrfToken'),
  });
  return new URL(back.url);
}

/**
 * A client following an agent's link (HMRC's clientActionUrl): signs in as the client's test user
 * and accepts or declines the first request shown. Returns the page HMRC shows after answering.
 */
export async function answerClientLink(
  link: string,
  credentials: { userId: string; password: string },
  answer: 'accept' | 'decline',
): Promise<{ status: number; html: string }> {
  const browser = simulatedBrowser();
  const requests = await browser.signIn(link, credentials);
  const answered = await browser.go(requests.url, {
    invitationId: browser.field(requests.html, 'invitationId'),
    csrfToken: browser.field(requests.html, 'csrfToken'),
    answer,
  });
  return { status: answered.status, html: answered.html };
}
