// Shared helpers for the analyzer tests.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'eval', 'corpus');

export function corpus(name: string): string {
  return readFileSync(join(corpusDir, name), 'utf8');
}

export function corpusFiles(): string[] {
  return readdirSync(corpusDir).filter((f) => /\.(txt|vtt|srt)$/.test(f)).sort();
}

export function norm(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

// A small call for objection tests: the rep pitches, the customer says the sentence, the rep ignores it and pitches on.
export const pitchCallDe = (cust: string) =>
  `Verkäufer: Guten Tag Herr Schmidt, hier ist Markus von Datalux. Wir haben eine Plattform für Ihre Buchhaltung mit Dashboard und Belegerkennung.\nKunde: Aha.\nVerkäufer: Unsere Plattform hat außerdem eine App und eine Schnittstelle zu DATEV.\nKunde: ${cust}\nVerkäufer: Und das Reporting können Sie individuell anpassen, mit über fünfzig Vorlagen.\nKunde: Okay.\n`;
export const pitchCallEn = (cust: string) =>
  `Rep: Hi Tom, this is Jake from Hirebase. Our platform has an applicant tracking system and an analytics dashboard.\nCustomer: Okay.\nRep: We also have a mobile app and integrations with LinkedIn.\nCustomer: ${cust}\nRep: And the reporting shows you where candidates drop off, with over fifty templates.\nCustomer: Okay.\n`;
