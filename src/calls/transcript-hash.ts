import { createHash } from 'node:crypto';

/**
 * The duplicate key of a transcript: "the same transcript (same content)" is the same text
 * whatever its whitespace, line endings (a re-export with CRLF, a trailing newline) and Unicode
 * normalisation form, so one call is not analysed and billed twice.
 */
export function transcriptHash(transcript: string): string {
  const content = transcript.normalize('NFC').replace(/^\uFEFF/, '').replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(content, 'utf8').digest('hex');
}
