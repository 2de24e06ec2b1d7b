// Transcript parsing: plain "Name: text" lines (with optional timestamps before or after the
// name), WebVTT and SRT cues, and unlabelled text.
//
// Every segment's `text` is an exact substring of the transcript (labels, timestamps and
// markup removed, never rewritten), so quotes taken from segments are verbatim.

export type TranscriptFormat = 'labelled' | 'webvtt' | 'srt' | 'unlabelled';

export interface Segment {
  /** Speaker key (lower-cased, whitespace-normalised label). */
  key: string;
  /** Verbatim text of this piece. */
  text: string;
  start: number | null;
  end: number | null;
}

export interface ParsedTranscript {
  format: TranscriptFormat;
  segments: Segment[];
  /** Speaker key -> label as first written in the transcript. */
  labels: Map<string, string>;
  hasTimestamps: boolean;
  /** Machine-readable notes: no_speaker_labels, alternating_speakers_assumed, single_speaker_assumed. */
  notes: string[];
}

const TS = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;
// Up to 100 characters: dialers write a name with the company (and a team) in brackets or after a dash.
const NAME = String.raw`[\p{L}][\p{L}\p{M}\p{N}.,'’&()\/ _–-]{0,99}?`;
// [ts] Name: text   |   ts - Name: text
const TS_NAME_RE = new RegExp(String.raw`^\s*[\[(]?(${TS})[\])]?\s*[-–|]?\s*\**(${NAME})\**\s*[:：]\**\s*(.*)$`, 'u');
// Name [ts]: text   |   Name (ts) text
const NAME_BTS_RE = new RegExp(String.raw`^\s*\**(${NAME})\**\s*[\[(](${TS})[\])]\s*[:：-]?\**\s*(.*)$`, 'u');
// Name ts   (the text follows on the next lines, as in Otter/Teams exports) or Name ts: text
const NAME_TS_RE = new RegExp(String.raw`^\s*\**(${NAME})\**\s+(${TS})\s*(?:[:：]\s*(.*))?$`, 'u');
// Name: text
const NAME_RE = new RegExp(String.raw`^\s*\**(${NAME})\**\s*[:：]\**\s*(.*)$`, 'u');
// [ts] text (no name)
const TS_ONLY_RE = new RegExp(String.raw`^\s*[\[(]?(${TS})[\])]?(?:\s*[-–:|]\s*|\s+|$)(.*)$`, 'u');
const LEADING_TS_RE = new RegExp(String.raw`^[\[(]?(${TS})[\])]?\s+`, 'u');
const TIMING_RE = new RegExp(String.raw`^\s*(${TS})\s*-->\s*(${TS})`, 'u');
const VOICE_RE = /^\s*<v(?:\.[^\s>]*)?(?:\s+([^>]*))?>/u;
// `[^<>]`, not `[^>]`: on a line of `<` without `>` each `<` would scan to the line's end (quadratic).
const TAG_RE = /<[^<>]*>/g;

const LABEL_BLOCKLIST = new Set([
  'http', 'https', 'mailto', 'tel', 'fax', 'ftp', 'www', 're', 'aw', 'fw', 'wg', 'note', 'notes', 'hinweis',
  'ps', 'pps', 'betreff', 'subject', 'datum', 'date', 'uhrzeit', 'time', 'teilnehmer', 'participants', 'attendees',
  'agenda', 'thema', 'topic', 'titel', 'title', 'ort', 'location', 'dauer', 'duration', 'transcript', 'transkript',
  'uhr',
]);
/** Words that introduce a section or a list inside spoken text, not a speaker. */
const SECTION_WORDS = new Set([
  'wichtig', 'frage', 'antwort', 'beispiel', 'zum beispiel', 'fazit', 'ergebnis', 'nächster schritt', 'nächste schritte',
  'next step', 'next steps', 'summary', 'zusammenfassung', 'action items', 'todo', 'to do', 'question', 'answer',
  'example', 'important', 'update', 'info', 'tipp', 'achtung', 'also', 'und', 'aber', 'but', 'so', 'ja', 'nein', 'yes',
  'no', 'okay', 'ok', 'genau', 'problem', 'punkt', 'point', 'ziel', 'goal', 'preis', 'price', 'kosten', 'cost', 'costs',
]);

