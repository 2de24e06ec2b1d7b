// One wiring of the domain services, shared by the API server, the worker and the CLI.
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { IdentityService } from './identity/identity.service.ts';
import { CompanyService } from './companies/company.service.ts';
import { ContactService } from './contacts/contact.service.ts';
import { RequestLimitService } from './limits/request-limit.service.ts';
import { IdempotencyService } from './idempotency/idempotency.service.ts';
import { AllowanceService } from './limits/allowance.service.ts';
import { CallService } from './calls/call.service.ts';
import { CallAnalysisService } from './calls/call-analysis.service.ts';
import { CoachingTrendsService } from './calls/coaching-trends.service.ts';
import type { Analyzer } from './calls/analyzer/types.ts';
import { WebhookService } from './webhooks/webhook.service.ts';
import { EventService } from './events/event.service.ts';
import { TeamAdminService } from './identity/team-admin.service.ts';
import { SessionService } from './web/session.service.ts';
import { LinkResolver } from './deals/input.ts';
import { DealService } from './deals/deal.service.ts';
import { TaskService } from './tasks/task.service.ts';
import { ActivityService } from './activities/activity.service.ts';

export interface Services {
  config: Config;
  handle: DatabaseHandle;
  identity: IdentityService;
  companies: CompanyService;
  contacts: ContactService;
  requestLimits: RequestLimitService;
  idempotency: IdempotencyService;
  allowances: AllowanceService;
  calls: CallService;
  /** The background analysis of pushed calls (job kind call.analyze). */
  callAnalysis: CallAnalysisService;
  /** Coaching over time: weekly averages, the team's spread, recurring misses. */
  coachingTrends: CoachingTrendsService;
  webhooks: WebhookService;
  events: EventService;
  deals: DealService;
  tasks: TaskService;
  activities: ActivityService;
  /** Application sign-in sessions and the Team page's rules. */
  sessions: SessionService;
  teamAdmin: TeamAdminService;
  /** Starts loading the call analyzer, so the first analysis does not wait for it (background work calls it). */
  preloadAnalyzer(): void;
}

export function createServices(config: Config, handle: DatabaseHandle): Services {
  const db = handle.db;
  const identity = new IdentityService(db, handle.dialect);
  const companies = new CompanyService(db);
  const contacts = new ContactService(db, companies);
  const sessions = new SessionService(db, handle.dialect);
  const links = new LinkResolver(contacts, companies);
  const allowances = new AllowanceService(db);
  const analyzer = lazyAnalyzer(config);
  return {
    config,
    handle,
    identity,
    companies,
    contacts,
    requestLimits: new RequestLimitService(db),
    idempotency: new IdempotencyService(db),
    allowances,
    calls: new CallService(db, handle.dialect, links, allowances),
    callAnalysis: new CallAnalysisService(db, handle.dialect, analyzer, allowances),
    coachingTrends: new CoachingTrendsService(db, handle.dialect),
    webhooks: new WebhookService(db, config),
    events: new EventService(db),
    sessions,
    teamAdmin: new TeamAdminService(db, identity, (userId) => sessions.endSessionsOf(userId)),
    deals: new DealService(db, links),
    tasks: new TaskService(db, links),
    activities: new ActivityService(db, links),
    preloadAnalyzer: () => analyzer.preload(),
  };
}

/**
 * The analyzer (the analysis modules, or the OpenAI client of the LLM analyzer) loads when
 * background work starts (`preload`, after `rz serve` listens) or on the first analysis: CLI
 * commands and the time `rz serve` takes to answer do not pay for loading it.
 */
function lazyAnalyzer(config: Config): Analyzer & { preload(): void } {
  let analyzer: Promise<Analyzer> | undefined;
  const load = () => (analyzer ??= import('./calls/analyzer/factory.ts').then((m) => m.createAnalyzer(config)));
  return {
    async analyze(input) {
      return (await load()).analyze(input);
    },
    preload() {
      load().catch(() => undefined); // a load error surfaces on the first analysis
    },
  };
}
