// Shared by the call tests: transcripts, a user allowed to push calls, waiting for analyses.
import type { Services } from '../../src/services.ts';
import type { ApiClient } from '../helpers/client.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 180_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A short German discovery call; `tag` makes the content (and so its hash) unique. */
export function transcript(tag: string | number = ''): string {
  return [
    '[00:00:01] Anna: Guten Tag Herr Berg, hier ist Anna von Nordlicht Logistik. Passt es Ihnen gerade?',
    '[00:00:06] Kunde: Ja, kurz. Worum geht es?',
    '[00:00:09] Anna: Wie planen Sie heute Ihre Touren, und was kostet Sie das an Zeit?',
    '[00:00:15] Kunde: Ehrlich gesagt chaotisch. Wir verlieren jede Woche etwa zehn Stunden mit Excel.',
    '[00:00:24] Anna: Was bedeutet das für Ihre Fahrer und Ihre Kunden?',
    '[00:00:29] Kunde: Verspätungen. Zwei Kunden haben sich letzten Monat beschwert. Aber ehrlich, das ist uns wahrscheinlich zu teuer.',
    '[00:00:38] Anna: Verstehe. Wenn wir die zehn Stunden pro Woche halbieren, rechnet sich das in drei Monaten. Sollen wir das am Dienstag um 10 Uhr mit Ihrem Disponenten durchgehen?',
    `[00:00:49] Kunde: Gut, Dienstag um 10 passt. Referenz ${tag}.`,
  ].join('\n');
}

/** The paid product and the privacy notice: what every key owner needs before pushing calls. */
export async function enableCalls(services: Services, userId: string, extra: { personal_pool?: number | null; credits?: number } = {}): Promise<void> {
  await services.identity.updateUser(userId, { paid: true, consent: true, ...extra });
}

export async function waitForCall(client: ApiClient, id: string, statuses: string[] = ['done', 'failed']): Promise<any> {
  return waitFor(`call ${id} to be ${statuses.join(' or ')}`, async () => {
    const r = await client.get(`/calls/${id}`);
    return statuses.includes(r.body?.status) ? r.body : undefined;
  });
}
