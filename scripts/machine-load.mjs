// How busy the machine's cores are: the test run's timing report (scripts/test.mjs) and the
// submission benchmark (bench/submit.bench.ts) both say it beside their times.
import { cpus } from "node:os";

/** The machine's processor time so far, busy and idle, summed over its cores. */
export function cpuTimes() {
  const all = cpus().map(({ times }) => times);
  const sum = (pick) => all.reduce((total, times) => total + pick(times), 0);
  return { busy: sum((t) => t.user + t.nice + t.sys + t.irq), idle: sum((t) => t.idle) };
}

/**
 * How busy the whole machine's cores were since `start` (a `cpuTimes()` reading), as a
 * percentage: at 100 % no core was idle, at 60 % work that could have run did not.
 */
export function busyShare(start) {
  const now = cpuTimes();
  const busy = now.busy - start.busy;
  const total = busy + now.idle - start.idle;
  return total > 0 ? Math.round((100 * busy) / total) : 0;
}
