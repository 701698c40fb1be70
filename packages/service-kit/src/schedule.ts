import type { JobMetrics } from './metrics';

/**
 * A background job run every `everyMs` from `firstMs` after start (a sweep, the daily digest): a
 * pass never overlaps the one before (a slow pass skips a tick instead of piling up), a failure is
 * handed to `onError` and the next tick runs anyway, and the timers never keep the process up.
 * Returns the stop function (call it when the service closes).
 */
export function schedulePasses<T>(
  pass: () => Promise<T>,
  options: {
    firstMs: number;
    everyMs: number;
    onError: (error: unknown) => void;
    /** Each pass as a run of this job on /metrics, its items counted from its result. */
    job?: { metrics: JobMetrics; name: string; items?: (result: T) => number };
  },
): () => void {
  let running = false;
  const { job } = options;
  const run = job ? () => job.metrics.record(job.name, pass, job.items) : pass;
  const tick = () => {
    if (running) return;
    running = true;
    run()
      .catch(options.onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, options.firstMs);
  const every = setInterval(tick, options.everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