export function parseTimestamp(ts: string): number {
  const parts = ts.replace(',', '.').split(':');
  let s = 0;
  for (const p of parts) s = s * 60 + Number(p);
  return s;
}

export function labelKey(label: string): string {
  return label.replace(/\s+/g, ' ').trim().toLowerCase();
}

const NAME_COMMA_COMPANY_RE = /^\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*){0,3}, [\p{Lu}\p{N}]/u;

function plausibleLabel(name: string): boolean {
  const n = name.trim();
  if (n.length === 0 || n.length > 100) return false;
  const tokens = n.split(/\s+/);
  // "Anna Weber (Lumen GmbH)", "Mark Ellis - Harbor Freight Solutions", "Gareth Price, Coldline
  // Leasing": a name plus its company. After a comma only where the name before it is capitalised
  // words and the company starts with a capital ("Ja, genau" is speech).
  const withCompany = /[()]|\s[-–]\s/.test(n) || NAME_COMMA_COMPANY_RE.test(n);
  if (tokens.length > (withCompany ? 14 : 4)) return false;
  // A comma belongs to a company name in brackets, never to a plain label ("Ja, genau: …" is speech).
  if (n.includes(',') && !withCompany) return false;
  if (LABEL_BLOCKLIST.has(tokens[0].toLowerCase().replace(/[^\p{L}]/gu, ''))) return false;
  if (/^[\p{N}\s.:]+$/u.test(n)) return false;
  return true;
}

function isCapitalised(name: string): boolean {
  const c = name.trim()[0];
  return c !== undefined && c === c.toUpperCase() && c !== c.toLowerCase();
}

interface RawLine {
  /** Label as written (trimmed), or null. */
  label: string | null;
  voice: boolean;
  /** Text after the label (verbatim) when the label is accepted. */
  text: string;
  /** Text when the label is NOT accepted (the line content without the leading timestamp). */
  rawText: string;
  start: number | null;
  end: number | null;
  /** The line started a new cue (WebVTT/SRT) or carried its own timestamp. */
  timed: boolean;
  /** The label came from a weak pattern ("Name 10:30" without brackets): needs repetition. */
  weak?: boolean;
  /** Plain text lines only: the line as written, its number, and the line break after it. */
  line?: { text: string; no: number; eol: string };
}

function parseLabelled(line: string, start: number | null, end: number | null): RawLine {
  const trimmed = line.trim();
  let m = TS_NAME_RE.exec(line);
  if (m && plausibleLabel(m[2])) {
    return { label: m[2].trim(), voice: false, text: m[3].trim(), rawText: trimmed.replace(LEADING_TS_RE, ''), start: parseTimestamp(m[1]), end, timed: true };
  }
  m = NAME_BTS_RE.exec(line);
  if (m && plausibleLabel(m[1])) {
    return { label: m[1].trim(), voice: false, text: m[3].trim(), rawText: trimmed, start: parseTimestamp(m[2]), end, timed: true };
  }
  m = NAME_TS_RE.exec(line);
  if (m && plausibleLabel(m[1])) {
    return { label: m[1].trim(), voice: false, text: (m[3] ?? '').trim(), rawText: trimmed, start: parseTimestamp(m[2]), end, timed: true, weak: true };
  }
  m = NAME_RE.exec(line);
  if (m && plausibleLabel(m[1]) && !m[2].startsWith('//')) {
    let text = m[2].trim();
    let s = start;
    const lt = LEADING_TS_RE.exec(text);
    if (lt) {
      s = parseTimestamp(lt[1]);
      text = text.slice(lt[0].length).trim();
    }
    return { label: m[1].trim(), voice: false, text, rawText: trimmed, start: s, end, timed: s !== start };
  }
  m = TS_ONLY_RE.exec(line);
  if (m) {
    return { label: null, voice: false, text: m[2].trim(), rawText: m[2].trim(), start: parseTimestamp(m[1]), end, timed: true };
  }
  return { label: null, voice: false, text: trimmed, rawText: trimmed, start, end, timed: false };
}

