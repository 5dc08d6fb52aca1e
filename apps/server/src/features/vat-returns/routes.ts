import {
  addMarginStockItemBodySchema,
  createRecordBodySchema,
  errorCorrectionInputSchema,
  initiateReturnBodySchema,
  marginStockItemInputSchema,
  marginStockListQuerySchema,
  recordListQuerySchema,
  recordPageQuerySchema,
  returnNoteBodySchema,
  submitReturnBodySchema,
  updateDraftBodySchema,
  vatRecordInputSchema,
  vatSchemesBodySchema,
  vrnSchema,
} from '@vatwise/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountHolders, practiceMay, currentUser } from '../../plugins/access';
import type { FraudHeaderSource } from '../hmrc-connection';
import type { ImportService } from './imports/service';
import { importMultipartOptions, readImportUpload } from './imports/upload';
import { Readable } from 'node:stream';
import { auditCsv, auditPdf, pdfLinesPerBox } from './reports/audit-report';
import { receiptPdf } from './reports/receipt-pdf';
import { errorNotificationPdf } from './reports/error-notification-pdf';
import type { VatReturnService } from './service';
import type { VatSchemeService } from './schemes/service';
import type { MarginStockService } from './schemes/margin-stock-service';
import { AppError } from '../../plugins/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** 'vat-audit-123456789-2026-01-01-to-2026-03-31' */
const auditFileName = (header: { vrn: string; periodStart: string; periodEnd: string }) =>
  `vat-audit-${header.vrn}-${header.periodStart}-to-${header.periodEnd}`;

export interface VatReturnRouteOptions {
  service: VatReturnService;
  imports: ImportService;
  schemes: VatSchemeService;
  stockBook: MarginStockService;
  businessName: (ownerId: string, vrn: string) => Promise<string>;
  /** Each HMRC call made for a request carries the fraud prevention headers worked out from it. */
  fraud: FraudHeaderSource;
}

