import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request's cookies by name (the simulator needs two and no cookie library). */
export function readCookies(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    try {
      cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A cookie we did not write; ignore it.
    }
  }
  return cookies;
}

/** Adds a Set-Cookie header, keeping any set before it. HttpOnly and SameSite=Lax always. */
export function setCookie(reply: FastifyReply, name: string, value: string, path: string, secure: boolean): void {
  const cookie = `${name}=${encodeURIComponent(value)}; Path=${path || '/'}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}
