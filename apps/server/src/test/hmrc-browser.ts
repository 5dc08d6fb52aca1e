import { startPageLink } from '@vatwise/hmrc-sandbox';
/**
 * A browser on HMRC's (here the simulator's) sign-in and grant pages, over real HTTP: follows
 * redirects, keeps cookies, submits the forms with HMRC's field names. Stops at the first redirect
 * back to VAT Wise's /hmrc-callback and returns that URL.
 */
export async function signInAndGrant(
  authorisationUrl: string,
  credentials: { userId: string; password: string },
  choice: 'grant' | 'deny' = 'grant',
): Promise<URL> {
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
  async function go(url: string, form?: Record<string, string>): Promise<{ url: string; html: string }> {
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
        return { url: current, html: await response.text() };
      }
      current = new URL(location, current).toString();
      if (new URL(current).pathname === '/hmrc-callback') return { url: current, html: '' };
      init = { headers: { cookie: cookieHeader() } };
    }
  }

  // HMRC's start pages come first (hmrc-mtd-vat.md 2.4): follow their buttons to the sign-in form.
  let signIn = await go(authorisationUrl);
  for (let link = startPageLink(signIn.html); link; link = startPageLink(signIn.html)) {
    signIn = await go(new URL(link, signIn.url).toString());
  }
  const grant = await go(signIn.url, {
    userId: credentials.userId,
    password: credentials.password,
    continue: field(signIn.html, 'continue'),
    csrfToken: field(signIn.html, 'csrfToken'),
  });
  if (choice === 'deny') {
    const deny = /id="deny" href="([^"]+)"/.exec(grant.html)?.[1] ?? '';
    return new URL((await go(new URL(unescape(deny), grant.url).toString())).url);
  }
  const back = await go(grant.url, {
    auth_id: field(grant.html, 'auth_id'),
    state: field(grant.html, 'state'),
    csrfToken: field(grant.html, 'csrfToken'),
  });
  return new URL(back.url);
}
