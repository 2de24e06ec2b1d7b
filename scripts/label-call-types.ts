// Derives one call type per coach-annotated call from the annotation's title (English or German)
// and writes training/call-types/labels.jsonl, the data the call-type model learns from.
//   node --import tsx scripts/label-call-types.ts          write the labels
//   node --import tsx scripts/label-call-types.ts --show   also print each title's label
// The rules read the title only, never the transcript: the model must learn the transcript side
// itself. The types and the rules are documented in training/call-types/README.md.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallType } from '../src/calls/analyzer/coach/call-type/types.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CALL_TYPE_LABELS = join(ROOT, 'training/call-types/labels.jsonl');

/** Folders of annotated calls; eval/sealed is never read. One folder (or set) is one writer. */
function callDirs(): string[] {
  const evalDir = join(ROOT, 'eval');
  const train = readdirSync(evalDir).filter((d) => d.startsWith('train-calls')).sort();
  return ['corpus', 'dev', ...train].map((d) => join(evalDir, d));
}

/**
 * Title words per type. A title names the call type in its first words ("Renewal with an upsell",
 * "Demo einer …"), so the type whose word comes first wins; churn wins wherever it stands in the
 * head of the title, because "inbound cancellation" or "renewal with churn risk" is a save.
 */
const RULES: Array<[CallType, RegExp]> = [
  ['churn_save', /churn|cancel|kündig|win-?back|rückgewinn|downgrad|wants to leave/i],
  ['renewal', /renewal|verlängerung|renew\b/i],
  ['upsell', /upsell|up-sell|expansion|add-on|cross-sell|quartalsgespräch|check-in turning/i],
  ['negotiation', /negotiat|verhandlung|preisgespräch|proposal review|procurement|rahmenvertrag/i],
  ['demo', /\bdemo|präsentation|product tour|vorführung/i],
  ['inbound', /inbound|eingehend|anfrage|calls? (?:in|about an ad)|caller|callback on/i],
  ['cold_call', /cold|kaltakquise|gatekeeper|abgewimmelt|brush-?off|zentrale|empfang|trade-fair stand|referral call|partner recruitment/i],
  ['follow_up', /follow-?up|nachfass|nachfassen|nachtelefon|check-in|after a (?:site|home) (?:visit|inspection)|proposal|angebot|nachgespräch|trial conversion/i],
  ['discovery', /discovery|bedarfsanalyse|erstgespräch|analysegespräch|first call/i],
  // A call only to book or move a meeting: no type whose closing line would fit.
  ['other', /scheduling|terminierung|terminvereinbarung|terminabsprache|terminverschiebung|voicemail/i],
];

/** The title without a "Review 7 (03):" or "Coach review 5 (10):" prefix, cut to its head. */
export function titleHead(title: string): string {
  const t = title.replace(/^\s*(?:coach |outside )?review[^:]*:\s*/i, '');
  return t.slice(0, 90);
}

export function callTypeOfTitle(title: string): CallType {
  const head = titleHead(title);
  if (RULES[0][1].test(head.slice(0, 60))) return 'churn_save';
  let best: { type: CallType; at: number } | null = null;
  for (const [type, re] of RULES) {
    const at = head.search(re);
    if (at >= 0 && (!best || at < best.at)) best = { type, at };
  }
  return best?.type ?? 'other';
}

interface Row {
  file: string;
  folder: string;
  type: CallType;
}

function annotated(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out.push(...annotated(p));
    else if (['.txt', '.vtt', '.srt'].includes(extname(f)) && existsSync(p.slice(0, -extname(f).length) + '.json')) out.push(p);
  }
  return out;
}

/** The writer a call comes from: its train-calls folder, its dev set, or eval/dev's own calls, or the corpus. */
export function writerFolder(file: string): string {
  const parts = file.split('/');
  return parts[1] === 'dev' && parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
}

export function labelCalls(show = false): Row[] {
  const rows: Row[] = [];
  for (const dir of callDirs()) {
    for (const path of annotated(dir)) {
      const ann = JSON.parse(readFileSync(path.slice(0, -extname(path).length) + '.json', 'utf8')) as { title?: string };
      const file = relative(ROOT, path);
      const type = callTypeOfTitle(ann.title ?? '');
      if (show) console.log(`${type.padEnd(12)} ${file.padEnd(70)} ${titleHead(ann.title ?? '').slice(0, 70)}`);
      rows.push({ file, folder: writerFolder(file), type });
    }
  }
  return rows;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const rows = labelCalls(process.argv.includes('--show'));
  writeFileSync(CALL_TYPE_LABELS, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  console.log(`${rows.length} calls labelled: ${[...counts].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${n}`).join(', ')}`);
}
