// The two OpenAPI linters integrators run, programmatically: Spectral's spectral:oas ruleset and
// Redocly's recommended rules. Each finding as "rule at path: message", so a failing test says
// what to fix.
import spectralCore from '@stoplight/spectral-core';
import spectralRulesets from '@stoplight/spectral-rulesets';
import spectralParsers from '@stoplight/spectral-parsers';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const { Spectral, Document } = spectralCore;
const { oas } = spectralRulesets;
const { Json } = spectralParsers;
// Spectral's severities: 0 error, 1 warn, 2 info, 3 hint.
const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'] as const;

export interface Finding { severity: string; rule: string; where: string; message: string }

export async function spectralFindings(doc: object): Promise<Finding[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as any, 'recommended']] });
  const results = await spectral.run(new Document(JSON.stringify(doc, null, 2), Json, 'openapi.json'));
  return results.map((r) => ({ severity: SPECTRAL_SEVERITY[r.severity], rule: String(r.code), where: r.path.join('.'), message: r.message }));
}

export async function redoclyFindings(doc: object): Promise<Finding[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc, null, 2), absoluteRef: 'openapi.json', config });
  return problems.map((p) => ({ severity: p.severity, rule: p.ruleId, where: p.location[0]?.pointer ?? '', message: p.message }));
}

export const describeFindings = (findings: Finding[]) => findings.map((f) => `${f.severity} ${f.rule} at ${f.where}: ${f.message}`).join('\n');
