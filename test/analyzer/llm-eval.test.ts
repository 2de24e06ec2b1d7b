// `npm run eval -- --analyzer llm` against a local chat completions server: the coach figures
// and contract checks are computed from the model's answers, on the same calls as the built-in.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEV_DIR, runLlmEval } from '../../eval/llm-eval.ts';
import { FakeLlm, modelAnswer } from '../helpers/fake-llm.ts';

describe('eval: the LLM analyzer on the coach corpus', () => {
  it('scores the configured model with the agreement figures and contract checks', async () => {
    const fake = await new FakeLlm({ rejectJsonSchema: true }).start();
    try {
      fake.fallback = (req) => ({ content: modelAnswer(req.body.messages[1].content, 'en') });
      const env = { RZ_LLM_BASE_URL: fake.url, RZ_LLM_MODEL: 'eval-model', RZ_LLM_PRICE_INPUT_CENTS_PER_MTOK: '10' };
      const out = await runLlmEval(DEV_DIR, 'd01_de_apotheke', false, env);
      assert.equal(out.figures.calls, 1);
      assert.equal(out.fallbacks, 0);
      assert.equal(out.contractFailures, 0);
      assert.equal(out.figures.scores, 5, 'the coach scored all five dimensions');
      assert.ok(out.cost > 0);
      assert.ok(fake.answered.length >= 1);
    } finally {
      await fake.stop();
    }
  });
});
