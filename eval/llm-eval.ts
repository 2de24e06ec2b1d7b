// `npm run eval -- --analyzer llm [NAME] [-v]`: the configured LLM (RZ_LLM_* as for `rz serve`)
// on the coach-annotated calls of eval/dev, with the figures of the built-in analyzer's
// agreement (salesperson found, scores against the coach, biggest miss at the coach's spot,
// objection types) and the contract checks (validateAnalysis on every result), plus how often
// the built-in result stood in and what the tokens cost. An operator measures before switching.
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { LlmAnalyzer } from '../src/calls/analyzer/llm.ts';
import { AnalyzerUnavailableError, type AnalysisResult, type AnalyzeInput } from '../src/calls/analyzer/types.ts';
import { validateAnalysis } from '../src/calls/analyzer/validate.ts';
import { casesIn, emptyFigures, printAgreement, sameMissSpot, tally } from './agreement.ts';

/** Attempts per call, as the job queue would make them (an outage waits, then tries again). */
const ATTEMPTS = 3;

async function analyzeWithRetries(analyzer: LlmAnalyzer, input: AnalyzeInput) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await analyzer.analyze(input, { attempt, maxAttempts: ATTEMPTS });
    } catch (err) {
      if (!(err instanceof AnalyzerUnavailableError)) throw err;
      await sleep(Math.max(err.retryAfterMs ?? 0, 1000 * 2 ** (attempt - 1)));
    }
  }
}

export async function runLlmEval(dir: string, filter: string | undefined, verbose: boolean, env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig({ ...env, RZ_ANALYZER: 'llm' });
  const analyzer = new LlmAnalyzer(config.llm!);
  console.log(`LLM ${config.llm!.model} at ${config.llm!.baseUrl} on ${dir}`);
  const f = emptyFigures();
  let contractFailures = 0;
  let fallbacks = 0;
  let cost = 0;
  for (const c of casesIn(dir).filter((x) => !filter || x.name.includes(filter))) {
    const { result, costCents } = await analyzeWithRetries(analyzer, { transcript: c.transcript, language: 'en', repName: c.ann.repName ?? 'Jordan Blake', repSpeaker: c.ann.repSpeaker });
    cost += costCents;
    const line = tally(f, c, result);
    if (c.ann.biggest_miss?.length) {
      f.missCases++;
      const spot = sameMissSpot(c.ann, result.biggest_miss.quote);
      if (spot) f.missMatch++;
      line.push(`miss ${spot ? 'same spot' : 'OTHER'}`);
    }
    const problems = contract(result, c.transcript);
    contractFailures += problems.length > 0 ? 1 : 0;
    if (result.analyzer !== 'llm') {
      fallbacks++;
      line.push(`BUILT-IN (${result.fallback_reason})`);
    }
    if (problems.length) line.push(`CONTRACT: ${problems.slice(0, 3).join('; ')}`);
    if (verbose || result.analyzer !== 'llm') console.log(line.join(' | '));
  }
  printAgreement('LLM analyzer', f);
  console.log(`  built-in stood in     ${fallbacks}/${f.calls}`);
  console.log(`  contract checks       ${f.calls - contractFailures}/${f.calls} results valid`);
  console.log(`  cost                  ${cost.toFixed(4)} cents (at RZ_LLM_PRICE_* per million tokens)`);
  return { figures: f, contractFailures, fallbacks, cost };
}

function contract(r: AnalysisResult, transcript: string): string[] {
  return validateAnalysis(r, { transcript, language: 'en', callLanguage: r.call_language, formOfAddress: r.form_of_address });
}

export const DEV_DIR = join(dirname(fileURLToPath(import.meta.url)), 'dev');
