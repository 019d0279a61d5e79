import type { FastifyBaseLogger } from "fastify";

export interface PeriodicWorker {
  /** Runs the work that is due now (joining a run already under way); returns how much was done. */
  drain(): Promise<number>;
  /** Stops the timer and waits for a run under way to end. */
  stop(): Promise<void>;
}

/** An idle queue is looked at every interval, then every 2, then every 4 intervals at most. */
export const IDLE_STEPS = 3;

/**
 * Runs `work` every `intervalMs` in this process, never twice at once: a drain asked for while one
 * runs gets that run. While runs find nothing to do, the wait doubles, up to four intervals, so
 * the idle queues of a process do not ask the database every interval; the first run that does
 * something brings it back to one interval. A failed run is logged under `failure` and the next
 * one tries again.
 */
export function periodicWorker(
  work: () => Promise<number>,
  options: { intervalMs: number; log: FastifyBaseLogger; failure: string },
): PeriodicWorker {
  let running: Promise<number> | null = null;
  let idleRuns = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    running ??= work()
      .then((done) => {
        idleRuns = done > 0 ? 0 : Math.min(idleRuns + 1, IDLE_STEPS - 1);
        return done;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, options.intervalMs * 2 ** idleRuns);
    timer.unref();
  };
  const tick = () => {
    drain()
      .catch((error: unknown) => options.log.error({ err: error }, options.failure))
      .finally(schedule);
  };
  schedule();
  return {
    drain,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