/** Split text at inline markup (<i>, <b>, <c.x>, </v>...) into verbatim pieces. */
function pieces(text: string): string[] {
  if (!text.includes('<')) return text.trim() ? [text.trim()] : [];
  return text
    .split(TAG_RE)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

function parseCues(lines: string[], isVtt: boolean): RawLine[] {
  const out: RawLine[] = [];
  let i = 0;
  if (isVtt) {
    // Header block: "WEBVTT ..." up to the first blank line.
    while (i < lines.length && lines[i].trim() !== '') i++;
  }
  let inCue = false;
  let skipBlock = false;
  let start: number | null = null;
  let end: number | null = null;
  let firstInCue = false;
  for (; i < lines.length; i++) {
    const line = lines[i];
    const t = line.trim();
    if (t === '') {
      inCue = false;
      skipBlock = false;
      continue;
    }
    if (skipBlock) continue;
    const timing = TIMING_RE.exec(line);
    if (timing) {
      inCue = true;
      firstInCue = true;
      start = parseTimestamp(timing[1]);
      end = parseTimestamp(timing[2]);
      continue;
    }
    if (!inCue) {
      if (/^(NOTE|STYLE|REGION)\b/.test(t)) {
        skipBlock = true;
        continue;
      }
      // A cue identifier (or an SRT index) sits right before the timing line.
      if (i + 1 < lines.length && TIMING_RE.test(lines[i + 1])) continue;
    }
    const voice = VOICE_RE.exec(line);
    if (voice) {
      const label = (voice[1] ?? '').trim();
      const rest = line.slice(voice[0].length);
      out.push({ label: label || null, voice: label.length > 0, text: rest, rawText: rest, start: firstInCue ? start : null, end, timed: firstInCue });
    } else {
      const m = NAME_RE.exec(line);
      if (m && plausibleLabel(m[1]) && !m[2].startsWith('//')) {
        out.push({ label: m[1].trim(), voice: false, text: m[2], rawText: t, start: firstInCue ? start : null, end, timed: firstInCue });
      } else {
        out.push({ label: null, voice: false, text: t, rawText: t, start: firstInCue ? start : null, end, timed: firstInCue });
      }
    }
    firstInCue = false;
  }
  return out;
}

const ROLE_LABEL_RE = /^(speaker|sprecher|sprecherin|agent|rep|sales|kunde|kundin|customer|client|interessent|interessentin|prospect|verkäufer|verkäuferin|berater|beraterin|vertrieb)\b/iu;

/** Decide which candidate labels are real speaker labels (vs. "Wichtig: ..." inside the text). */
function acceptedLabels(raw: RawLine[], nonEmptyLines: number): Set<string> {
  const counts = new Map<string, number>();
  const capitalised = new Set<string>();
  let labelled = 0;
  for (const r of raw) {
    if (r.label === null) continue;
    const k = labelKey(r.label);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (isCapitalised(r.label)) capitalised.add(k);
  }
  const accepted = new Set<string>();
  for (const r of raw) {
    if (r.label === null) continue;
    const k = labelKey(r.label);
    if (r.voice || (counts.get(k) ?? 0) >= 2 || ROLE_LABEL_RE.test(r.label)) accepted.add(k);
  }
  for (const r of raw) if (r.label !== null && accepted.has(labelKey(r.label))) labelled++;
  // "Name 0:05" header lines (Teams/Otter): once the style is established by a repeated speaker,
  // a name-like header line without text is a speaker too, even if that person speaks once.
  let weakStyle = false;
  for (const r of raw) if (r.weak && r.label !== null && accepted.has(labelKey(r.label))) weakStyle = true;
  if (weakStyle) {
    for (const r of raw) {
      if (!r.weak || r.label === null || r.text !== '') continue;
      const k = labelKey(r.label);
      if (!accepted.has(k) && r.label.split(/\s+/).every((t) => isCapitalised(t)) && !SECTION_WORDS.has(k)) accepted.add(k);
    }
  }
  if (accepted.size > 0 && labelled >= nonEmptyLines * 0.5) {
    // The transcript is clearly "Name: text": a person who speaks once is still a speaker.
    for (const r of raw) {
      if (r.label === null || r.weak) continue;
      const k = labelKey(r.label);
      if (!accepted.has(k) && capitalised.has(k) && (k.split(' ').length <= 3 || /[()]|\s[-–]\s/.test(k)) && !SECTION_WORDS.has(k)) accepted.add(k);
    }
  }
  if (accepted.size === 0) {
    // Short transcripts: every speaker may speak once. Accept capitalised labels when they
    // start a good share of the lines and there are at least two of them.
    let lines = 0;
    for (const r of raw) if (r.label !== null && !r.weak && capitalised.has(labelKey(r.label)) && !SECTION_WORDS.has(labelKey(r.label))) lines++;
    const caps = [...capitalised].filter((k) => !SECTION_WORDS.has(k));
    if (caps.length >= 2 && lines >= Math.max(2, nonEmptyLines * 0.3)) for (const k of caps) accepted.add(k);
    // One person only ("Ryan Cole: Hi Michelle, ..."): a name-like label on the first line
    // that starts at least half of the lines.
    const first = raw.find((r) => r.label !== null);
    if (accepted.size === 0 && caps.length === 1 && first && first === raw[0] && !first.weak && lines >= nonEmptyLines * 0.5) {
      const tokens = (first.label as string).split(/\s+/);
      if (tokens.every((t) => isCapitalised(t)) && !SECTION_WORDS.has(caps[0])) accepted.add(caps[0]);
    }
  }
  return accepted;
}

export function parseTranscript(transcript: string): ParsedTranscript {
  // Lines and the exact line breaks between them (a wrapped utterance is joined back verbatim).
  const parts = transcript.split(/(\r\n|\n|\r)/);
  const lines: string[] = [];
  const eols: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    lines.push(parts[i]);
    eols.push(parts[i + 1] ?? '');
  }
  const first = lines.findIndex((l) => l.trim() !== '');
  const isVtt = first >= 0 && /^\uFEFF?WEBVTT\b/.test(lines[first].trim());
  let timingLines = 0;
  if (!isVtt) {
    for (let i = 0; i < lines.length && timingLines < 2; i++) if (TIMING_RE.test(lines[i])) timingLines++;
  }
  const isSrt = !isVtt && timingLines >= 2;
  const format: TranscriptFormat = isVtt ? 'webvtt' : isSrt ? 'srt' : 'labelled';

  let raw: RawLine[];
  if (isVtt || isSrt) {
    raw = parseCues(isVtt ? lines.slice(first) : lines, isVtt);
  } else {
    raw = [];
    lines.forEach((line, no) => {
      if (line.trim() !== '') raw.push({ ...parseLabelled(line, null, null), line: { text: line, no, eol: eols[no] } });
    });
  }
  const nonEmpty = raw.length;
  const accepted = acceptedLabels(raw, nonEmpty);
  if (accepted.size === 0) return unlabelled(raw, format);
  const labels = new Map<string, string>();
  const segments: Segment[] = [];
  const notes: string[] = [];
  let hasTimestamps = false;

  let current: string | null = null;
  let prev: RawLine | null = null;
  for (const r of raw) {
    const before = prev;
    prev = r;
    let text: string;
    if (r.label !== null && accepted.has(labelKey(r.label))) {
      current = labelKey(r.label);
      if (!labels.has(current)) labels.set(current, r.label.trim());
      text = r.text;
    } else {
      text = r.label !== null ? r.rawText : r.text;
      if (current !== null && before && joinWrapped(segments, before, r, text)) continue;
    }
    if (current === null) continue; // title lines before the first speaker
    const ps = pieces(text);
    ps.forEach((p, i) => {
      const start = i === 0 ? r.start : null;
      if (start !== null) hasTimestamps = true;
      segments.push({ key: current as string, text: p, start, end: r.end });
    });
    if (ps.length === 0 && r.start !== null) {
      // A label line without text ("Anna Schmidt 0:05"): keep its time for the next piece.
      segments.push({ key: current, text: '', start: r.start, end: r.end });
      hasTimestamps = true;
    }
  }
  return { format, segments: mergeEmpty(segments), labels, hasTimestamps, notes };
}

