// The call page of a 500,000-character call (the largest transcript RZ accepts): the server's
// time to answer GET /calls/{id} over HTTP, and the transcript view's own share of it.
import fs from 'node:fs';
import path from 'node:path';
import { analyzeTranscript } from '../src/calls/analyzer/coach/index.ts';
import { transcriptView } from '../src/web/transcript/view.ts';
import { translator } from '../src/web/i18n.ts';
import type { PageCtx } from '../src/web/context.ts';
import { buildLongTranscript } from '../eval/long-transcript.ts';
import { startTestServer } from '../test/helpers/server.ts';
import { makeTeam } from '../test/helpers/fixtures.ts';
import { emailOf, setPasswords, WebClient } from '../test/e2e/helpers.ts';
import { newId } from '../src/lib/ids.ts';
import type { Figure } from './background.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHARS = 500_000;
const ROUNDS = 15;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** A realistic transcript of whole lines, just under 500,000 characters. */
function longCall(): string {
  const corpus = path.join(ROOT, 'eval/corpus');
  const sources = fs.readdirSync(corpus).filter((f) => f.startsWith('de_sie') && f.endsWith('.txt')).map((f) => fs.readFileSync(path.join(corpus, f), 'utf8'));
  const text = buildLongTranscript(sources, 90_000).slice(0, CHARS);
  return text.slice(0, text.lastIndexOf('\n') + 1);
}

async function timed(n: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  await fn(); // warm up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

export async function callPageFigures(): Promise<Figure[]> {
  const transcript = longCall();
  const result = analyzeTranscript({ transcript, language: 'de' });
  const s = await startTestServer();
  try {
    const t = await makeTeam(s.services, s.api, 'Page');
    await setPasswords(s.services, [t.manager.userId]);
    const now = new Date().toISOString();
    // The analysed call as the worker stores it (the analysis itself is measured elsewhere).
    const id = newId('call');
    await s.services.handle.db.insertInto('calls').values({
      id, team_id: t.teamId, status: 'done', language: 'de', filename: 'long.txt', deal_id: null, contact_id: null, owner_id: t.member.userId,
      error: null, result: JSON.stringify(result), transcript, transcript_hash: `bench-${id}`, external_id: null, rep_speaker: null,
      cost_cents: 0, allowance: null, allowance_period: null, created_day: now.slice(0, 10), created_at: now, analysed_at: now, updated_at: now,
    }).execute();
    const web = new WebClient(s.baseUrl);
    await web.signIn(await emailOf(s.services, t.manager.userId));
    let bytes = 0;
    const page = await timed(ROUNDS, async () => {
      const r = await web.get(`/calls/${id}`);
      if (r.status !== 200) throw new Error(`call page answered ${r.status}`);
      bytes = r.text.length;
    });
    const ctx = { t: translator('de'), locale: 'de' } as unknown as PageCtx;
    const view = await timed(ROUNDS, () => transcriptView(ctx, transcript, result, 'de').transcript.value.length);
    return [
      { name: `call page, ${transcript.length.toLocaleString('en')}-char transcript: GET (median)`, value: median(page), unit: 'ms', target: { op: '<', value: 1000 } },
      { name: `  of it the transcript view (parse, marks, HTML; median)`, value: median(view), unit: 'ms' },
      { name: '  page size', value: bytes / 1024, unit: 'KiB' },
    ];
  } finally {
    await s.stop();
  }
}
