import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A browser stand-in for `inject`: keeps the cookies the server sets and sends them back,
 * and sends our own Origin on state-changing requests as a browser does.
 */
export class SessionClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin = app.config.publicUrl,
  ) {}

  async request(options: {
    method: InjectOptions['method'];
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
  }) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (options.method !== 'GET' && !('origin' in headers)) headers.origin = this.origin;
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = /max-age=0\b/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, body: unknown = {}) {
    return this.request({ method: 'POST', url, body });
  }

  /** A form POST as a browser sends one (multipart/form-data with its boundary). */
  async postForm(url: string, form: FormData) {
    const encoded = new Response(form);
    return this.request({
      method: 'POST',
      url,
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data' },
    });
  }

  put(url: string, body: unknown) {
    return this.request({ method: 'PUT', url, body });
  }
}

export const strongPassword = 'Correct-Horse-Battery-9';

/** Registers an account through better-auth's own endpoint and returns a client signed in as it. */
export async function registerUser(app: FastifyInstance, email: string, name = email.split('@')[0] ?? 'User') {
  const client = new SessionClient(app);
  const response = await client.post('/api/auth/sign-up/email', { name, email, password: strongPassword });
  if (response.statusCode !== 200)
    throw new Error(`sign-up of ${email} failed: ${response.statusCode} ${response.body}`);
  return client;
}

export async function signIn(app: FastifyInstance, email: string, password = strongPassword) {
  const client = new SessionClient(app);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, response };
}
