// Pushing calls (POST /calls) and reading them. A push is checked, inserted, charged to an
// allowance and queued for analysis in one transaction that holds the team row lock, so the
// limits are exact under concurrency and across processes.
import { parseTranscript } from './analyzer/coach/parse/transcript.ts';
import { matchLabel } from './analyzer/coach/rep/find-rep.ts';
import { transcriptHash } from './transcript-hash.ts';
import type { Db, DialectName } from '../db/database.ts';
import type { CallTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { type Page, cursorKey, keysetPage } from '../common/pagination.ts';
import { AppError, notFound, validation } from '../errors/app-error.ts';
import { newId } from '../lib/ids.ts';
import { writeTransaction } from '../idempotency/idempotency-scope.ts';
import { nextUtcMidnight, utcDay } from '../lib/time.ts';
import { parseEmail } from '../contacts/contact.service.ts';
import type { LinkResolver } from '../deals/input.ts';
import type { AllowanceService } from '../limits/allowance.service.ts';
import { enqueueJob, notifyJobsEnqueued } from '../jobs/job.repository.ts';
import { CallRepository, type CallStatus } from './call.repository.ts';
import { CALL_STATUSES, toCallRow, type CallRow } from './call.row.ts';
import { cleanText, countOf, MAX_LENGTH } from '../common/text.ts';

export const MAX_TRANSCRIPT_CHARS = 500_000;
export const DUPLICATE_WINDOW_DAYS = 30;

export interface CallInput {
  transcript?: unknown;
  filename?: string | null;
  deal_id?: string | null;
  contact_id?: string | null;
  contact_email?: string | null;
  language?: string | null;
  external_id?: string | null;
  rep_speaker?: string | null;
}

export interface CallListQuery {
  contact_id?: string;
  deal_id?: string;
  status?: string;
  cursor?: string;
  limit?: string;
}

/** Characters as a reader counts them (code points), not UTF-16 units. */
function charCount(s: string): number {
  let pairs = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) pairs++;
  }
  return s.length - pairs;
}

interface ValidPush {
  transcript: string;
  language: 'de' | 'en';
  filename: string | null;
  dealId: string | null;
  contactId: string | null;
  contactEmail: string | null;
  externalId: string | null;
  repSpeaker: string | null;
}

/** Body validation: everything that does not need the database, before any limit is checked. */
function validatePush(input: CallInput): ValidPush {
  if (typeof input.transcript !== 'string') throw validation('transcript', 'transcript is required.');
  const transcript = input.transcript;
  if (!transcript.trim()) throw validation('transcript', 'transcript is empty; send the text of the call.');
  if (transcript.length > MAX_TRANSCRIPT_CHARS && charCount(transcript) > MAX_TRANSCRIPT_CHARS) {
    throw validation('transcript', `transcript is longer than ${MAX_TRANSCRIPT_CHARS.toLocaleString('en')} characters.`);
  }
  const language = input.language ?? 'de';
  if (language !== 'de' && language !== 'en') throw validation('language', 'language must be one of: de, en.');
  const contactId = input.contact_id?.trim() || null;
  const contactEmail = input.contact_email?.trim() ? parseEmail(input.contact_email, 'contact_email') : null;
  if (contactId && contactEmail) throw validation('contact_email', 'Send contact_id or contact_email, not both.');
  const externalId = input.external_id === undefined || input.external_id === null ? null : input.external_id.trim();
  if (externalId === '') throw validation('external_id', 'external_id must not be empty.');
  if (externalId && externalId.length > MAX_LENGTH.external_id) throw validation('external_id', `external_id must be at most ${MAX_LENGTH.external_id} characters.`);
  const repSpeaker = cleanText(input.rep_speaker, 'rep_speaker', MAX_LENGTH.rep_speaker) ?? null;
  if (repSpeaker !== null) checkRepSpeaker(transcript, repSpeaker);
  return {
    transcript, language, contactId, contactEmail, externalId,
    filename: cleanText(input.filename, 'filename', MAX_LENGTH.filename) ?? null,
    dealId: input.deal_id?.trim() || null,
    repSpeaker,
  };
}

/** rep_speaker must name a speaker of the transcript: its label, or all parts of one label's name. */
function checkRepSpeaker(transcript: string, repSpeaker: string): void {
  const labels = [...parseTranscript(transcript).labels.entries()];
  if (matchLabel(labels.map(([key]) => key), repSpeaker, true)) return;
  const named = labels.slice(0, 10).map(([, label]) => JSON.stringify(label)).join(', ');
  throw validation('rep_speaker', labels.length > 0
    ? `rep_speaker ${JSON.stringify(repSpeaker)} is not a speaker of the transcript; its speakers are ${named}${labels.length > 10 ? ', …' : ''}.`
    : `rep_speaker ${JSON.stringify(repSpeaker)} is not a speaker of the transcript; the transcript has no speaker labels.`);
}

