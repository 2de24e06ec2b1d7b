// Calls with the same key that arrive in one event-loop turn share one piece of work, started
// after the turn (setImmediate). Only calls made before the work starts join it, so each still
// sees everything committed before it was made. Used on the per-request hot path: the key
// lookup and the request counter of a busy server run once per turn instead of once per request.
interface Batch<A, R> {
  arg: A;
  waiters: Array<{ resolve: (r: R) => void; reject: (err: unknown) => void }>;
}

export class TurnBatcher<A, R> {
  private pending = new Map<string, Batch<A, R>>();
  private scheduled = false;

  /** `run` gets the first call's argument and the number of calls, and answers one result per call, in order. */
  constructor(private readonly keyOf: (arg: A) => string, private readonly run: (arg: A, calls: number) => Promise<R[]>) {}

  call(arg: A): Promise<R> {
    return new Promise((resolve, reject) => {
      const key = this.keyOf(arg);
      let batch = this.pending.get(key);
      if (!batch) {
        batch = { arg, waiters: [] };
        this.pending.set(key, batch);
      }
      batch.waiters.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batches = this.pending;
    this.pending = new Map();
    for (const { arg, waiters } of batches.values()) {
      this.run(arg, waiters.length).then(
        (results) => waiters.forEach((w, i) => w.resolve(results[i])),
        (err) => waiters.forEach((w) => w.reject(err)),
      );
    }
  }
}
