import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import { fileReply } from '../../../plugins/reply-schemas';
import type { DraftService } from '../drafts/service';
import type { ErrorCorrectionService } from '../error-corrections/service';
import { idParams } from '../route-params';
import { auditCsv, auditPdf, pdfLinesPerBox } from './audit-report';
import { errorNotificationPdf } from './error-notification-pdf';
import { receiptPdf } from './receipt-pdf';
import type { ReportService } from './service';

/** 'vat-audit-123456789-2026-01-01-to-2026-03-31' */
const auditFileName = (header: { vrn: string; periodStart: string; periodEnd: string }) =>
  `vat-audit-${header.vrn}-${header.periodStart}-to-${header.periodEnd}`;

export interface ReportRouteOptions {
  drafts: DraftService;
  errorCorrections: ErrorCorrectionService;
  reports: ReportService;
  businessName: (ownerId: string, vrn: string) => Promise<string>;
}

/** A return's documents: its receipt, the separate notification of its errors, its audit report. */
export function reportRoutes(
  app: FastifyInstance,
  { drafts, errorCorrections, reports, businessName }: ReportRouteOptions,
): void {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const receipt = fileReply('The receipt of the filed return, as a PDF.', 'application/pdf');
  const notificationPdf = fileReply(
    'The separate notification of the errors (form VAT652), as a PDF.',
    'application/pdf',
  );
  const auditCsvFile = fileReply('Every box down to its records, as a CSV file.', 'text/csv');
  const auditPdfFile = fileReply('Every box down to its records, as a PDF.', 'application/pdf');

  api.get(
    '/vat_returns/:id/receipt.pdf',
    { config: accountHolders, schema: { params: idParams, response: { 200: receipt } } },
    async (request, reply) => {
      const { id } = request.params;
      const user = currentUser(request);
      const draft = await drafts.get(user, id);
      if (!draft.receipt) throw new AppError('RETURN_NOT_FOUND', 'This return has no receipt yet.');
      const pdf = await receiptPdf(
        draft.receipt,
        await businessName(user.workspaceId, draft.vrn),
        await reports.assistRecord(user, id, draft.receipt.boxes),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="vat-receipt-${draft.vrn}-${draft.periodEnd}.pdf"`)
        .send(pdf);
    },
  );

  // Method 2: the separate notification's content (form VAT652) as a PDF to send or keep.
  api.get(
    '/vat_returns/:id/error-notification.pdf',
    { config: accountHolders, schema: { params: idParams, response: { 200: notificationPdf } } },
    async (request, reply) => {
      const { id } = request.params;
      const { notification } = await errorCorrections.list(currentUser(request), id);
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

  // Every box down to its records: streamed, so a period of 100,000 records is never held whole.
  api.get(
    '/vat_returns/:id/audit.csv',
    { config: accountHolders, schema: { params: idParams, response: { 200: auditCsvFile } } },
    async (request, reply) => {
      const { header, lines } = await reports.auditReport(currentUser(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditFileName(header)}.csv"`)
        .send(Readable.from(auditCsv(header, lines)));
    },
  );

  api.get(
    '/vat_returns/:id/audit.pdf',
    { config: accountHolders, schema: { params: idParams, response: { 200: auditPdfFile } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { header, lines } = await reports.auditReport(user, request.params.id, pdfLinesPerBox);
      const pdf = await auditPdf(header, await businessName(user.workspaceId, header.vrn), lines);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${auditFileName(header)}.pdf"`)
        .send(pdf);
    },
  );
}
