/**
 * A browser stand-in over real HTTP (for servers in another process, and for a cluster): one
 * cookie jar, and our own Origin on state-changing requests, as a browser on VAT Wise's page sends.
 * `session.on(url)` is the same person reaching another instance (or the proxy): the page they are
 * on is still `publicUrl`, so every write carries its Origin, as the browser sends it whichever
 * instance the load balancer picks. Redirects are answers, not followed.
 */
export interface Answer {
  status: number;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  text: string;
  headers: Headers;
}

export class HttpSession {
  constructor(
    /** The address people use (a single server, or a cluster's proxy): the Origin of the pages. */
    readonly publicUrl: string,
    /** Where this view of the session sends its requests. */
    readonly baseUrl: string = publicUrl,
    readonly cookies: Map<string, string> = new Map(),
  ) {}

  /** The same session (same cookies) sending its requests to `baseUrl` instead. */
  on(baseUrl: string): HttpSession {
    return new HttpSession(this.publicUrl, baseUrl, this.cookies);
  }

  /** The Cookie header this session sends, for other clients (streams, socket.io) acting as the same browser. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The same, as headers to spread into a request of one's own. */
  headers(): Record<string, string> {
    return { cookie: this.cookieHeader() };
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.cookies.size > 0 ? this.headers() : {}),
        ...(method === 'GET' || method === 'HEAD' ? {} : { origin: this.publicUrl }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }

  put(path: string, body: unknown) {
    return this.request('PUT', path, body);
  }

  delete(path: string) {
    return this.request('DELETE', path);
  }
}