export class CallService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly links: LinkResolver,
    private readonly allowances: AllowanceService,
  ) {}

  /**
   * Accepts a call for analysis (202). Checks, in the order of decisions.md: licence,
   * subscription, consent, daily call limit, daily spend, allowances (team_cap, personal_pool,
   * credits), then duplicates (same external_id, or same transcript within 30 days).
   */
  async push(actor: Actor, input: CallInput, now = new Date()): Promise<CallRow> {
    const v = validatePush(input);
    const hash = transcriptHash(v.transcript);
    const call = await writeTransaction(this.db, async (tx) => {
      const repo = new CallRepository(tx);
      const team = await repo.lockTeam(this.dialect, actor.teamId);
      if (!team) throw notFound('Team');
      // The licence comes first after the body checks (decisions.md order); the API guard leaves it to us.
      if (team.licence !== 'active') throw new AppError('licence_inactive', "The team's licence is not in force; nothing can be written.");
      const user = await repo.user(actor.teamId, actor.userId);
      if (!user) throw new AppError('invalid_key', 'The API key is unknown or has been revoked.');
      if (user.paid !== 1) {
        throw new AppError('subscription_required', 'The key owner may not use call analysis (the paid product); ask your team owner to enable it.');
      }
      if (user.consent !== 1) {
        throw new AppError('consent_required', 'The key owner has not accepted the privacy notice; accept it in the application, then push again.');
      }
      const day = utcDay(now);
      if ((await repo.countCreatedOn(team.id, day)) >= team.call_limit) {
        const retry = Math.max(1, nextUtcMidnight(now) - Math.floor(now.getTime() / 1000));
        throw new AppError('call_limit', team.call_limit === 0
          ? 'The team may push no calls (its daily call limit is 0).'
          : `The team has pushed ${countOf(team.call_limit, 'call')} today, its daily limit; it resets at 00:00 UTC.`, {}, { 'Retry-After': String(retry) });
      }
      await this.allowances.assertNotPaused(tx, team, now);
      const plan = await this.allowances.plan(tx, team, user, now);

      const sameExternal = v.externalId ? await repo.byExternalId(team.id, v.externalId) : undefined;
      if (sameExternal) throw new AppError('duplicate', 'A call with this external_id was pushed already.', { existing_id: sameExternal });
      const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 86400_000).toISOString();
      const sameContent = await repo.sameTranscriptSince(team.id, hash, since);
      if (sameContent) {
        throw new AppError('duplicate', `The same transcript was pushed within the last ${DUPLICATE_WINDOW_DAYS} days.`, { existing_id: sameContent });
      }

      const deal = v.dealId ? await this.links.deal(tx, actor, v.dealId) : null;
      const contact = await this.links.contact(tx, actor, { contact_id: v.contactId, contact_email: v.contactEmail });

      const at = now.toISOString();
      const call: CallTable = {
        id: newId('call'), team_id: team.id, status: 'queued', language: v.language, filename: v.filename,
        // A call on a deal without a contact belongs to the deal's contact too.
        deal_id: deal?.id ?? null, contact_id: contact?.id ?? deal?.contact_id ?? null, owner_id: actor.userId,
        error: null, result: null, transcript: v.transcript, transcript_hash: hash, external_id: v.externalId,
        rep_speaker: v.repSpeaker, cost_cents: 0, allowance: plan.source, allowance_period: plan.period,
        created_day: day, created_at: at, analysed_at: null, updated_at: at,
      };
      await repo.insert(call);
      await this.allowances.take(tx, team.id, user.id, plan);
      await enqueueJob(tx, 'call.analyze', { team_id: team.id, call_id: call.id });
      return call;
    });

    notifyJobsEnqueued();
    return toCallRow(call);
  }

  async get(actor: Actor, id: string): Promise<CallRow> {
    const row = await new CallRepository(this.db).visibleById(actor, id);
    if (!row) throw notFound('Call');
    return toCallRow(row);
  }

  /** The call's transcript, under the same visibility as the call (404 otherwise). */
  async transcript(actor: Actor, id: string): Promise<string> {
    const t = await new CallRepository(this.db).visibleTranscript(actor, id);
    if (t === undefined) throw notFound('Call');
    return t;
  }

  /**
   * The calls behind timeline activities the actor sees. An activity of kind call already carries
   * its call's scores and commitment, and activities follow their own visibility (a member sees
   * those on deals they own); the call itself, with its coaching, follows call visibility:
   * `canOpen` says whether the actor may open it.
   */
  async forTimeline(actor: Actor, ids: string[]): Promise<Map<string, { call: CallRow; canOpen: boolean }>> {
    const repo = new CallRepository(this.db);
    const unique = [...new Set(ids)];
    const [rows, open] = await Promise.all([repo.recordsByIds(actor.teamId, unique), repo.visibleIds(actor, unique)]);
    return new Map(rows.map((r) => [r.id, { call: toCallRow(r), canOpen: open.has(r.id) }]));
  }

  /** `ownerId` (one rep's calls) is for the application's coaching views; the API has no such filter. */
  async list(actor: Actor, query: CallListQuery, scope: { ownerId?: string } = {}): Promise<Page<CallRow>> {
    if (query.status && !(CALL_STATUSES as readonly string[]).includes(query.status)) {
      throw validation('status', `status must be one of: ${CALL_STATUSES.join(', ')}.`);
    }
    const f = { contactId: query.contact_id || undefined, dealId: query.deal_id || undefined, status: (query.status || undefined) as CallStatus | undefined, ownerId: scope.ownerId };
    const repo = new CallRepository(this.db);
    return keysetPage(cursorKey('calls', actor.teamId, f), query, (page) => repo.list(actor, { ...f, ...page }), () => repo.count(actor, f), toCallRow);
  }
}
