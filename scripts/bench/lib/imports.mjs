// Importing records at volume: a business connected through the embedded HMRC
// simulator, a draft for its open period, then CSV files of growing size previewed and recorded
// while another client keeps reading, and hostile files sent to the preview.
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';

/**
 * A signed-in client of one VAT Wise server (the Cookie header, our Origin on writes).
 * @param {string} baseUrl
 * @param {string} cookie
 */
export function apiClient(baseUrl, cookie) {
  /** @param {string} method @param {string} path @param {unknown} [body] */
  async function call(method, path, body) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) };
  }
  /** @param {string} path @param {FormData} form */
  async function postForm(path, form) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) };
  }
  return {
    /** @param {string} path */ get: (path) => call('GET', path),
    /** @param {string} path @param {unknown} body */ post: (path, body) => call('POST', path, body),
    postForm,
  };
}

/**
 * Signs in as the sandbox user on the simulator's pages and grants authority, following
 * redirects by hand (cookies kept) until the redirect back to /hmrc-callback.
 * @param {string} authorisationUrl
 * @param {{ userId: string, password: string }} credentials
 */
export async function signInAndGrant(authorisationUrl, credentials) {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const unescape = (/** @type {string} */ text) =>
    text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  const field = (/** @type {string} */ html, /** @type {string} */ name) =>
    unescape(new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '');
  /** @param {string} url @param {Record<string,string>} [form] */
  async function go(url, form) {
    let current = url;
    /** @type {RequestInit} */
    let init = form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
          body: new URLSearchParams(form).toString(),
        }
      : { headers: { cookie: cookieHeader() } };
    for (;;) {
      const response = await fetch(current, { ...init, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { url: current, html: await response.text() };
      current = new URL(location, current).toString();
      if (new URL(current).pathname === '/hmrc-callback') return { url: current, html: '' };
      init = { headers: { cookie: cookieHeader() } };
    }
  }
  // HMRC's start pages come before the sign-in form (the simulator's startPageLink).
  const startLink = (/** @type {string} */ html) =>
    /<a id="start-(?:continue|sign-in)"[^>]*href="([^"]+)"/.exec(html)?.[1];
  let signIn = await go(authorisationUrl);
  for (let link = startLink(signIn.html); link; link = startLink(signIn.html)) {
    signIn = await go(new URL(unescape(link), signIn.url).toString());
  }
  const grant = await go(signIn.url, {
    userId: credentials.userId,
    password: credentials.password,
    continue: field(signIn.html, 'continue'),
    csrfToken: field(signIn.html, 'csrfToken'),
  });
  const back = await go(grant.url, {
    auth_id: field(grant.html, 'auth_id'),
    state: field(grant.html, 'state'),
    csrfToken: field(grant.html, 'csrfToken'),
  });
  return new URL(back.url);
}

/**
 * A new Organisation test user whose authority VAT Wise now holds (create, sign in and grant on
 * the simulator's pages, exchange the code): its business is connected.
 * @param {{ get(path: string): Promise<any>, post(path: string, body?: unknown): Promise<any> }} client
 * @returns {Promise<{ userId: string, vrn: string | number }>}
 */
export async function connectBusiness(client) {
  const created = await client.post('/api/create_sandbox_user', { userType: 'Organisation' });
  if (created.status !== 201) throw new Error(`create_sandbox_user: ${created.status} ${created.text}`);
  const user = created.json();
  const { url } = (await client.get(`/api/get_auth_url?userId=${user.userId}`)).json();
  const callback = await signInAndGrant(url, user);
  const exchanged = await client.post('/api/exchange_code', {
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
    userId: user.userId,
  });
  if (exchanged.status !== 200) throw new Error(`exchange_code: ${exchanged.status} ${exchanged.text}`);
  return user;
}

/**
 * A connected Organisation business and a draft return for its overdue open period.
 * @param {ReturnType<typeof apiClient>} client
 */
export async function businessWithDraft(client) {
  const user = await connectBusiness(client);
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const obligations = (
    await client.get(`/api/vat/obligations?vrn=${user.vrn}&from=${from}&to=${today}&status=Open`)
  ).json();
  /** @type {{ periodKey: string, start: string, end: string, due: string } | undefined} */
  const period = obligations.obligations.find((/** @type {{ due: string }} */ o) => o.due < today);
  if (!period) throw new Error('no overdue open period in the simulated history');
  const draft = await client.post('/api/initiate_vat_return', {
    user_vrn: user.vrn,
    period_key: period.periodKey,
    flat_rate_scheme: false,
    flat_rate_percentage: null,
  });
  if (draft.status >= 300) throw new Error(`initiate_vat_return: ${draft.status} ${draft.text}`);
  return { vrn: String(user.vrn), draftId: String(draft.json().id), period };
}

