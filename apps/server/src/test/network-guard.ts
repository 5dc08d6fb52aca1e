import dns from 'node:dns';
import net from 'node:net';

/**
 * Keeps server tests on this machine: they use the embedded simulator, local stand-ins, PostgreSQL
 * and Redis, all on loopback, so a connection anywhere else is a test reaching the internet by
 * mistake. Every TCP connection (HTTP, TLS, database clients all go through net.Socket) and every
 * DNS lookup of another name throws instead.
 */

export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  if (net.isIPv6(name)) return name === '::1' || name === '0:0:0:0:0:0:0:1' || name.startsWith('::ffff:127.');
  return false;
}

/** The host a Socket#connect call is for; undefined for a local (IPC) socket path. */
function hostOf(args: unknown[]): string | undefined {
  // net.connect passes its already-normalised arguments as one array.
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: unknown; host?: unknown };
    if (typeof options.path === 'string') return undefined;
    return typeof options.host === 'string' && options.host !== '' ? options.host : 'localhost';
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return typeof second === 'string' ? second : 'localhost';
  }
  return undefined;
}

let installed = false;

/** Makes outbound connections to anything but loopback throw; `onRefused` hears each one. */
export function refuseNonLoopback(onRefused: (host: string) => void = () => undefined): void {
  if (installed) return;
  installed = true;
  const refuse = (host: string) => {
    onRefused(host);
    return new Error(`A server test tried to reach ${host}: tests may only connect to loopback (127.0.0.1, ::1).`);
  };

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const host = hostOf(args);
    if (host !== undefined && !isLoopback(host)) throw refuse(host);
    return (connect as (...rest: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;

  const lookup = dns.lookup;
  dns.lookup = function (this: unknown, hostname: string, ...rest: unknown[]) {
    if (!isLoopback(hostname)) throw refuse(hostname);
    return (lookup as (...all: unknown[]) => unknown).apply(this, [hostname, ...rest]);
  } as typeof dns.lookup;

  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = async function (this: unknown, hostname: string, ...rest: unknown[]) {
    if (!isLoopback(hostname)) throw refuse(hostname);
    return (lookupPromise as (...all: unknown[]) => Promise<unknown>).apply(this, [hostname, ...rest]);
  } as typeof dns.promises.lookup;
}
