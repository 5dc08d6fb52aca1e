import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. better-auth creates and migrates its own tables (user, session,
 * account, verification, twoFactor); they are listed here with the columns our code reads.
 * Each of our migrations that adds a table adds its interface here.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

/** better-auth's user table, with our additional fields (features/auth/auth.ts). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: number | null;
  disabled: boolean | number | null;
  lastLoginAt: Date | string | null;
  twoFactorEnabled: boolean | number | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
  /** The practice the session works in (better-auth's organization plugin). */
  activeOrganizationId: string | null;
}

/** better-auth's organization plugin: a practice, its members and invitations. */
export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  createdAt: Date | string;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  /** Comma-separated roles (practiceRoleOf reads them). */
  role: string;
  createdAt: Date | string;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  expiresAt: Date | string;
  inviterId: string;
}

/** A practice's rules; a workspace without a row has the defaults (neither review nor two-factor sign-in asked). */
export interface PracticePolicyTable {
  workspace_id: string;
  require_review: number;
  require_two_factor: number;
  require_client_approval: number;
  updated_at: string;
}

/** A link sent to a client to approve a return (migration 0021): only the token's hash is kept. */
export interface ClientApprovalTable {
  id: string;
  owner_id: string;
  vrn: string;
  return_id: string;
  token_hash: string;
  sent_to: string | null;
  sent_by_id: string;
  sent_by_name: string;
  sent_at: string;
  expires_at: string;
  status: string;
  client_name: string | null;
  answered_at: string | null;
  question: string | null;
  boxes_fingerprint: string | null;
  boxes: string | null;
  client_ip: string | null;
  client_user_agent: string | null;
}

/** HMRC Assist's report on a draft's figures (migration 0024), its messages as JSON text. */
export interface AssistReportTable {
  id: string;
  owner_id: string;
  vrn: string;
  return_id: string;
  boxes_fingerprint: string;
  period_key: string;
  status: string;
  error: string | null;
  report_id: string | null;
  correlation_id: string | null;
  english: string;
  welsh: string;
  requested_at: string;
  requested_by_id: string;
  requested_by_name: string;
  presented_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by_id: string | null;
  acknowledged_by_name: string | null;
}

export interface ReturnNoteTable {
  id: string;
  owner_id: string;
  return_id: string;
  author_id: string;
  author_name: string;
  text: string;
  created_at: string;
}

/** An error found in an earlier return, kept with the return it was found in (VAT Notice 700/45). */
export interface ReturnErrorCorrectionTable {
  id: string;
  owner_id: string;
  return_id: string;
  /** The ErrorCorrectionInput as JSON. */
  data: string;
  created_by: string;
  created_at: string;
}

/** A business's audit trail: who connected, imported, changed, approved, submitted, when. */
/** A workspace's client (VRN): the address an invitation gave, and the member it is assigned to. */
export interface PracticeClientTable {
  workspace_id: string;
  vrn: string;
  email: string | null;
  assignee_id: string | null;
  assigned_at: string | null;
  updated_at: string;
}

export interface BusinessActivityTable {
  id: string;
  owner_id: string;
  vrn: string;
  at: string;
  actor_id: string;
  actor_name: string;
  kind: string;
  detail: string;
}

export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
  createdAt: Date | string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_id: string;
  target_email: string;
  detail: string;
}

/** When each user last proved a second factor: HMRC's Gov-Client-Multi-Factor header needs it. */
export interface UserMfaTable {
  user_id: string;
  method: string;
  verified_at: string;
}

/** A sandbox test user created through VAT Wise; its password is encrypted (hmrc-connection). */
export interface SandboxUserTable {
  hmrc_user_id: string;
  owner_id: string;
  user_type: string;
  password_enc: string;
  full_name: string;
  email_address: string;
  vrn: string | null;
  organisation_name: string | null;
  agent_arn: string | null;
  /** An Organisation's or Individual's VAT registration date (HMRC's known fact for agents). */
  registration_date: string | null;
  created_at: string;
}

/** The authority an HMRC user granted one of our users; tokens encrypted (AES-256-GCM). */
export interface HmrcConnectionTable {
  id: string;
  owner_id: string;
  hmrc_user_id: string;
  scope: string;
  access_token_enc: string;
  refresh_token_enc: string;
  access_expires_at: string;
  granted_at: string;
  grant_expires_at: string;
  refresh_failed_at: string | null;
  updated_at: string;
  /** The Agent Reference Number when the authority is a tax agent's. */
  agent_arn: string | null;
}

