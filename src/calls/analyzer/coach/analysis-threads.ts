// Runs the built-in analysis off the event loop, in worker threads. The analysis is pure CPU
// (about 100 ms for a 60-minute call, 0.5 s for a 500,000-character transcript): on the main
// thread it would hold every API request of `rz serve` for that long.
//
// One pool per process, started on the first analysis. Threads are unref'd while idle so they
// never keep a process alive; a thread that dies fails its analysis (the job is retried) and
// is replaced on the next one. An analysis that runs past its time limit (a transcript built to
// make some pattern slow) is stopped with its thread and fails for good, so it cannot hold the
// pool that every team's calls share.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AnalysisError, type AnalysisResult, type AnalyzeInput } from '../types.ts';

/** What a thread answers for one task (see analysis-thread.mjs). */
export type ThreadReply =
  | { id: number; started: true }
  | { id: number; ok: true; result: AnalysisResult }
  | { id: number; ok: false; analysisError: boolean; message: string };

interface Task {
  id: number;
  input: AnalyzeInput;
  resolve: (r: AnalysisResult) => void;
  reject: (e: unknown) => void;
}

/** Far above any real call (a 500,000-character transcript takes about 0.5 s). */
export const ANALYSIS_TIME_LIMIT_MS = 30_000;

class Thread {
  private readonly worker: Worker;
  current: Task | null = null;
  dead = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly onIdle: (t: Thread) => void, private readonly timeLimitMs: number) {
    this.worker = new Worker(new URL('./analysis-thread.mjs', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (reply: ThreadReply) => {
      const task = this.current;
      if (!task || task.id !== reply.id) return;
      if ('started' in reply) {
        this.timer = setTimeout(() => this.stop(task), this.timeLimitMs);
        this.timer.unref();
        return;
      }
      clearTimeout(this.timer);
      this.current = null;
      this.worker.unref();
      if (reply.ok) task.resolve(reply.result);
      else task.reject(reply.analysisError ? new AnalysisError(reply.message) : new Error(`analysis failed: ${reply.message}`));
      this.onIdle(this);
    });
    const die = (err: unknown) => {
      if (this.dead) return;
      this.dead = true;
      clearTimeout(this.timer);
      this.current?.reject(err instanceof Error ? err : new Error(`analysis thread stopped: ${String(err)}`));
      this.current = null;
      this.onIdle(this);
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`analysis thread exited with code ${code}`)));
  }

  run(task: Task): void {
    this.current = task;
    // Referenced while working: a process whose only work left is an analysis waits for it.
    this.worker.ref();
    this.worker.postMessage({ id: task.id, input: task.input });
  }

  /** Past its time limit: the task fails for good and the thread goes; the pool starts another for what is queued. */
  private stop(task: Task): void {
    if (this.current !== task || this.dead) return;
    this.dead = true;
    this.current = null;
    void this.worker.terminate();
    task.reject(new AnalysisError(`The analysis took longer than ${Math.round(this.timeLimitMs / 1000)} s and was stopped; check that the transcript is a plain call transcript.`));
    this.onIdle(this);
  }

  /** Its running analysis, if any, fails (the 'exit' handler). */
  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

export class AnalysisThreads {
  private readonly threads: Thread[] = [];
  private readonly queue: Task[] = [];
  private seq = 0;

  constructor(
    private readonly size = Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    private readonly timeLimitMs = ANALYSIS_TIME_LIMIT_MS,
  ) {}

  analyze(input: AnalyzeInput): Promise<AnalysisResult> {
    return new Promise((resolve, reject) => {
      // Only the fields the analysis reads cross to the thread (structured clone).
      const plain: AnalyzeInput = { transcript: input.transcript, language: input.language, repName: input.repName, repSpeaker: input.repSpeaker };
      this.queue.push({ id: ++this.seq, input: plain, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (let i = this.threads.length - 1; i >= 0; i--) if (this.threads[i].dead) this.threads.splice(i, 1);
    while (this.queue.length > 0) {
      let idle = this.threads.find((t) => !t.current && !t.dead);
      if (!idle && this.threads.length < this.size) {
        idle = new Thread(() => this.dispatch(), this.timeLimitMs);
        this.threads.push(idle);
      }
      if (!idle) return;
      idle.run(this.queue.shift()!);
    }
  }

  /** Stops every thread; analyses still running fail. */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

let shared: AnalysisThreads | null = null;

/** The process's pool. */
export function analysisThreads(): AnalysisThreads {
  return (shared ??= new AnalysisThreads());
}
