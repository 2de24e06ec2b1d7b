// Table types for Kysely. Timestamps are RFC 3339 text (UTC, ms, Z) and booleans are 0/1
// integers on both dialects, so one codebase reads the same values from SQLite and PostgreSQL.
export type Role = 'owner' | 'manager' | 'member';
export const ROLES: Role[] = ['owner', 'manager', 'member'];

export interface TeamTable {
  id: string;
  name: string;
  licence: 'active' | 'inactive';
  request_limit: number;
  call_limit: number;
  team_cap: number | null;
  spend_limit_cents: number | null;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: string;
  team_id: string;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  active: number;
  consent: number;
  consent_at: string | null;
  paid: number;
  personal_pool: number | null;
  credits: number;
  locale: string;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyTable {
  id: string;
  team_id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface PipelineStageTable {
  team_id: string;
  key: string;
  label: string;
  position: number;
}

export interface CompanyTable {
  id: string;
  team_id: string;
  name: string;
  name_key: string;
  domain: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface ContactTable {
  id: string;
  team_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  job_title: string | null;
  company_id: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface DealTable {
  id: string;
  team_id: string;
  title: string;
  value_cents: number | null;
  currency: string;
  stage: string;
  status: 'open' | 'won' | 'lost';
  contact_id: string | null;
  company_id: string | null;
  owner_id: string;
  next_step: string | null;
  next_step_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DealStageHistoryTable {
  id: string;
  team_id: string;
  deal_id: string;
  from_stage: string; // the column allows null: entries made at creation before migration 010
  to_stage: string;
  changed_at: string;
  changed_by: string;
}

export interface TaskTable {
  id: string;
  team_id: string;
  title: string;
  due_at: string | null;
  done: number;
  done_at: string | null;
  deal_id: string | null;
  contact_id: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface ActivityTable {
  id: string;
  team_id: string;
  kind: 'note' | 'call' | 'email' | 'meeting' | 'whatsapp';
  body: string | null;
  occurred_at: string;
  deal_id: string | null;
  contact_id: string | null;
  company_id: string | null;
  call_id: string | null;
  owner_id: string;
  created_at: string;
}

export interface CallTable {
  id: string;
  team_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  language: 'de' | 'en';
  filename: string | null;
  deal_id: string | null;
  contact_id: string | null;
  owner_id: string;
  error: string | null;
  result: string | null;
  transcript: string;
  transcript_hash: string;
  external_id: string | null;
  rep_speaker: string | null;
  cost_cents: number;
  allowance: string | null;
  allowance_period: string | null;
  created_day: string;
  created_at: string;
  analysed_at: string | null;
  updated_at: string;
}

export interface JobTable {
  id: string;
  kind: string;
  payload: string;
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  failed_at: string | null;
  created_at: string;
}

export interface EventTable {
  id: string;
  team_id: string;
  event: string;
  entity_type: string;
  entity_id: string;
  data: string;
  /** No longer written: a webhook body is exactly {id, event, created_at, data} (public-api.md). */
  changed_fields: string | null;
  dispatched: number;
  created_at: string;
}

export interface WebhookTable {
  id: string;
  team_id: string;
  created_by: string;
  url: string;
  events: string;
  secret: string;
  paused: number;
  description: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface WebhookDeliveryTable {
  id: string;
  team_id: string;
  webhook_id: string;
  event_id: string | null;
  event: string;
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  locked_by: string | null;
  locked_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  webhook_id: string;
  team_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_snippet: string | null;
}

export interface UsageCounterTable {
  scope_id: string;
  period: string;
  kind: string;
  count: number;
}

export interface IdempotencyKeyTable {
  key_id: string;
  idem_key: string;
  team_id: string;
  method: string;
  path: string;
  body_hash: string;
  state: 'pending' | 'committed' | 'done';
  status_code: number | null;
  response_body: string | null;
  /** The row the committed change made or changed (set with `committed`), named by a retry whose answer was lost. */
  result_id: string | null;
  created_at: string;
}

export interface SessionTable {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

/** One-time hand-over from a form post to the next page of the same session (see web/handoff.service.ts). */
export interface SessionHandoffTable {
  id: string;
  session_id: string;
  kind: string;
  /** Encrypted with a key derived from the session's cookie token, which the database does not hold. */
  payload: string;
  expires_at: string;
}

export interface LoginAttemptTable {
  id: string;
  email: string;
  ip: string;
  attempted_at: string;
  success: number;
}

export interface Database {
  teams: TeamTable;
  users: UserTable;
  api_keys: ApiKeyTable;
  pipeline_stages: PipelineStageTable;
  companies: CompanyTable;
  contacts: ContactTable;
  deals: DealTable;
  deal_stage_history: DealStageHistoryTable;
  tasks: TaskTable;
  activities: ActivityTable;
  calls: CallTable;
  jobs: JobTable;
  events: EventTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  usage_counters: UsageCounterTable;
  idempotency_keys: IdempotencyKeyTable;
  sessions: SessionTable;
  session_handoffs: SessionHandoffTable;
  login_attempts: LoginAttemptTable;
}
