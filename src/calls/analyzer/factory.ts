// Chooses the call analyzer from the configuration: the built-in analyzer by default
// (offline, deterministic, costs nothing); RZ_ANALYZER=llm selects the LLM analyzer.
import type { Config } from '../../config.ts';
import type { Analyzer } from './types.ts';
import { BuiltinAnalyzer } from './builtin/index.ts';

export function createAnalyzer(config: Pick<Config, 'analyzer' | 'analyzerDelayMs'>): Analyzer {
  let analyzer: Analyzer;
  switch (config.analyzer) {
    case 'llm':
      // TODO(LLM analyzer): construct the OpenAI-compatible analyzer here from its RZ_LLM_*
      // settings, with `new BuiltinAnalyzer()` as its fallback. Its costCents (tokens x
      // configured prices) is what the daily spend limit counts.
      throw new Error('RZ_ANALYZER=llm: the LLM analyzer is not available in this build; unset RZ_ANALYZER to use the built-in analyzer.');
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
