// A form's problem in the interface language: the domain services answer in English for the API
// and name the field (`extra.field`); here the field becomes the form's label and the common
// cases get a sentence of their own. Anything else keeps the service's message.
import type { AppError } from '../errors/app-error.ts';
import type { MessageKey, Translate } from './i18n.ts';

/** The label a form shows for each field the services name in their errors. */
const LABELS: Record<string, MessageKey> = {
  email: 'field.email', contact_email: 'deals.contact_email', name: 'field.name', first_name: 'field.first_name',
  last_name: 'field.last_name', phone: 'field.phone', company: 'field.company', domain: 'field.domain', title: 'deals.title',
  value_eur: 'deals.value', value_cents: 'deals.value', stage: 'deals.stage', next_step: 'deals.next_step',
  next_step_at: 'deals.next_step_at', owner_id: 'field.owner', due_at: 'tasks.due_field', body: 'notes.body', kind: 'notes.kind',
  url: 'field.url', description: 'webhooks.description', events: 'webhooks.events', scopes: 'keys.scopes',
  password: 'field.password', role: 'field.role', user: 'members.user',
};

/** Where one field name means something else on a particular form (by route). */
const FORM_LABELS: Record<string, Record<string, MessageKey>> = {
  '/tasks': { title: 'tasks.title_field' },
  '/team/members': { password: 'members.initial_password' },
  '/team/password': { password: 'profile.new_password' },
  '/setup': { name: 'setup.team', owner_name: 'field.your_name' },
};

interface Rule {
  match: RegExp;
  key: MessageKey;
  /** Only for these fields. */
  fields?: string[];
  /** The sentence names the field's label (and falls back to the service's message without one). */
  label?: boolean;
}

// First match wins: the specific sentences before the general ones.
const RULES: Rule[] = [
  { match: /is not a valid email address/, key: 'err.email', label: true },
  { match: /already exists/, key: 'err.email_taken', fields: ['email'] },
  { match: /must not be negative/, key: 'err.amount_negative', label: true },
  { match: /is too large/, key: 'err.amount_too_large', label: true },
  { match: /is not an amount|must be a number|finite number|integer amount/, key: 'err.amount', label: true },
  { match: /is required|must not be empty|is empty|Give the key a name/, key: 'err.required', label: true },
  { match: /pipeline stage key/, key: 'err.stage' },
  { match: /^cursor is malformed/, key: 'err.cursor' },
  { match: /RFC 3339/, key: 'err.date', label: true },
  { match: /at least \d+ characters/, key: 'err.password_short' },
  { match: /longer than|at most \d+ characters|too long/, key: 'err.too_long', label: true },
  { match: /./, key: 'err.scopes', fields: ['scopes'] },
  { match: /either all events \("\*"\) or single events/, key: 'webhooks.events_mixed' },
  { match: /./, key: 'err.events', fields: ['events'] },
  { match: /./, key: 'err.url', fields: ['url'], label: true },
  { match: /at least one active owner/, key: 'err.last_owner' },
  { match: /cannot deactivate yourself/, key: 'err.self_deactivate' },
  { match: /own password on your profile/, key: 'err.own_password' },
  // Permissions (403): the services' sentences, in the interface language.
  { match: /open the Team page/, key: 'err.team_page' },
  { match: /switch the paid product/, key: 'err.paid_owner_only' },
  { match: /^Only owners can (add owners|grant or change the owner role|deactivate or reactivate owners)/, key: 'err.owner_role' },
  { match: /^Only owners and managers /, key: 'err.managers_only' },
];

/** What the webhook sender logged for an attempt, in the interface language (technical errors stay as they are). */
const ATTEMPT_ERRORS: Array<{ match: RegExp; key: MessageKey }> = [
  { match: /^HTTP status (\d+)$/, key: 'attempt.status' },
  { match: /^timeout after (\d+) ms$/, key: 'attempt.timeout' },
  { match: /^redirect not followed$/, key: 'attempt.redirect' },
  { match: /^interrupted: /, key: 'attempt.interrupted' },
  { match: /^webhook deleted$/, key: 'attempt.deleted' },
];

export function attemptErrorText(t: Translate, error: string): string {
  for (const { match, key } of ATTEMPT_ERRORS) {
    const m = match.exec(error);
    if (m) return t(key, { n: m[1] ?? '' });
  }
  return error;
}

export function formErrorText(t: Translate, err: AppError, route: string | undefined): string {
  const field = typeof err.extra.field === 'string' ? err.extra.field : '';
  const rule = RULES.find((r) => r.match.test(err.message) && (!r.fields || r.fields.includes(field)));
  if (!rule) return err.message;
  const labelKey = (route ? FORM_LABELS[route]?.[field] : undefined) ?? LABELS[field];
  if (rule.label && !labelKey) return err.message;
  const n = /at least (\d+) characters/.exec(err.message)?.[1] ?? '';
  // A refused URL keeps the specific reason (which host, which network) after the colon.
  return t(rule.key, { label: labelKey ? t(labelKey) : '', reason: rule.key === 'err.url' ? urlReasonText(t, err.message) : err.message, n });
}

/** Why a webhook URL was refused (url-guard.ts), in the interface language; the network named stays technical. */
const URL_REASONS: Array<{ match: RegExp; key: MessageKey }> = [
  { match: /^The URL is not valid\.$/, key: 'url.invalid' },
  { match: /^Only http and https URLs are accepted\.$/, key: 'url.http_https' },
  { match: /^Only https URLs are accepted\.$/, key: 'url.https' },
  { match: /^The URL must not contain a user name or password\.$/, key: 'url.userinfo' },
  { match: /^The URL has no host\.$/, key: 'url.no_host' },
  { match: /^The URL has port 0/, key: 'url.port0' },
  { match: /^The URL's host (\S+) is not allowed: (.+)\.$/, key: 'url.host_refused' },
  { match: /^The host name (\S+) does not resolve\.$/, key: 'url.no_resolve' },
  { match: /^The host name (\S+) resolves to something that isn't an IP address\.$/, key: 'url.not_ip' },
  { match: /^The host name (\S+) resolves to an address that is not allowed: (.+)\.$/, key: 'url.resolves_refused' },
];

function urlReasonText(t: Translate, reason: string): string {
  for (const { match, key } of URL_REASONS) {
    const m = match.exec(reason);
    if (m) return t(key, { host: m[1] ?? '', kind: m[2] ?? '' });
  }
  return reason;
}
