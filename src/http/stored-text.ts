// Text a database cannot keep as sent: PostgreSQL refuses NUL (U+0000) in text and stores a lone
// UTF-16 surrogate ("\ud800" in JSON) as U+FFFD, so the row read back would differ from the
// answer. Such text is refused on both databases alike, before anything is stored.

const SUSPECT = /[\u0000\ud800-\udfff]/;
const BAD = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(s: string): boolean {
  // Most text has neither: one quick scan, the exact check only when it has.
  return !SUSPECT.test(s) || !BAD.test(s);
}

/** The dotted path of the first string in `value` that cannot be stored (`title`, `events.1`), or null. */
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = unstorableTextPath(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
  }
  return null;
}