/** A tax agent's request for a client's authority, with what HMRC last said of it. */
export interface ClientRequestTable {
  id: string;
  owner_id: string;
  agent_user_id: string;
  arn: string;
  invitation_id: string;
  vrn: string;
  registration_date: string;
  client_name: string | null;
  /** HMRC's invitation status: Pending, Accepted, Rejected, Cancelled, Expired, Deauthorised. */
  status: string;
  client_action_url: string | null;
  expires_on: string | null;
  answered_at: string | null;
  created_at: string;
  checked_at: string;
}

/** What HMRC last said of a business, for the practice dashboard (standing as JSON). */
export interface BusinessSnapshotTable {
  owner_id: string;
  vrn: string;
  standing: string | null;
  read_at: string | null;
  problem: string | null;
  attempted_at: string;
}

/** An OAuth state in flight: bound to the user who asked, used once. */
export interface OauthStateTable {
  state_sha256: string;
  owner_id: string;
  hmrc_user_id: string | null;
  code_verifier_enc: string;
  expires_at: string;
  used_at: string | null;
  /** The ARN a tax agent granting by hand gave (real HMRC has no test user to read it from). */
  agent_arn: string | null;
}

/** A VAT-registered business (VRN) a user works on, and the HMRC user whose authority reaches it. */
export interface BusinessTable {
  id: string;
  owner_id: string;
  vrn: string;
  name: string;
  hmrc_user_id: string | null;
  last_used_at: string | null;
  created_at: string;
  /** Migration 0020: HMRC said the agent's authority for this client ended; when it last checked. */
  authority_ended_at?: string | null;
  authority_checked_at?: string | null;
}

/** A digital record (sale, purchase, adjustment or box total) as validated JSON. */
export interface VatRecordTable {
  id: string;
  owner_id: string;
  vrn: string;
  date: string;
  data: string;
  import_id: string | null;
  import_row: number | null;
  created_at: string;
  /** Set when the user deletes it; cleared by undo. */
  deleted_at: string | null;
  /** From the data (recordColumnsOf), for SQL: the box facts' key (boxGroupKey). */
  box_key: string;
  /** The net and VAT columns' amounts (recordAmounts); PostgreSQL bigint, written as numbers. */
  net_pence: number | null;
  vat_pence: number | null;
  description: string;
  /** Description and reason in lower case: what a search looks in. */
  search_text: string;
  /** The day it counts on under cash accounting (cashDateOf): paid on, or its date; null while unpaid. */
  cash_date: string | null;
}

/** A VAT scheme a business is on from a date (and until one), per workspace: one row per spell. */
export interface VatSchemeTable {
  owner_id: string;
  vrn: string;
  scheme: string;
  starts_on: string;
  ends_on: string | null;
}

/** A line of a business's margin scheme stock book (VAT Notice 718), per workspace. */
export interface MarginStockItemTable {
  id: string;
  owner_id: string;
  vrn: string;
  stock_number: string;
  description: string;
  purchase_date: string;
  /** Pence, VAT included; PostgreSQL bigint (may read back as a string), written as numbers. */
  purchase_price_pence: number | string;
  seller: string;
  sale_date: string | null;
  sale_price_pence: number | string | null;
  buyer: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the user deletes it; cleared by undo. */
  deleted_at: string | null;
}

/** A VAT return: draft, in flight, or submitted; with exactly what was sent. */
export interface VatReturnTable {
  id: string;
  owner_id: string;
  vrn: string;
  period_key: string;
  period_start: string;
  period_end: string;
  due: string;
  status: string;
  idempotency_key: string;
  flat_rate: string | null;
  last_error: string | null;
  sent_body: string | null;
  sent_boxes: string | null;
  sent_fraud_headers: string | null;
  sent_by: string | null;
  attempt_started_at: string | null;
  /** The practice's review: who marked it ready and who approved which boxes (JSON). */
  ready_by: string | null;
  ready_by_name: string | null;
  ready_at: string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  approved_at: string | null;
  approved_boxes: string | null;
  /** HMRC's own return for the period when it differs from ours: JSON { boxes, foundAt }. */
  hmrc_return: string | null;
  created_at: string;
  updated_at: string;
}

/** HMRC's receipt for a return; inserted once, never changed. */
export interface VatReceiptTable {
  return_id: string;
  owner_id: string;
  vrn: string;
  period_key: string;
  data: string;
  created_at: string;
}

/** An imported file: the digital link between a spreadsheet and a return. */
export interface VatImportTable {
  id: string;
  owner_id: string;
  vrn: string;
  return_id: string;
  kind: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  rows_used: string;
  imported_at: string;
}

