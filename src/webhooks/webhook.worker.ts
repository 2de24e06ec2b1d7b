// Runs the dispatcher and the sender inside `rz serve` / `rz worker`. They wake at once when
// this process commits events (an idle service delivers within milliseconds of the commit)
// and otherwise poll every RZ_WORKER_POLL_MS: for other processes' events, due retries and
// deliveries whose sender crashed (their lease runs out).
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Services } from '../services.ts';
import { onEventsCommitted } from '../events/event.repository.ts';
import { dispatchEvents, DISPATCH_BATCH } from './dispatcher.ts';
import { DeliverySender } from './sender.ts';

interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface WebhookWorker {
  /** Runs the dispatcher and fills the sender now (tests and benchmarks). */
  wake(): void;
  stop(): Promise<void>;
}

export function startWebhookWorker(services: Pick<Services, 'handle' | 'config'>, opts: { log?: Log } = {}): WebhookWorker {
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const sender = new DeliverySender(services.handle, services.config, workerId, opts.log);
  let stopped = false;
  let needDispatch = true;
  let again = false;
  let loop: Promise<void> | null = null;

  // One round at a time; a kick during a round asks for another. `loop` is cleared in the
  // same tick as the last check of `again`, so no kick is ever lost.
  const runLoop = async (): Promise<void> => {
    try {
      while (again && !stopped) {
        again = false;
        try {
          if (needDispatch) {
            needDispatch = false;
            while (!stopped && (await dispatchEvents(services.handle)).events === DISPATCH_BATCH);
          }
          if (!stopped) await sender.fill();
        } catch (err) {
          opts.log?.error({ err }, 'webhook worker round failed');
        }
      }
    } finally {
      loop = null;
    }
  };

  const kick = (dispatch: boolean): void => {
    if (stopped) return;
    if (dispatch) needDispatch = true;
    again = true;
    if (!loop) loop = runLoop();
  };

  sender.onSlotFree = () => kick(false);
  const unsubscribe = onEventsCommitted(() => kick(true));
  const timer = setInterval(() => kick(true), Math.max(10, services.config.workerPollMs));
  timer.unref();
  kick(true);

  return {
    wake: () => kick(true),
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await loop;
      await sender.stop();
    },
  };
}
