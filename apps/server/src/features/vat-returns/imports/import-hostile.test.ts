import zlib from 'node:zlib';
import { importLimits } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SessionClient } from '../../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../../test/test-app';
import { hostileXlsx, xlsxFile } from './test-fixtures';
import { businessWithOverduePeriod, importForm, startReturn } from '../test-journey';

/**
 * Hostile files sent to the import preview of a real server: each gets a message that says what
 * is wrong, and the server keeps answering others while it reads them (in a worker thread).
 */

let server: TestApp & { baseUrl: string };
let client: SessionClient;
let target: { vrn: string; draftId: string };
/** Someone else importing everyday files on the same server. */
let neighbour: { client: SessionClient; target: { vrn: string; draftId: string }; periodStart: string };

beforeAll(async () => {
  server = await createListeningTestApp();
  client = await registerUser(server.app, 'hostile@example.com', 'Hostile');
  const { vrn, period } = await businessWithOverduePeriod(client);
  const { draft } = await startReturn(client, vrn, period.periodKey);
  target = { vrn, draftId: draft.id };
  const neighbourClient = await registerUser(server.app, 'neighbour@example.com', 'Neighbour');
  const business = await businessWithOverduePeriod(neighbourClient);
  const started = await startReturn(neighbourClient, business.vrn, business.period.periodKey);
  neighbour = {
    client: neighbourClient,
    target: { vrn: business.vrn, draftId: started.draft.id },
    periodStart: business.period.start,
  };
});

afterAll(async () => {
  await server?.close();
});

/** A ZIP with one stored-as-deflated part whose headers say it is `declared` bytes. */
function zipWithLyingSizes(name: string, content: Buffer, declared: number): Buffer {
  const data = zlib.deflateRawSync(content, { level: 9 });
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42); // the local header is at the start
  const centralAt = local.length + fileName.length + data.length;
  const centralSize = central.length + fileName.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** Sends the file to the preview while asking for /api/health; both timed. */
async function previewWhileAskingHealth(fileName: string, content: Buffer) {
  const preview = client.postForm('/api/vat_imports/preview', importForm(target, fileName, content));
  // Give the preview a moment to be on its way, then time a health check beside it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  const health = await fetch(`${server.baseUrl}/api/health`);
  const healthMs = performance.now() - started;
  const response = await preview;
  return { response, healthStatus: health.status, healthMs };
}

const firstProblem = (response: Awaited<ReturnType<SessionClient['post']>>) =>
  (response.json() as { problems: { message: string }[] }).problems[0]?.message;

