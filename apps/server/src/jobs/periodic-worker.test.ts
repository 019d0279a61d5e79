import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { periodicWorker } from "./periodic-worker.ts";

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A queue whose runs are timed from the start: each run does what was put in it meanwhile. */
function queue(fail = false) {
  const start = Date.now();
  const runs: number[] = [];
  let due = 0;
  const worker = periodicWorker(
    async () => {
      runs.push(Date.now() - start);
      if (fail) throw new Error("database away");
      const done = due;
      due = 0;
      return done;
    },
    { intervalMs: 1000, log, failure: "queue failed" },
  );
  return { worker, runs, put: (n: number) => (due += n) };
}

describe("a periodic worker", () => {
  it("looks at an idle queue less and less often, up to every four intervals", async () => {
    const { worker, runs } = queue();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(runs).toEqual([1000, 3000, 7000, 11_000, 15_000]);
    await worker.stop();
  });

  it("comes back to every interval after a run that did something, and waits longer once idle again", async () => {
    const { worker, runs, put } = queue();
    await vi.advanceTimersByTimeAsync(11_000);
    put(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(runs.at(-1)).toBe(15_000);
    put(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs.at(-1)).toBe(16_000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toEqual([1000, 3000, 7000, 11_000, 15_000, 16_000, 17_000, 19_000]);
    await worker.stop();
  });

  it("counts a drain asked for from outside: after work it found, the waits start again from one interval", async () => {
    const { worker, runs, put } = queue();
    await vi.advanceTimersByTimeAsync(7000);
    put(1);
    expect(await worker.drain()).toBe(1);
    // The look already planned for 11 s comes, finds nothing, and the next is two intervals on (not four).
    await vi.advanceTimersByTimeAsync(6000);
    expect(runs).toEqual([1000, 3000, 7000, 7000, 11_000, 13_000]);
    await worker.stop();
  });

  it("keeps looking every interval after failed runs, logging each", async () => {
    const { worker, runs } = queue(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toEqual([1000, 2000, 3000]);
    expect(log.error).toHaveBeenCalledTimes(3);
    await worker.stop();
  });

  it("looks no more once stopped", async () => {
    const { worker, runs } = queue();
    await vi.advanceTimersByTimeAsync(1000);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([1000]);
  });
});
