/**
 * A browser stand-in over real HTTP (for servers in another process): keeps cookies and sends our
 * own Origin on state-changing requests, as a browser on VAT Wise's page does.
 */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown; text: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.headers(),
        ...(method === 'GET' ? {} : { origin: this.baseUrl }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extraHeaders,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  }

  /** The cookie header this session would send, for callers that make their own requests (streams). */
  headers(): Record<string, string> {
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }
}
