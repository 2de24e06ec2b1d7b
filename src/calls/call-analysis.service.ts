// The background analysis of a pushed call (job kind call.analyze). Jobs are delivered at
// least once (a dead worker's job runs again), so every step is guarded by the call's status:
// a call is settled (done or failed) exactly once.
import type { Db, DialectName } from '../db/database.ts';
import type { ActivityTable, CallTable, DealTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { nextUtcMidnight, nowIso } from '../lib/time.ts';
import { eventsRecordedIn, notifyEventsCommitted, recordEvents, type RecordedEvent } from '../events/event.repository.ts';
import { toActivityRow } from '../activities/activity.row.ts';
import { ContactRepository } from '../contacts/contact.repository.ts';
import type { AllowanceService } from '../limits/allowance.service.ts';
import { RescheduleJob, RetryJobLater, type JobContext, type JobPayloads, type JobTask } from '../jobs/job-types.ts';
import { AnalysisError, AnalyzerUnavailableError, SCORE_DIMENSIONS, type AnalysisResult, type Analyzer } from './analyzer/types.ts';
import { CallRepository, type CallRecord } from './call.repository.ts';
import { toCallRow } from './call.row.ts';

type Payload = JobPayloads['call.analyze'];

/** While the spend limit holds, a queued analysis looks again this often (or at UTC midnight, if sooner). */
export const PAUSED_RECHECK_MS = 60_000;

const SCORE_LABELS = {
  en: { discovery: 'discovery', listening: 'listening', value: 'value', objection_handling: 'objection handling', next_step: 'next step' },
  de: { discovery: 'Bedarfsanalyse', listening: 'Zuhören', value: 'Nutzen', objection_handling: 'Einwandbehandlung', next_step: 'Nächster Schritt' },
} as const;

/** The body of the timeline activity: the scores line and the salesperson's commitment. */
export function activitySummary(result: AnalysisResult, language: 'de' | 'en', filename: string | null): string {
  const labels = SCORE_LABELS[language];
  const scores = SCORE_DIMENSIONS.map((d) => `${labels[d]} ${result.scores[d]}/5`).join(', ');
  const head = language === 'de' ? 'Gesprächsanalyse' : 'Call analysis';
  const commitment = language === 'de' ? 'Vorsatz' : 'Commitment';
  return `${head}${filename ? ` (${filename})` : ''}: ${scores}. ${commitment}: ${result.commitment}`;
}

export type AnalysisOutcome = 'done' | 'failed';

export class CallAnalysisService {
  /** Told once for each call this process settles (the metrics count them). */
  private readonly settledListeners = new Set<(outcome: AnalysisOutcome) => void>();

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly analyzer: Analyzer,
    private readonly allowances: AllowanceService,
  ) {}

  /** Subscribes to settled analyses; answers the unsubscribe. */
  onSettled(listener: (outcome: AnalysisOutcome) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private settled(outcome: AnalysisOutcome): void {
    for (const listener of this.settledListeners) listener(outcome);
  }

  /** The job task; `analyzer` replaces the configured one (tests). */
  task(analyzer: Analyzer = this.analyzer): JobTask<'call.analyze'> {
    return {
      run: (payload, ctx) => this.run(payload, ctx, analyzer),
      onFailed: (payload, error, ctx) => this.giveUp(payload, error, ctx),
    };
  }

  private async run(p: Payload, ctx: JobContext, analyzer: Analyzer): Promise<void> {
    const repo = new CallRepository(this.db);
    const call = await repo.byId(p.team_id, p.call_id);
    if (!call || call.status === 'done' || call.status === 'failed') return;
    const team = await repo.team(p.team_id);
    if (!team) return;
    const now = new Date();
    if (await this.allowances.isPaused(team, now)) {
      const runAt = new Date(Math.min(now.getTime() + PAUSED_RECHECK_MS, nextUtcMidnight(now) * 1000));
      throw new RescheduleJob(runAt, 'daily spend limit reached; analysis waits');
    }
    if (call.status === 'queued') await repo.updateUnsettled(call.team_id, call.id, { status: 'running', updated_at: nowIso() });
    const owner = await repo.user(call.team_id, call.owner_id);
    let outcome: Awaited<ReturnType<Analyzer['analyze']>>;
    try {
      outcome = await analyzer.analyze(
        { transcript: call.transcript, language: call.language, repSpeaker: call.rep_speaker, repName: owner?.name ?? null },
        { attempt: ctx.attempt, maxAttempts: ctx.maxAttempts },
      );
    } catch (err) {
      if (err instanceof AnalysisError) {
        await this.fail(call, err.message);
        return;
      }
      // The LLM endpoint is rate limited or down: the job comes back with backoff (and Retry-After).
      if (err instanceof AnalyzerUnavailableError) {
        // Answers read before the outage were paid for: they count into today's spend now.
        if (err.costCents > 0) await this.allowances.addSpend(this.db, call.team_id, err.costCents);
        throw new RetryJobLater(new Date(Date.now() + (err.retryAfterMs ?? 0)), err.message);
      }
      throw err; // retried with backoff by the job runner; giveUp() after the last attempt
    }
    await this.complete(call, outcome.result, outcome.costCents);
  }

  /**
   * One transaction: the result on the call, today's spend, a `call` activity on the contact's
   * and the deal's timeline, then activity.created and call_analysis.done.
   */
  private async complete(call: CallTable, result: AnalysisResult, costCents: number): Promise<void> {
    let recorded = false;
    const settled = await this.db.transaction().execute(async (tx) => {
      const repo = new CallRepository(tx);
      const current = await repo.lockById(this.dialect, call.team_id, call.id);
      if (!current || current.status === 'done' || current.status === 'failed') return false;
      const deal: DealTable | undefined = current.deal_id
        ? await repo.dealById(call.team_id, current.deal_id)
        : current.contact_id ? await repo.openDealOfContact(call.team_id, current.contact_id, current.owner_id) : undefined;
      const contactId = current.contact_id ?? deal?.contact_id ?? null;
      // The call row names the deal and contact whose timelines got the result, also when the
      // analysis chose them, so a dialer reads from the call (or call_analysis.done) where it went.
      const now = nowIso();
      const cost = Math.max(0, costCents);
      // The call row keeps whole cents (the column is an integer); the day's spend keeps the fractions.
      const settledFields = { status: 'done' as const, result: JSON.stringify(result), error: null, cost_cents: Math.round(cost), analysed_at: now, updated_at: now, deal_id: deal?.id ?? current.deal_id, contact_id: contactId };
      const done: CallRecord = { ...current, ...settledFields };
      if (!(await repo.updateUnsettled(call.team_id, call.id, settledFields))) return false;
      if (cost > 0) await this.allowances.addSpend(tx, call.team_id, cost);

      const events: RecordedEvent[] = [];
      if (contactId || deal) {
        const contact = contactId ? await new ContactRepository(tx).byId(call.team_id, contactId) : undefined;
        const activity: ActivityTable = {
          id: newId('activity'), team_id: call.team_id, kind: 'call', body: activitySummary(result, current.language, current.filename),
          occurred_at: current.created_at, deal_id: deal?.id ?? null, contact_id: contactId,
          company_id: deal?.company_id ?? contact?.company_id ?? null, call_id: current.id, owner_id: current.owner_id, created_at: now,
        };
        await tx.insertInto('activities').values(activity).execute();
        events.push({ event: 'activity.created', entityType: 'activity', entityId: activity.id, data: toActivityRow(activity) });
      }
      events.push({ event: 'call_analysis.done', entityType: 'call', entityId: current.id, data: toCallRow(done) });
      await recordEvents(tx, call.team_id, events);
      recorded = eventsRecordedIn(tx);
      return true;
    });
    if (settled) {
      // Only events a webhook can receive need the dispatcher (recordEvents).
      if (recorded) notifyEventsCommitted();
      this.settled('done');
    }
  }

  /**
   * The call ends `failed` with a message the user can act on, and its allowance unit is given
   * back in the same transaction. call_analysis.done tells subscribers it finished (status failed).
   */
  private async fail(call: Pick<CallTable, 'team_id' | 'id'>, message: string): Promise<void> {
    let recorded = false;
    const settled = await this.db.transaction().execute(async (tx) => {
      const repo = new CallRepository(tx);
      const current = await repo.lockById(this.dialect, call.team_id, call.id);
      if (!current || current.status === 'done' || current.status === 'failed') return false;
      const now = nowIso();
      if (!(await repo.updateUnsettled(call.team_id, call.id, { status: 'failed', error: message, updated_at: now }))) return false;
      await this.allowances.giveBack(tx, current);
      const failed: CallRecord = { ...current, status: 'failed', error: message, updated_at: now };
      await recordEvents(tx, call.team_id, [{ event: 'call_analysis.done', entityType: 'call', entityId: current.id, data: toCallRow(failed) }]);
      recorded = eventsRecordedIn(tx);
      return true;
    });
    if (settled) {
      if (recorded) notifyEventsCommitted();
      this.settled('failed');
    }
  }

  private async giveUp(p: Payload, _error: unknown, ctx: JobContext): Promise<void> {
    await this.fail({ team_id: p.team_id, id: p.call_id },
      `The analysis failed ${ctx.maxAttempts} times because of an internal error; the allowance unit was given back. Contact support with this call's id if it keeps happening.`);
  }
}
