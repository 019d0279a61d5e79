/** Processor time in ms, busy and idle, summed over the machine's cores (machine-load.mjs). */
export interface CpuTimes {
  busy: number;
  idle: number;
}
/** The machine's processor time so far, busy and idle, summed over its cores. */
export function cpuTimes(): CpuTimes;
/** How busy the machine's cores were since `start`, as a whole percentage. */
export function busyShare(start: CpuTimes): number;
