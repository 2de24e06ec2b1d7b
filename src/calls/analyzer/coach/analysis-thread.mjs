// An analysis thread (see analysis-threads.ts): loads the TypeScript analysis and answers one
// message per task. Worker threads do not share the main thread's TypeScript loader on every
// Node version, so the thread loads it through tsx's scoped import (no global registration).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { analyzeTranscript } = await tsImport('./index.ts', import.meta.url);
// One small call per language first: the utterance model loads on first use, and that belongs to
// the thread's start, not to the first task's time limit.
for (const language of ['de', 'en']) {
  analyzeTranscript({ transcript: 'Anna: Wie viele Stunden kostet Sie das pro Woche? How much time does it cost?\nBen: Zehn. Ten hours, too expensive.', language });
}

parentPort.on('message', ({ id, input }) => {
  // The time limit counts from here, not from the thread's start (loading the analysis).
  parentPort.postMessage({ id, started: true });
  try {
    parentPort.postMessage({ id, ok: true, result: analyzeTranscript(input) });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, analysisError: err?.name === 'AnalysisError', message: err instanceof Error ? err.message : String(err) });
  }
});
