import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../plugins/errors';
import { type PreviewPool, createPreviewPool } from './preview-pool';
import { csvFile, quarter } from './test-fixtures';

const input = (fileName: string) => ({
  kind: 'transactions' as const,
  fileName,
  content: csvFile(['Date,Description,Net,VAT', '2026-04-01,Consulting,100.00,20.00']),
  period: quarter,
});

describe('the pool of file readers', () => {
  let pool: PreviewPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('reads a file in a worker thread', async () => {
    pool = createPreviewPool({ threads: 1 });
    const parsed = await pool.read(input('sales.csv'));
    expect(parsed.problems).toEqual([]);
    expect(parsed.records).toHaveLength(1);
    expect(parsed.rows).toEqual([2]);
  });

  it('stops a read that takes too long and says so, importing nothing', async () => {
    pool = createPreviewPool({ threads: 1, readTimeoutMs: 1 });
    const parsed = await pool.read(input('slow.csv'));
    expect(parsed.records).toEqual([]);
    expect(parsed.problems[0]?.message).toBe(
      '"slow.csv" took longer than 1 second to read, so it was stopped and nothing was imported. Save the records as CSV, or split them into smaller files',
    );
  });

  it('stops a read that needs more memory than a worker has and says so', async () => {
    pool = createPreviewPool({ threads: 1, heapMb: 24 });
    const lines = ['Date,Description,Net,VAT'];
    for (let index = 0; index < 150_000; index++) lines.push(`2026-04-01,Takings ${index},100.00,20.00`);
    const parsed = await pool.read({ ...input('big.csv'), content: csvFile(lines) });
    expect(parsed.records).toEqual([]);
    expect(parsed.problems[0]?.message).toBe(
      '"big.csv" needs more memory to read than VAT Wise gives one file, so nothing was imported. Save the records as CSV, or split them into smaller files',
    );
  });

  it('asks callers beyond its queue to try again later', async () => {
    pool = createPreviewPool({ threads: 1, maxQueue: 1 });
    const reader = pool;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, (_, index) => reader.read(input(`f${index}.csv`))),
    );
    const refused = outcomes.filter(
      (outcome) =>
        outcome.status === 'rejected' && outcome.reason instanceof AppError && outcome.reason.code === 'IMPORTS_BUSY',
    );
    const read = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(refused.length).toBeGreaterThan(0);
    expect(read.length).toBeGreaterThan(0);
    expect(refused.length + read.length).toBe(4);
  });

  /** A file of `rows` sales that takes a worker a while to read. */
  const salesOf = (fileName: string, rows: number, requestedBy: string) => {
    const lines = ['Date,Description,Net,VAT'];
    for (let index = 0; index < rows; index++) lines.push(`2026-04-01,Takings ${index},100.00,20.00`);
    return { ...input(fileName), content: csvFile(lines), requestedBy };
  };

  it("reads one person's files one after another, and another person's beside them", async () => {
    pool = createPreviewPool({ threads: 2 });
    const reader = pool;
    const finished: string[] = [];
    const read = (file: ReturnType<typeof salesOf>) =>
      reader.read(file).then((parsed) => {
        finished.push(file.fileName);
        return parsed;
      });
    const theirs = ['a0.csv', 'a1.csv', 'a2.csv'].map((fileName) => read(salesOf(fileName, 50_000, 'person-a')));
    const mine = read(salesOf('b.csv', 1, 'person-b'));
    expect((await mine).problems).toEqual([]);
    expect((await Promise.all(theirs)).map((parsed) => parsed.recordCount)).toEqual([50_000, 50_000, 50_000]);
    // The second worker took b.csv rather than a1.csv, so it was done before a1.csv began.
    expect(finished.filter((fileName) => fileName !== 'b.csv')).toEqual(['a0.csv', 'a1.csv', 'a2.csv']);
    expect(finished.indexOf('b.csv')).toBeLessThan(finished.indexOf('a1.csv'));
  });

  it("refuses a person's file beyond their share of the queue, and still takes another person's", async () => {
    pool = createPreviewPool({ threads: 1, maxQueue: 4, maxQueuePerPerson: 2 });
    const reader = pool;
    const theirs = Array.from({ length: 4 }, (_, index) => reader.read(salesOf(`a${index}.csv`, 10_000, 'person-a')));
    const mine = reader.read(salesOf('b.csv', 1, 'person-b'));
    const outcomes = await Promise.allSettled(theirs);
    // One read at once, two waiting: the fourth is refused.
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(outcomes[3]).toMatchObject({ reason: { code: 'IMPORTS_BUSY' } });
    expect((await mine).recordCount).toBe(1);
  });
});