/** No speaker labels: dialogue-like lines alternate between two speakers, prose is one speaker. */
function unlabelled(raw: RawLine[], format: TranscriptFormat): ParsedTranscript {
  const labels = new Map<string, string>();
  const segments: Segment[] = [];
  let hasTimestamps = false;
  const texts: Array<{ text: string; start: number | null; end: number | null }> = [];
  for (const r of raw) {
    const text = r.label === null ? r.text : r.rawText;
    for (const p of pieces(text)) texts.push({ text: p, start: r.start, end: r.end });
  }
  const sentenceEnds = texts.filter((t) => /[.!?…]["”“'»)]*$/.test(t.text)).length;
  const alternate = texts.length >= 2 && sentenceEnds >= texts.length * 0.6;
  const notes = ['no_speaker_labels', alternate ? 'alternating_speakers_assumed' : 'single_speaker_assumed'];
  texts.forEach((t, i) => {
    const label = alternate && i % 2 === 1 ? 'Speaker 2' : 'Speaker 1';
    const key = labelKey(label);
    if (!labels.has(key)) labels.set(key, label);
    if (t.start !== null) hasTimestamps = true;
    segments.push({ key, text: t.text, start: t.start, end: t.end });
  });
  return { format: format === 'labelled' ? 'unlabelled' : format, segments, labels, hasTimestamps, notes };
}

const SENTENCE_END_RE = /[.!?…]["”“'»)]*$/;

/**
 * A hard-wrapped utterance ("Anna: ... aus Ihren" + "Aufträgen. ..." on the next line): a plain line
 * without its own label or timestamp, right below the line that made the last segment, continues
 * that segment when the line above stopped mid-sentence. The joined text keeps the line break as written, so it stays a verbatim substring
 * and a sentence across the break is one sentence (a quote, not two fragments).
 */
function joinWrapped(segments: Segment[], before: RawLine, r: RawLine, text: string): boolean {
  const last = segments[segments.length - 1];
  if (!last || last.text === '' || !before.line || !r.line || r.line.no !== before.line.no + 1 || r.timed) return false;
  if (text.includes('<') || before.line.text.includes('<') || !text.trim()) return false;
  // A line that ends a sentence stays a segment of its own (each line a paragraph, as in Teams exports).
  if (SENTENCE_END_RE.test(last.text)) return false;
  const above = before.line.text;
  // `last.text` ends where the line above ends (less trailing blanks): put back what lies between.
  // After a join it holds the line above in whole (a sentence wrapped over three lines).
  if (!above.trimEnd().endsWith(last.text) && !(before.label === null && last.text.endsWith(above.trim()))) return false;
  const between = above.slice(above.trimEnd().length) + before.line.eol + r.line.text.slice(0, r.line.text.length - r.line.text.trimStart().length);
  segments[segments.length - 1] = { ...last, text: last.text + between + text.trim(), end: r.end ?? last.end };
  return true;
}

/** Fold empty timing-only segments into the next segment of the same speaker. */
function mergeEmpty(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  let pending: Segment | null = null;
  for (const s of segments) {
    if (s.text === '') {
      pending = s;
      continue;
    }
    if (pending && pending.key === s.key && s.start === null) out.push({ ...s, start: pending.start });
    else out.push(s);
    pending = null;
  }
  return out;
}
