// The customer's first name, when their speaker label gives one ("Thomas Berger (Berger
// Logistik GmbH)"), so the line to say instead speaks to this customer. Only where a first name
// is how the rep talks to them: in English and with du; never from role labels, "Speaker 2",
// titles, or a single word that may be a surname.
import type { FormOfAddress } from '../../types.ts';
import { LANGUAGES } from '../lang/index.ts';
import type { LanguagePack } from '../lang/types.ts';
import { isSeller, type Sides } from '../signals/sides.ts';

/** Role words and titles of every language: a label with one of them is no person's name. */
const GENERIC_WORDS = new Set(Object.values(LANGUAGES).flatMap((p) => [...p.roles.rep, ...p.roles.customer, ...p.addressing.titles]));
const NAME_WORD_RE = /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*$/u;

/** The customer who spoke most, by first name, or null. */
export function customerFirstName(s: Sides): string | null {
  const words = new Map<string, number>();
  for (const t of s.call.turns) if (!isSeller(s, t.key)) words.set(t.key, (words.get(t.key) ?? 0) + t.words);
  const top = [...words].sort((a, b) => b[1] - a[1])[0];
  return top ? firstNameOf(s.call.labels.get(top[0]) ?? '') : null;
}

export function firstNameOf(label: string): string | null {
  const parts = label.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2 || parts.length > 4 || !parts.every((w) => NAME_WORD_RE.test(w))) return null;
  return parts.some((w) => GENERIC_WORDS.has(w.toLowerCase())) ? null : parts[0];
}

/** "Thomas, you said …": the name first, the line's first word in lower case unless it keeps its capital. */
export function addressed(line: string, name: string | null, pack: LanguagePack, form: FormOfAddress | null): string {
  if (!name || form === 'Sie' || !line) return line;
  const first = line.match(/^[\p{L}'’]+/u)?.[0];
  const keep = !first || pack.addressing.keepCapital.includes(first.toLowerCase());
  return `${name}, ${keep ? line : line[0].toLowerCase() + line.slice(1)}`;
}
