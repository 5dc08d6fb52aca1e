// Child processes the benchmark starts, and the clean-up that ends every one of them when the
// benchmark exits, fails or is interrupted. Each child is the leader of its own process group
// (detached), so killing the group also ends anything it started itself.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {Set<number>} process groups started by others (Chrome through chrome-launcher) */
const extraGroups = new Set();
/** @type {Set<string>} */
const tempDirs = new Set();

/** @typedef {import('node:child_process').ChildProcess & { outputTail: () => string }} OwnedChild */

/**
 * Spawns a child the benchmark owns: killed, with its group, on exit. Keeps its last output lines.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {OwnedChild}
 */
export function spawnOwned(command, args, options = {}) {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  /** @type {string[]} */
  const tail = [];
  const keep = (/** @type {Buffer | string} */ chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => children.delete(child));
  return Object.assign(child, { outputTail: () => tail.join('\n') });
}

/**
 * Registers a process group started elsewhere (Chrome) so the clean-up ends it too.
 * @param {number | undefined} pid
 */
export function ownGroup(pid) {
  if (pid) extraGroups.add(pid);
}

/** @param {number | undefined} pid */
export function disownGroup(pid) {
  if (pid === undefined) return;
  extraGroups.delete(pid);
}

/**
 * @param {number | undefined} pid
 * @param {NodeJS.Signals} signal
 */
function killGroup(pid, signal) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Asks a child to stop (SIGTERM), waits up to `graceMs`, then kills its group.
 * @param {import('node:child_process').ChildProcess} child
 */
export async function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child.pid, 'SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs, 'timeout'));
  if ((await Promise.race([exited, timer])) === 'timeout') {
    killGroup(child.pid, 'SIGKILL');
    await exited;
  }
  children.delete(child);
}

/**
 * A fresh temporary folder, removed on exit.
 * @param {string} prefix
 */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vatwise-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

/** Synchronous, so it also works from the 'exit' event. */
export function killEverything() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) killGroup(child.pid, 'SIGKILL');
  }
  children.clear();
  for (const pid of extraGroups) killGroup(pid, 'SIGKILL');
  extraGroups.clear();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

let installed = false;
/** Ends every child on normal exit, on an uncaught error and on SIGINT/SIGTERM/SIGHUP. */
export function installCleanup() {
  if (installed) return;
  installed = true;
  process.on('exit', killEverything);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\nbench: ${signal}: stopping every child process`);
      killEverything();
      process.exit(130);
    });
  }
  process.on('uncaughtException', (error) => {
    console.error('bench: uncaught error:', error);
    killEverything();
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error('bench: unhandled rejection:', error);
    killEverything();
    process.exit(1);
  });
}

/**
 * A TCP port free on 127.0.0.1 right now.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * One GET; resolves with the status code (0 when the connection fails).
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<number>}
 */
export function getStatus(url, headers = {}, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const request = http.get(url, { headers, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
  });
}

/**
 * RSS of a process in bytes, from /proc/<pid>/status (VmRSS); undefined when gone.
 * @param {number | undefined} pid
 */
export function rssBytes(pid) {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Samples a process's RSS every `everyMs` until stopped; returns the peak.
 * @param {number | undefined} pid
 */
export function sampleRss(pid, everyMs = 200) {
  let peak = rssBytes(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid) ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssBytes(pid) ?? 0);
      return peak;
    },
  };
}

/**
 * Waits for a child's first IPC message of the given type, failing if it exits first.
 * @param {OwnedChild} child
 * @param {string} type
 * @returns {Promise<Record<string, string>>}
 */
export function waitForMessage(child, type, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no "${type}" message from child within ${timeoutMs} ms\n${child.outputTail?.() ?? ''}`));
    }, timeoutMs);
    const onMessage = (/** @type {Record<string, string> | undefined} */ message) => {
      if (message?.type === 'error') {
        cleanup();
        reject(new Error(`child failed: ${message.message}`));
      } else if (message?.type === type) {
        cleanup();
        resolve(message);
      }
    };
    const onExit = (/** @type {number | null} */ code, /** @type {string | null} */ signal) => {
      cleanup();
      reject(new Error(`child exited (${signal ?? code}) before "${type}"\n${child.outputTail?.() ?? ''}`));
    };
    function cleanup() {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {Array<number | undefined>} values
 * @returns {number | undefined}
 */
export function median(values) {
  const sorted = /** @type {number[]} */ (values.filter((v) => typeof v === 'number' && !Number.isNaN(v))).sort(
    (a, b) => a - b,
  );
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}
