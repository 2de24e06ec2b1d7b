// A company's domain, as CRMs keep it: the host name alone, lower-cased. What people paste is
// often a URL ("https://www.acme.example/about"), so scheme, port, path and query are cut off;
// anything that is then not a host name (spaces, punctuation, one label) is refused.
import { cleanText, MAX_LENGTH } from '../common/text.ts';
import { validation } from '../errors/app-error.ts';

const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/** undefined: not given; null: cleared (blank). */
export function cleanDomain(raw: string | null | undefined, field = 'domain'): string | null | undefined {
  const text = cleanText(raw, field, MAX_LENGTH.domain);
  if (text === undefined || text === null) return text;
  const host = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/, 1)[0].replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((l) => l.length > 63 || !LABEL.test(l))) {
    throw validation(field, `${field} must be a host name such as acme.example (a pasted URL is cut to its host).`);
  }
  return host;
}