export interface ImportMappingTable {
  owner_id: string;
  vrn: string;
  kind: string;
  mapping: string;
}

/** A saved conversation with the tax assistant. */
export interface ConversationTable {
  id: string;
  owner_id: string;
  title: string;
  llm: string;
  created_at: string;
  updated_at: string;
}

export interface ConversationMessageTable {
  id: string;
  conversation_id: string;
  role: string;
  content: string;
  sources: string;
  status: string;
  llm: string | null;
  created_at: string;
}

export interface AgentStateTable {
  agent_id: string;
  status: string;
  last_run_at: string | null;
  last_error: string | null;
  changed_by: string | null;
  updated_at: string;
}

export interface AgentLogTable {
  key: string;
  owner_id: string;
  agent_id: string;
  level: string;
  message: string;
  at: string;
}

export interface VatLogTable {
  key: string;
  owner_id: string;
  at: string;
  method: string;
  endpoint: string;
  status: number | null;
  duration_ms: number;
  correlation_id: string | null;
  vrn: string | null;
  failure: string | null;
}

export interface DeadlineAlertTable {
  owner_id: string;
  alert_key: string;
  sent_at: string;
  /** The warning's words, for the e-mail digest; null for warnings raised before it existed. */
  message: string | null;
}

/** The business a person last chose in a workspace (each member of a practice has their own). */
export interface CurrentBusinessTable {
  user_id: string;
  workspace_id: string;
  vrn: string;
  chosen_at: string;
}

/** Which subscriber's digest carried which warning, and when (each warning once per subscriber). */
export interface DigestDeliveryTable {
  user_id: string;
  owner_id: string;
  alert_key: string;
  mailed_at: string;
}

/** A user who asked for the daily e-mail digest, and since when. */
export interface DigestSubscriptionTable {
  user_id: string;
  since: string;
}

/** An instance serving this database, and when it last said so (migration 0014). */
export interface ServerInstanceTable {
  id: string;
  host: string;
  pid: number;
  shared: number;
  started_at: string;
  seen_at: string;
}

/** A notification for one person (migration 0022). */
export interface NotificationTable {
  id: string;
  user_id: string;
  owner_id: string;
  vrn: string;
  kind: string;
  business_name: string;
  actor_name: string;
  detail: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

/** A person's choice for one kind of notification (migration 0022); 0 or 1. */
export interface NotificationPreferenceTable {
  user_id: string;
  kind: string;
  in_app: number;
  email: number;
}

/** An Initiate payment journey a workspace started (migration 0025, docs/paying-hmrc.md). */
export interface PaymentJourneyTable {
  id: string;
  owner_id: string;
  vrn: string;
  /** HMRC's clientJourneyId. */
  journey_id: string;
  kind: string;
  reference: string;
  /** bigint: PostgreSQL's driver may give it back as text; the repository reads it as a number. */
  amount_pence: number | string;
  started_by_id: string;
  started_by_name: string;
  started_at: string;
  status: string;
  status_checked_at: string | null;
  paid_amount_pence: number | string | null;
  reconciled_at: string | null;
}

export interface Database {
  app_meta: AppMetaTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  audit_log: AuditLogTable;
  user_mfa: UserMfaTable;
  sandbox_user: SandboxUserTable;
  hmrc_connection: HmrcConnectionTable;
  oauth_state: OauthStateTable;
  business: BusinessTable;
  client_request: ClientRequestTable;
  business_snapshot: BusinessSnapshotTable;
  vat_record: VatRecordTable;
  vat_scheme: VatSchemeTable;
  margin_stock_item: MarginStockItemTable;
  vat_return: VatReturnTable;
  vat_receipt: VatReceiptTable;
  vat_import: VatImportTable;
  import_mapping: ImportMappingTable;
  conversation: ConversationTable;
  conversation_message: ConversationMessageTable;
  agent_state: AgentStateTable;
  server_instance: ServerInstanceTable;
  agent_log: AgentLogTable;
  vat_log: VatLogTable;
  deadline_alert: DeadlineAlertTable;
  digest_subscription: DigestSubscriptionTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  practice_policy: PracticePolicyTable;
  client_approval: ClientApprovalTable;
  assist_report: AssistReportTable;
  return_note: ReturnNoteTable;
  return_error_correction: ReturnErrorCorrectionTable;
  business_activity: BusinessActivityTable;
  practice_client: PracticeClientTable;
  digest_delivery: DigestDeliveryTable;
  current_business: CurrentBusinessTable;
  notification: NotificationTable;
  notification_preference: NotificationPreferenceTable;
  payment_journey: PaymentJourneyTable;
}
