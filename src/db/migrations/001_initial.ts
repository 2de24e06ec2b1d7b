import type { Kysely } from 'kysely';

// One schema for both dialects: text ids and timestamps, integer booleans, bigint money.
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('request_limit', 'integer', (c) => c.notNull().defaultTo(5000))
    .addColumn('call_limit', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('team_cap', 'integer')
    .addColumn('spend_limit_cents', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await s.createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consent_at', 'text')
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('personal_pool', 'integer')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('users_team_idx').on('users').columns(['team_id', 'id']).execute();

  await s.createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await s.createIndex('api_keys_team_idx').on('api_keys').columns(['team_id', 'id']).execute();

  await s.createTable('pipeline_stages')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pipeline_stages_pk', ['team_id', 'key'])
    .execute();

  await s.createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('domain', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('companies_team_name_key', ['team_id', 'name_key'])
    .execute();
  await s.createIndex('companies_team_idx').on('companies').columns(['team_id', 'id']).execute();

  await s.createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('job_title', 'text')
    .addColumn('company_id', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('contacts_team_email_key', ['team_id', 'email'])
    .execute();
  await s.createIndex('contacts_team_idx').on('contacts').columns(['team_id', 'id']).execute();
  await s.createIndex('contacts_company_idx').on('contacts').columns(['company_id']).execute();

  await s.createTable('deals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('value_cents', 'bigint')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text')
    .addColumn('company_id', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('next_step', 'text')
    .addColumn('next_step_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('deals_team_status_idx').on('deals').columns(['team_id', 'status', 'id']).execute();
  await s.createIndex('deals_team_owner_idx').on('deals').columns(['team_id', 'owner_id', 'status', 'id']).execute();
  await s.createIndex('deals_contact_idx').on('deals').columns(['contact_id', 'updated_at']).execute();
  await s.createIndex('deals_company_idx').on('deals').columns(['company_id']).execute();

  await s.createTable('deal_stage_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('deal_id', 'text', (c) => c.notNull())
    .addColumn('from_stage', 'text')
    .addColumn('to_stage', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('deal_stage_history_deal_idx').on('deal_stage_history').columns(['deal_id', 'id']).execute();

  await s.createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'text')
    .addColumn('deal_id', 'text')
    .addColumn('contact_id', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('tasks_team_idx').on('tasks').columns(['team_id', 'id']).execute();
  await s.createIndex('tasks_owner_idx').on('tasks').columns(['team_id', 'owner_id', 'id']).execute();
  await s.createIndex('tasks_deal_idx').on('tasks').columns(['deal_id']).execute();
  await s.createIndex('tasks_contact_idx').on('tasks').columns(['contact_id']).execute();

  await s.createTable('activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('deal_id', 'text')
    .addColumn('contact_id', 'text')
    .addColumn('company_id', 'text')
    .addColumn('call_id', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('activities_team_idx').on('activities').columns(['team_id', 'id']).execute();
  await s.createIndex('activities_deal_idx').on('activities').columns(['deal_id', 'id']).execute();
  await s.createIndex('activities_contact_idx').on('activities').columns(['contact_id', 'id']).execute();
  await s.createIndex('activities_company_idx').on('activities').columns(['company_id', 'id']).execute();

  await s.createTable('calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('filename', 'text')
    .addColumn('deal_id', 'text')
    .addColumn('contact_id', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addColumn('transcript', 'text', (c) => c.notNull())
    .addColumn('transcript_hash', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('rep_speaker', 'text')
    .addColumn('cost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allowance', 'text')
    .addColumn('allowance_period', 'text')
    .addColumn('created_day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('analysed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('calls_team_external_key', ['team_id', 'external_id'])
    .execute();
  await s.createIndex('calls_team_idx').on('calls').columns(['team_id', 'id']).execute();
  await s.createIndex('calls_owner_idx').on('calls').columns(['team_id', 'owner_id', 'id']).execute();
  await s.createIndex('calls_hash_idx').on('calls').columns(['team_id', 'transcript_hash']).execute();
  await s.createIndex('calls_day_idx').on('calls').columns(['team_id', 'created_day']).execute();

  await s.createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('jobs_run_idx').on('jobs').columns(['failed_at', 'run_at']).execute();

  await s.createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('changed_fields', 'text')
    .addColumn('dispatched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('events_team_idx').on('events').columns(['team_id', 'id']).execute();
  await s.createIndex('events_dispatch_idx').on('events').columns(['dispatched', 'id']).execute();

  await s.createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await s.createIndex('webhooks_team_idx').on('webhooks').columns(['team_id', 'id']).execute();

  await s.createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await s.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await s.createIndex('webhook_deliveries_hook_idx').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();

  await s.createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_snippet', 'text')
    .execute();
  await s.createIndex('webhook_attempts_delivery_idx').on('webhook_attempts').columns(['delivery_id', 'attempt']).execute();

  await s.createTable('usage_counters')
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['scope_id', 'period', 'kind'])
    .execute();

  await s.createTable('idempotency_keys')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['key_id', 'idem_key'])
    .execute();
  await s.createIndex('idempotency_keys_created_idx').on('idempotency_keys').columns(['created_at']).execute();

  await s.createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await s.createTable('login_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('login_attempts_email_idx').on('login_attempts').columns(['email', 'attempted_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
