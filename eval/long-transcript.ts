// Builds a long, realistic transcript (e.g. a 60-minute call of ~9,000 words) from corpus
// material: labelled lines of several calls, the first speaker of each mapped to the rep,
// with [hh:mm:ss] timestamps at 150 words per minute.

const LINE_RE = /^\s*(?:[[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?\s*)?([^:\n]{1,40}):\s*(\S.*)$/u;

function stamp(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return [h, m, s].map((x) => String(x).padStart(2, '0')).join(':');
}

export function buildLongTranscript(sources: string[], targetWords: number): string {
  const utterances: Array<{ rep: boolean; text: string }> = [];
  for (const src of sources) {
    let first: string | null = null;
    for (const line of src.split(/\r?\n/)) {
      const m = LINE_RE.exec(line);
      if (!m) continue;
      const name = m[1].trim();
      first ??= name;
      utterances.push({ rep: name === first, text: m[2].trim() });
    }
  }
  if (utterances.length === 0) throw new Error('no labelled lines in the sources');
  const out: string[] = [];
  let words = 0;
  let t = 0;
  for (let i = 0; words < targetWords; i++) {
    const u = utterances[i % utterances.length];
    // Vary repeated material a little so it is not byte-identical.
    const round = Math.floor(i / utterances.length);
    const text = round > 0 && i % 3 === 0 ? `${u.text} (${round})` : u.text;
    out.push(`[${stamp(t)}] ${u.rep ? 'Anna Berger' : 'Kunde'}: ${text}`);
    const w = text.split(/\s+/).length;
    words += w;
    t += w / 2.5 + 1;
  }
  return out.join('\n') + '\n';
}
