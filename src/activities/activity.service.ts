import type { Db } from '../db/database.ts';
import type { ActivityTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { type Page, cursorKey, keysetPage } from '../common/pagination.ts';
import { notFound, validation } from '../errors/app-error.ts';
import { newId } from '../lib/ids.ts';
import { writeTransaction } from '../idempotency/idempotency-scope.ts';
import { nowIso } from '../lib/time.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { insertRecordingEvent } from '../events/event.repository.ts';
import { optionalTimestamp, type LinkResolver } from '../deals/input.ts';
import { ActivityRepository } from './activity.repository.ts';
import { ACTIVITY_KINDS, toActivityRow, type ActivityRow } from './activity.row.ts';

export interface ActivityInput {
  kind?: unknown;
  body?: string | null;
  occurred_at?: string | null;
  deal_id?: string | null;
  contact_id?: string | null;
  company_id?: string | null;
  contact_email?: string | null;
}

export interface ActivityListQuery {
  deal_id?: string;
  contact_id?: string;
  company_id?: string;
  cursor?: string;
  limit?: string;
}

type Kind = (typeof ACTIVITY_KINDS)[number];

export class ActivityService {
  constructor(private readonly db: Db, private readonly links: LinkResolver) {}

  /**
   * Creates an activity owned by the key owner (activity.created). Links not given are filled
   * from the deal (its contact and company), then from the contact (its company), so the
   * activity shows on every timeline it belongs to.
   */
  async create(actor: Actor, input: ActivityInput): Promise<ActivityRow> {
    if (typeof input.kind !== 'string' || !(ACTIVITY_KINDS as readonly string[]).includes(input.kind)) {
      throw validation('kind', `kind must be one of: ${ACTIVITY_KINDS.join(', ')}.`);
    }
    const kind = input.kind as Kind;
    const linked = [input.deal_id, input.contact_id, input.company_id, input.contact_email].some((v) => typeof v === 'string' && v.trim() !== '');
    if (!linked) throw validation('deal_id', 'One of deal_id, contact_id, company_id or contact_email is required.');
    if (typeof input.body === 'string' && input.body.length > MAX_LENGTH.activity_body) throw validation('body', `body is longer than ${MAX_LENGTH.activity_body} characters.`);
    const occurredAt = optionalTimestamp(input.occurred_at, 'occurred_at');
    const row = await writeTransaction(this.db, async (tx) => {
      const deal = input.deal_id ? await this.links.deal(tx, actor, input.deal_id) : null;
      const contact = await this.links.contact(tx, actor, { contact_id: input.contact_id || undefined, contact_email: input.contact_email || undefined });
      let companyId: string | null = null;
      if (input.company_id) {
        const company = await this.links.companyById(tx, actor, input.company_id);
        if (!company) throw notFound('Company');
        companyId = company.id;
      }
      const contactId = contact?.id ?? deal?.contact_id ?? null;
      companyId ??= deal?.company_id ?? contact?.company_id ?? null;
      const now = nowIso();
      const activity: ActivityTable = {
        id: newId('activity'), team_id: actor.teamId, kind, body: input.body ?? null, occurred_at: occurredAt ?? now,
        deal_id: deal?.id ?? null, contact_id: contactId, company_id: companyId, call_id: null,
        owner_id: actor.userId, created_at: now,
      };
      await insertRecordingEvent(tx, 'activities', activity, actor.teamId, { event: 'activity.created', entityType: 'activity', entityId: activity.id, data: toActivityRow(activity) }, undefined, () => new ActivityRepository(tx).insert(activity));
      return activity;
    });
    return toActivityRow(row);
  }

  async get(actor: Actor, id: string): Promise<ActivityRow> {
    const row = await new ActivityRepository(this.db).visibleById(actor, id);
    if (!row) throw notFound('Activity');
    return toActivityRow(row);
  }

  async list(actor: Actor, query: ActivityListQuery): Promise<Page<ActivityRow>> {
    const f = { dealId: query.deal_id || undefined, contactId: query.contact_id || undefined, companyId: query.company_id || undefined };
    const repo = new ActivityRepository(this.db);
    return keysetPage(cursorKey('activities', actor.teamId, f), query, (page) => repo.list(actor, { ...f, ...page }), () => repo.count(actor, f), toActivityRow);
  }
}