/**
 * A CSV of `rows` sales spread over the period (a fifth of them credit notes).
 * @param {number} rows
 * @param {{ start: string, end: string }} period
 */
export function transactionsCsv(rows, period) {
  const first = Date.parse(`${period.start}T00:00:00Z`);
  const days = Math.round((Date.parse(`${period.end}T00:00:00Z`) - first) / 86_400_000) + 1;
  const lines = ['Date,Description,Net,VAT'];
  for (let index = 0; index < rows; index++) {
    const date = new Date(first + (index % days) * 86_400_000).toISOString().slice(0, 10);
    const net = (1_000 + ((index * 7_919) % 250_000)) * (index % 5 === 0 ? -1 : 1);
    lines.push(`${date},Takings ${index},${(net / 100).toFixed(2)},${(Math.round(net / 5) / 100).toFixed(2)}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * An import's form as the web app sends it (multipart/form-data: the fields, then the file).
 * @param {{ vrn: string, draftId: string }} target
 * @param {string} fileName
 * @param {Buffer} content
 */
export function importForm({ vrn, draftId }, fileName, content) {
  const form = new FormData();
  form.set('vrn', vrn);
  form.set('draftId', draftId);
  form.set('kind', 'transactions');
  form.set('file', new Blob([content]), fileName);
  return form;
}

/** A ZIP whose one part says it is 1,000 bytes but really inflates to `realBytes`. */
export function lyingZip(realBytes = 150 * 1024 * 1024) {
  const data = zlib.deflateRawSync(Buffer.alloc(realBytes, 0x20), { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1_000, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1_000, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/**
 * A small XLSX whose one cell, B2, unpacks to `bytes` characters (under the 100 MB unpacked
 * limit), held as a shared string: refused at the 32,767-character cell limit as it unpacks.
 * @param {number} [bytes]
 */
export function longCellXlsx(bytes = 95 * 1024 * 1024) {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  /** @type {Record<string, Buffer>} */
  const parts = {
    'xl/workbook.xml': Buffer.from(
      `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Records" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': Buffer.from(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': Buffer.from(
      `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row></sheetData></worksheet>`,
    ),
    'xl/sharedStrings.xml': Buffer.concat([
      Buffer.from(
        `<sst xmlns="${main}"><si><t>Date</t></si><si><t>Description</t></si><si><t>2026-04-01</t></si><si><t>`,
      ),
      Buffer.alloc(bytes, 'x'),
      Buffer.from('</t></si></sst>'),
    ]),
  };
  /** @type {Buffer[]} */
  const locals = [];
  /** @type {Buffer[]} */
  const centrals = [];
  let offset = 0;
  for (const [partName, raw] of Object.entries(parts)) {
    const data = zlib.deflateRawSync(raw, { level: 9 });
    const name = Buffer.from(partName);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(zlib.crc32(raw), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(zlib.crc32(raw), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const count = Object.keys(parts).length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(
    centrals.reduce((size, part) => size + part.length, 0),
    12,
  );
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * Runs `work` while another client reads GET /api/me every 20 ms; the reads' latencies. The reader
 * runs in a worker thread of its own, as another user's browser would: building and sending a
 * 20 MB upload in this thread must not show up as the server's latency.
 * @template T
 * @param {string} baseUrl
 * @param {string} cookie
 * @param {() => Promise<T>} work
 */
export async function whileReading(baseUrl, cookie, work) {
  const reader = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const times = [];
    let done = false;
    parentPort.once('message', () => (done = true));
    (async () => {
      // Untimed: a worker's first fetch loads and starts the HTTP client (100-300 ms), which
      // is no server's latency; with few reads it was the 99th percentile.
      await (await fetch(workerData.url, { headers: { cookie: workerData.cookie } })).arrayBuffer();
      parentPort.postMessage('ready');
      while (!done) {
        const started = performance.now();
        const response = await fetch(workerData.url, { headers: { cookie: workerData.cookie } });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      parentPort.postMessage(times);
    })();
    `,
    { eval: true, workerData: { url: `${baseUrl}/api/me`, cookie } },
  );
  /** @type {Promise<void>} */
  const ready = new Promise((resolve, reject) => {
    reader.once('message', () => resolve());
    reader.once('error', reject);
  });
  await ready;
  /** @type {Promise<number[]>} */
  const times = new Promise((resolve, reject) => {
    reader.once('message', resolve);
    reader.once('error', reject);
  });
  // A reader that fails is reported when its times are asked for, not as an unhandled rejection.
  times.catch(() => undefined);
  // The first timed read is under way before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 50));
  try {
    const result = await work();
    reader.postMessage('stop');
    return { result, reads: await times };
  } finally {
    await reader.terminate();
  }
}
