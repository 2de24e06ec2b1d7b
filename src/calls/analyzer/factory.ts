// Chooses the call analyzer from the configuration: the built-in analyzer by default
// (offline, deterministic, costs nothing); RZ_ANALYZER=llm selects the LLM analyzer.
import type { Config } from '../../config.ts';
import type { Analyzer } from './types.ts';
import { BuiltinAnalyzer } from './coach/index.ts';
import { LlmAnalyzer } from './llm.ts';

export function createAnalyzer(config: Pick<Config, 'analyzer' | 'analyzerDelayMs' | 'llm'>): Analyzer {
  let analyzer: Analyzer;
  switch (config.analyzer) {
    case 'llm':
      // Falls back to the built-in analysis by itself; its cost (tokens x prices) counts against the spend limit.
      if (!config.llm) throw new Error('RZ_ANALYZER=llm needs RZ_LLM_BASE_URL and RZ_LLM_MODEL.');
      analyzer = new LlmAnalyzer(config.llm);
      break;
    default:
      analyzer = new BuiltinAnalyzer();
  }
  return config.analyzerDelayMs > 0 ? withDelay(analyzer, config.analyzerDelayMs) : analyzer;
}

/** Test knob RZ_ANALYZER_DELAY_MS: every analysis takes at least this long (restart tests). */
function withDelay(inner: Analyzer, ms: number): Analyzer {
  return {
    async analyze(input) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return inner.analyze(input);
    },
  };
}
