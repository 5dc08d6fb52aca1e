import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unreviewed } from '../practice/api';
import type { ImportPreview, NineBoxes, ReturnDraft, VatRecord } from './api';
import { importPreviewSchema, returnDraftSchema, vatRecordListSchema } from './replies';

/** The server serialises a reply with z.encode: whatever it drops, the web app never sees. */
const sent = (schema: z.ZodType, value: unknown) => z.encode(schema, value as never);

const boxes: NineBoxes = { box1: 100, box2: 0, box3: 100, box4: 50, box5: 50, box6: 500, box7: 200, box8: 0, box9: 0 };
const own = { vrn: '123456789', createdAt: '2026-01-05T10:00:00.000Z' };

const records: VatRecord[] = [
  {
    ...own,
    id: 'r1',
    source: null,
    kind: 'sale',
    date: '2026-01-05',
    description: 'Widgets',
    netPence: 500,
    vatPence: 100,
    rate: 'standard',
    treatment: 'normal',
    paidOn: '2026-01-20',
  },
  {
    ...own,
    id: 'r2',
    source: { importId: 'i1', row: 2 },
    kind: 'adjustment',
    date: '2026-01-06',
    description: 'Bad debt',
    box: 4,
    amountPence: 50,
    adjustmentType: 'badDebtRelief',
    reason: 'Unpaid for six months',
  },
  {
    ...own,
    id: 'r3',
    source: null,
    kind: 'boxTotal',
    date: '2026-01-07',
    description: 'Box 6',
    box: 6,
    amountPence: 500,
  },
];

describe('reply schemas', () => {
  it('send each kind of record whole, and drop what is not part of a record', () => {
    expect(sent(vatRecordListSchema, { records })).toEqual({ records });
    const withExtra = { records: [{ ...records[0], deletedAt: null }] };
    expect(sent(vatRecordListSchema, withExtra)).toEqual({ records: [records[0]] });
  });

  it('send a return whole: its worked-out boxes, receipt, review and client approval', () => {
    const draft: ReturnDraft = {
      id: 'd1',
      vrn: '123456789',
      periodKey: '26A1',
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      due: '2026-05-07',
      status: 'submitted',
      idempotencyKey: '4b1e8e1c-4f5a-4d0e-9a3b-3f0c2d1e5a6b',
      flatRate: { sector: '012', rateTenths: 145, firstYearUntil: null, limitedCostTest: true },
      createdAt: own.createdAt,
      updatedAt: own.createdAt,
      lastError: { message: 'HMRC was unavailable', code: null, hmrcCodes: ['SERVER_ERROR'] },
      receipt: {
        vrn: '123456789',
        periodKey: '26A1',
        periodStart: '2026-01-01',
        periodEnd: '2026-03-31',
        boxes,
        processingDate: '2026-04-02T10:00:00.000Z',
        formBundleNumber: '123456789012',
        paymentIndicator: 'BANK',
        chargeRefNumber: null,
        correlationId: 'c1',
        receiptId: null,
        receiptTimestamp: null,
        fraudHeaders: { 'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER' },
        submittedAt: '2026-04-02T10:00:00.000Z',
        submittedBy: { id: 'u1', email: 'a@example.com', name: 'A', agentArn: null },
        confirmedBy: 'response',
        approvals: { preparedBy: { name: 'A', at: own.createdAt }, reviewedBy: null, client: null },
      },
      filedElsewhere: null,
      computed: {
        boxes,
        contributions: {
          box1: [{ recordId: 'r1', amountPence: 100, date: '2026-01-05', description: 'Widgets' }],
          box2: [],
          box3: [],
          box4: [{ recordId: 'r2', amountPence: 50 }],
          box5: [],
          box6: [],
          box7: [],
          box8: [],
          box9: [],
        },
        contributionCounts: { box1: 1, box2: 0, box3: 0, box4: 1, box5: 0, box6: 1, box7: 0, box8: 0, box9: 0 },
        problems: [{ box: 6, code: 'NOT_WHOLE_POUNDS', message: 'Box 6 is whole pounds' }],
        warnings: [{ code: 'FAR_APART', boxes: [1, 4], message: 'Far apart', params: { changePence: 100, from: 'x' } }],
        flatRate: null,
        cashAccounting: { invoicedFrom: '2025-01-01', unpaidRecords: 2, leavesOn: null, yearTurnoverPence: 10_000 },
      },
      review: unreviewed,
      clientApproval: {
        state: 'sent',
        sentAt: own.createdAt,
        sentBy: 'A',
        sentTo: null,
        expiresAt: own.createdAt,
        clientName: null,
        answeredAt: null,
        question: null,
        required: false,
      },
      schemes: ['cashAccounting'],
    };
    expect(sent(returnDraftSchema, draft)).toEqual(draft);
  });

  it('send an import preview with either mapping', () => {
    const preview: ImportPreview = {
      fileName: 'q1.csv',
      sizeBytes: 120,
      sha256: 'ab',
      columns: ['Box', 'Amount'],
      mapping: { box: 'Box', amount: 'Amount' },
      records: records.map(({ id: _id, vrn: _vrn, createdAt: _createdAt, source: _source, ...input }) => input),
      rows: [2, 3, 4],
      recordCount: 3,
      problems: [{ row: null, column: null, message: 'A note' }],
      problemCount: 1,
    };
    expect(sent(importPreviewSchema, preview)).toEqual(preview);
    const mapping = {
      date: 'Date',
      description: 'Description',
      net: 'Net',
      vat: 'VAT',
      kind: null,
      defaultKind: 'sale',
      rate: null,
      paidOn: 'Paid',
    } as const;
    expect(sent(importPreviewSchema, { ...preview, mapping })).toEqual({ ...preview, mapping });
  });
});