/** VAT returns (spec section 7's /initiate_vat_return, and the rest of the return's life). */
export async function vatReturnRoutes(
  app: FastifyInstance,
  { service, imports, schemes, stockBook, businessName, fraud }: VatReturnRouteOptions,
) {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Changing records, drafts and imports is for the roles that may (plugins/access.ts).
  const changes = practiceMay('changeRecords');
  // --- records -------------------------------------------------------------------------------

  api.get(
    '/vat_records',
    { config: accountHolders, schema: { querystring: recordListQuerySchema } },
    async (request) => {
      const { vrn, from, to } = request.query;
      return { records: await service.listRecords(currentUser(request), vrn, from, to) };
    },
  );

  api.post('/vat_records', { config: changes, schema: { body: createRecordBodySchema } }, async (request, reply) => {
    const { vrn, ...input } = request.body;
    return reply.code(201).send(await service.addRecord(currentUser(request), vrn, vatRecordInputSchema.parse(input)));
  });

  api.put(
    '/vat_records/:id',
    { config: changes, schema: { params: idParams, body: vatRecordInputSchema } },
    async (request) => {
      const { id } = request.params;
      return service.updateRecord(currentUser(request), id, request.body);
    },
  );

  api.delete('/vat_records/:id', { config: changes, schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    await service.deleteRecord(currentUser(request), id);
    return reply.code(204).send();
  });

  api.post('/vat_records/:id/restore', { config: changes, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    return service.restoreRecord(currentUser(request), id);
  });

  // --- the business's VAT schemes (cash accounting and the others, each from a date) -----------

  api.get(
    '/vat_schemes',
    { config: accountHolders, schema: { querystring: z.object({ vrn: vrnSchema }) } },
    async (request) => schemes.schemes(currentUser(request), request.query.vrn),
  );

  // The whole list at once: the spells are checked together (no overlap of one scheme's spells).
  api.put('/vat_schemes', { config: changes, schema: { body: vatSchemesBodySchema } }, async (request) =>
    schemes.setSchemes(currentUser(request), request.body.vrn, request.body.schemes),
  );

  // --- the margin scheme stock book (VAT Notice 718): the business's, not one return's ------------

  api.get(
    '/margin_stock_items',
    { config: accountHolders, schema: { querystring: marginStockListQuerySchema } },
    async (request) => {
      const { vrn, from, to } = request.query;
      return stockBook.list(currentUser(request), vrn, from && to ? { from, to } : undefined);
    },
  );

  api.post(
    '/margin_stock_items',
    { config: changes, schema: { body: addMarginStockItemBodySchema } },
    async (request, reply) => {
      const { vrn, ...input } = request.body;
      return reply.code(201).send(await stockBook.add(currentUser(request), vrn, input));
    },
  );

  api.put(
    '/margin_stock_items/:id',
    { config: changes, schema: { params: idParams, body: marginStockItemInputSchema } },
    async (request) => stockBook.update(currentUser(request), request.params.id, request.body),
  );

  api.delete('/margin_stock_items/:id', { config: changes, schema: { params: idParams } }, async (request, reply) => {
    await stockBook.delete(currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  api.post('/margin_stock_items/:id/restore', { config: changes, schema: { params: idParams } }, async (request) =>
    stockBook.restore(currentUser(request), request.params.id),
  );

  // --- returns -------------------------------------------------------------------------------

  api.post(
    '/initiate_vat_return',
    { config: changes, schema: { body: initiateReturnBodySchema } },
    async (request, reply) => {
      const body = request.body;
      const user = currentUser(request);
      const { draft, created } = await service.initiate(user, await fraud.forRequest(request, user), {
        vrn: body.user_vrn,
        userId: body.user_id === user.id ? undefined : body.user_id,
        periodKey: body.period_key,
        flatRateScheme: body.flat_rate_scheme,
        flatRatePercentage: body.flat_rate_percentage,
        flatRateSector: body.flat_rate_sector,
      });
      return reply.code(created ? 201 : 200).send(draft);
    },
  );

  api.get(
    '/vat_returns',
    { config: accountHolders, schema: { querystring: z.object({ vrn: vrnSchema }) } },
    async (request) => {
      const { vrn } = request.query;
      return { returns: await service.list(currentUser(request), vrn) };
    },
  );

  api.get('/vat_returns/:id', { config: accountHolders, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    return service.get(currentUser(request), id);
  });

  // A page of the return's records (sorted, searched, filtered by box): the Return page never loads them all.
  api.get(
    '/vat_returns/:id/records',
    { config: accountHolders, schema: { params: idParams, querystring: recordPageQuerySchema } },
    async (request) => {
      const { id } = request.params;
      return service.recordPage(currentUser(request), id, request.query);
    },
  );

  api.put(
    '/vat_returns/:id',
    { config: changes, schema: { params: idParams, body: updateDraftBodySchema } },
    async (request) => {
      const { id } = request.params;
      const { flatRate } = request.body;
      return service.updateFlatRate(currentUser(request), id, flatRate);
    },
  );

  api.delete('/vat_returns/:id', { config: changes, schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    await service.discard(currentUser(request), id);
    return reply.code(204).send();
  });

  api.post(
    '/vat_returns/:id/submit',
    { config: practiceMay('submit'), schema: { params: idParams, body: submitReturnBodySchema } },
    async (request) => {
      const { id } = request.params;
      const { idempotencyKey } = request.body;
      const user = currentUser(request);
      return service.submit(user, await fraud.forRequest(request, user), id, idempotencyKey);
    },
  );

  // A practice's review before filing: mark ready, approve (another member who may), reopen.
  // Reopening an approved return is checked in the service, which knows whether it is approved.
  const stepAction = { ready: 'markReady', approve: 'approve', reopen: 'read' } as const;
  for (const step of ['ready', 'approve', 'reopen'] as const) {
    const config = practiceMay(stepAction[step]);
    api.post(`/vat_returns/:id/${step}`, { config, schema: { params: idParams } }, async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      if (step === 'ready') return service.markReady(user, id);
      return step === 'approve' ? service.approve(user, id) : service.reopen(user, id);
    });
  }

  api.get('/vat_returns/:id/notes', { config: accountHolders, schema: { params: idParams } }, async (request) => ({
    notes: await service.notes(currentUser(request), request.params.id),
  }));

  api.post(
    '/vat_returns/:id/notes',
    { config: practiceMay('addNote'), schema: { params: idParams, body: returnNoteBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send({ notes: await service.addNote(currentUser(request), request.params.id, request.body.text) }),
  );

  api.post('/vat_returns/:id/settle', { config: accountHolders, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    const user = currentUser(request);
    return service.settleFor(user, await fraud.forRequest(request, user), id);
  });

  api.get(
    '/vat_returns/:id/receipt.pdf',
    { config: accountHolders, schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      const user = currentUser(request);
      const draft = await service.get(user, id);
      if (!draft.receipt) throw new AppError('RETURN_NOT_FOUND', 'This return has no receipt yet.');
      const pdf = await receiptPdf(draft.receipt, await businessName(user.workspaceId, draft.vrn));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="vat-receipt-${draft.vrn}-${draft.periodEnd}.pdf"`)
        .send(pdf);
    },
  );

  // --- errors found in earlier returns (VAT Notice 700/45) -------------------------------------

  api.get('/vat_returns/:id/error_corrections', { config: accountHolders, schema: { params: idParams } }, (request) =>
    service.errorCorrections(currentUser(request), request.params.id),
  );

  api.post(
    '/vat_returns/:id/error_corrections',
    { config: changes, schema: { params: idParams, body: errorCorrectionInputSchema } },
    async (request, reply) =>
      reply.code(201).send(await service.addErrorCorrection(currentUser(request), request.params.id, request.body)),
  );

  api.delete(
    '/vat_returns/:id/error_corrections/:correctionId',
    {
      config: changes,
      schema: { params: idParams.extend({ correctionId: z.string().min(1).max(64) }) },
    },
    (request) => service.removeErrorCorrection(currentUser(request), request.params.id, request.params.correctionId),
  );

  // Method 2: the separate notification's content (form VAT652) as a PDF to send or keep.
  api.get(
    '/vat_returns/:id/error-notification.pdf',
    { config: accountHolders, schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      const { notification } = await service.errorCorrections(currentUser(request), id);
      if (!notification) {
        throw new AppError('NOT_FOUND', 'The errors on this return need no separate notification.');
      }
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="vat-error-notification-${notification.vrn}-${notification.date}.pdf"`,
        )
        .send(await errorNotificationPdf(notification));
    },
  );

  // --- checks before filing and the audit report ----------------------------------------------

  // The boxes beside the previous period and the same period last year (HMRC's copy when we have none).
  api.get('/vat_returns/:id/comparison', { config: accountHolders, schema: { params: idParams } }, async (request) => {
    const user = currentUser(request);
    return service.comparison(user, await fraud.forRequest(request, user), request.params.id);
  });

  // Every box down to its records: streamed, so a period of 100,000 records is never held whole.
  api.get(
    '/vat_returns/:id/audit.csv',
    { config: accountHolders, schema: { params: idParams } },
    async (request, reply) => {
      const { header, lines } = await service.auditReport(currentUser(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditFileName(header)}.csv"`)
        .send(Readable.from(auditCsv(header, lines)));
    },
  );

  api.get(
    '/vat_returns/:id/audit.pdf',
    { config: accountHolders, schema: { params: idParams } },
    async (request, reply) => {
      const user = currentUser(request);
      const { header, lines } = await service.auditReport(user, request.params.id, pdfLinesPerBox);
      const pdf = await auditPdf(header, await businessName(user.workspaceId, header.vrn), lines);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${auditFileName(header)}.pdf"`)
        .send(pdf);
    },
  );

  // --- imports (bridging) --------------------------------------------------------------------

  // Files come as multipart/form-data (import/upload.ts), read as they stream.
  await app.register(multipart, importMultipartOptions);

  app.post('/vat_imports/preview', { config: changes }, async (request) => {
    return imports.preview(currentUser(request), await readImportUpload(request));
  });

  app.post('/vat_imports', { config: changes }, async (request, reply) => {
    const result = await imports.apply(currentUser(request), await readImportUpload(request));
    return reply.code(201).send(result);
  });

  api.get(
    '/vat_imports',
    { config: accountHolders, schema: { querystring: z.object({ draftId: z.string().min(1) }) } },
    async (request) => {
      const { draftId } = request.query;
      return { imports: await imports.list(currentUser(request), draftId) };
    },
  );
}