describe('hostile files', () => {
  it('a workbook whose parts lie about their size is refused as it unpacks', async () => {
    const bomb = zipWithLyingSizes(
      'xl/worksheets/sheet1.xml',
      Buffer.alloc(importLimits.maxUnpackedBytes + 1024, 0x20),
      1_000,
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { response, healthStatus, healthMs } = await previewWhileAskingHealth('bomb.xlsx', bomb);
    expect(response.statusCode).toBe(200);
    expect(firstProblem(response)).toBe(
      '"bomb.xlsx" unpacks to more than 100 MB, which is too large to import. Save the records as CSV, or split them into smaller workbooks',
    );
    expect(healthStatus).toBe(200);
    expect(healthMs).toBeLessThan(1000);
  });

  it('a row of 200,000 columns is refused, naming the limit', async () => {
    const header = Array.from({ length: 200_000 }, (_, index) => `c${index}`).join(',');
    const { response, healthMs } = await previewWhileAskingHealth('wide.csv', Buffer.from(`${header}\n`));
    expect(firstProblem(response)).toBe(
      'Row 1 has more than 1,000 columns (it reaches column ALM); VAT Wise reads at most 1,000. Delete the columns you do not need and save the file again',
    );
    expect(healthMs).toBeLessThan(1000);
  });

  it('a cell of 50 MB is refused, naming its row and column', async () => {
    const workbook = await xlsxFile([
      [{ value: 'Date' }, { value: 'Description' }, { value: 'Net' }, { value: 'VAT' }],
      [{ value: '2026-04-01' }, { value: 'x'.repeat(50 * 1024 * 1024) }, { value: 1 }, { value: 0.2 }],
    ]);
    const { response, healthMs } = await previewWhileAskingHealth('long.xlsx', workbook);
    expect(firstProblem(response)).toBe(
      'The cell in column B of row 2 holds more than 32,767 characters, which is more than a spreadsheet cell can: check that the file is the export you meant',
    );
    expect(healthMs).toBeLessThan(1000);
  });

  it('a file over the size limit is refused while it arrives, before it is read', async () => {
    const { response, healthMs } = await previewWhileAskingHealth(
      'huge.csv',
      Buffer.alloc(importLimits.maxFileBytes + 1, 'a'),
    );
    expect(firstProblem(response)).toBe(
      'The file is more than 20 MB; the largest file VAT Wise can import is 20 MB. Split it into smaller files (for example one per month) and import each',
    );
    expect(healthMs).toBeLessThan(1000);
  });

  it('a CSV with a quote never closed is refused, naming the line', async () => {
    const csv = 'Date,Description,Net,VAT\n2026-04-01,"Consulting,100.00,20.00\n2026-04-02,Books,10.00,0.00\n';
    const { response, healthMs } = await previewWhileAskingHealth('quotes.csv', Buffer.from(csv));
    expect(firstProblem(response)).toBe(
      'The file could not be read: the quote (") opened on line 2 is never closed. Close it, or write a quote inside a field as two quotes ("")',
    );
    expect(healthMs).toBeLessThan(1000);
  });
});

/** A file refused this quickly was stopped by a limit as it was read, not by the 30-second time limit. */
const wellUnderTheTimeLimit = 10_000;

const timed = <T>(work: Promise<T>) => {
  const started = performance.now();
  return work.then((result) => ({ result, ms: performance.now() - started }));
};

/** The neighbour's everyday file: one sale in their period. */
const everydayCsv = () => `Date,Description,Net,VAT\n${neighbour.periodStart},Consulting,100.00,20.00\n`;

const previewOf = (response: Awaited<ReturnType<SessionClient['post']>>) =>
  response.json() as {
    recordCount: number;
    problemCount: number;
    problems: { row: number | null; column: string | null; message: string }[];
  };

describe("hostile files beside another person's import", () => {
  /** The hostile file's preview and, started 20 ms after it, the neighbour's everyday one. */
  async function hostileBesideEveryday(fileName: string, content: Buffer) {
    const hostile = timed(client.postForm('/api/vat_imports/preview', importForm(target, fileName, content)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const everyday = timed(
      neighbour.client.postForm('/api/vat_imports/preview', importForm(neighbour.target, 'sales.csv', everydayCsv())),
    );
    return { hostile: await hostile, everyday: await everyday };
  }

  const cases = [
    {
      what: 'a cell of 95 MB (a shared string)',
      fileName: 'long.xlsx',
      content: () => hostileXlsx.longSharedString(),
      problem: {
        row: 2,
        column: 'B',
        message:
          'The cell in column B of row 2 holds more than 32,767 characters, which is more than a spreadsheet cell can: check that the file is the export you meant',
      },
    },
    {
      what: 'a cell of 95 MB (an inline string)',
      fileName: 'inline.xlsx',
      content: () => hostileXlsx.longInlineString(),
      problem: {
        row: 2,
        column: 'B',
        message:
          'The cell in column B of row 2 holds more than 32,767 characters, which is more than a spreadsheet cell can: check that the file is the export you meant',
      },
    },
    {
      what: 'a row of 2,000 columns',
      fileName: 'wide.xlsx',
      content: () => hostileXlsx.wide(2_000),
      problem: {
        row: 1,
        column: 'ALM',
        message:
          'Row 1 has more than 1,000 columns (it reaches column ALM); VAT Wise reads at most 1,000. Delete the columns you do not need and save the file again',
      },
    },
    {
      what: 'more rows than the limit',
      fileName: 'tall.xlsx',
      content: () => hostileXlsx.tall(importLimits.maxDataRows + 1),
      problem: {
        row: 150_002,
        column: null,
        message:
          'The file has more than 150,000 rows of records (record 150,001 is on row 150,002); VAT Wise imports at most 150,000 at a time. Split it into smaller files (for example one per month) and import each',
      },
    },
  ];

  for (const { what, fileName, content, problem } of cases) {
    it(`${what} is refused at the limit, naming it, its row and column, while another person's preview completes`, async () => {
      const file = content();
      expect(file.length).toBeLessThan(2 * 1024 * 1024);
      const { hostile, everyday } = await hostileBesideEveryday(fileName, file);
      expect(hostile.result.statusCode).toBe(200);
      expect(previewOf(hostile.result).problems).toEqual([problem]);
      expect(hostile.ms).toBeLessThan(wellUnderTheTimeLimit);
      expect(everyday.result.statusCode, everyday.result.body).toBe(200);
      expect(previewOf(everyday.result)).toMatchObject({ recordCount: 1, problemCount: 0 });
      expect(everyday.ms).toBeLessThan(wellUnderTheTimeLimit);
    });
  }

  it("one person's several files wait behind each other, not ahead of another person's", async () => {
    const lines = ['Date,Description,Net,VAT'];
    for (let index = 0; index < 100_000; index++) lines.push(`${neighbour.periodStart},Takings ${index},100.00,20.00`);
    const large = `${lines.join('\n')}\n`;
    const finished: string[] = [];
    const theirs = Array.from({ length: 4 }, (_, index) =>
      client
        .postForm('/api/vat_imports/preview', importForm(target, `takings-${index}.csv`, large))
        .then((response) => {
          finished.push(`takings-${index}.csv`);
          return response;
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const everyday = await neighbour.client.postForm(
      '/api/vat_imports/preview',
      importForm(neighbour.target, 'sales.csv', everydayCsv()),
    );
    finished.push('sales.csv');
    expect(previewOf(everyday)).toMatchObject({ recordCount: 1, problemCount: 0 });
    // The neighbour's file was read beside the first of the four, before the second was.
    expect(finished.indexOf('sales.csv')).toBeLessThanOrEqual(1);
    for (const response of await Promise.all(theirs)) {
      expect(response.statusCode).toBe(200);
      expect(previewOf(response).recordCount).toBe(100_000);
    }
  });
});

describe('broken uploads', () => {
  it('an upload that is not a complete multipart body is a 400 saying how to send it', async () => {
    const boundary = 'cut-short';
    const cutShort = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nDate,Net\r\n`;
    for (const [contentType, body] of [
      ['multipart/form-data', 'no boundary'],
      [`multipart/form-data; boundary=${boundary}`, cutShort],
    ] as const) {
      const response = await client.request({
        method: 'POST',
        url: '/api/vat_imports/preview',
        headers: { 'content-type': contentType },
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().message).toMatch(
        /^The upload is not a complete multipart\/form-data body .*Send the import as multipart\/form-data/,
      );
    }
  });
});
