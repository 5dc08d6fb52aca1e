import type { Migration } from 'kysely';
import * as appMeta from './0001_app_meta';
import * as auditAndMfa from './0002_audit_and_mfa';
import * as hmrcConnections from './0003_hmrc_connections';
import * as vatReturns from './0004_vat_returns';
import * as assistant from './0005_assistant';
import * as agents from './0006_agents';
import * as recordColumns from './0007_record_columns';
import * as filedElsewhere from './0008_filed_elsewhere';
import * as clientRequests from './0009_client_requests';
import * as businessSnapshots from './0010_business_snapshots';
import * as reminderDigest from './0011_reminder_digest';
import * as practices from './0012_practices';
import * as currentBusiness from './0013_current_business';
import * as serverInstance from './0014_server_instance';
import * as recordBoxesIndex from './0015_record_boxes_index';
import * as errorCorrections from './0016_error_corrections';
import * as vatSchemes from './0017_vat_schemes';
import * as marginStockBook from './0018_margin_stock_book';
import * as practiceTwoFactor from './0019_practice_two_factor';
import * as clientAuthority from './0020_client_authority';
import * as clientApproval from './0021_client_approval';
import * as notifications from './0022_notifications';
import * as practiceClients from './0023_practice_clients';
import * as assistReports from './0024_assist_reports';
import * as paymentJourneys from './0025_payment_journeys';

/** Every migration, in order. Names are fixed once released: Kysely records them. */
export const migrations: Record<string, Migration> = {
  '0001_app_meta': appMeta,
  '0002_audit_and_mfa': auditAndMfa,
  '0003_hmrc_connections': hmrcConnections,
  '0004_vat_returns': vatReturns,
  '0005_assistant': assistant,
  '0006_agents': agents,
  '0007_record_columns': recordColumns,
  '0008_filed_elsewhere': filedElsewhere,
  '0009_client_requests': clientRequests,
  '0010_business_snapshots': businessSnapshots,
  '0011_reminder_digest': reminderDigest,
  '0012_practices': practices,
  '0013_current_business': currentBusiness,
  '0014_server_instance': serverInstance,
  '0015_record_boxes_index': recordBoxesIndex,
  '0016_error_corrections': errorCorrections,
  '0017_vat_schemes': vatSchemes,
  '0018_margin_stock_book': marginStockBook,
  '0019_practice_two_factor': practiceTwoFactor,
  '0020_client_authority': clientAuthority,
  '0021_client_approval': clientApproval,
  '0022_notifications': notifications,
  '0023_practice_clients': practiceClients,
  '0024_assist_reports': assistReports,
  '0025_payment_journeys': paymentJourneys,
};
