/** forms.md §5: limits on what the builder keeps in the browser's local storage. */
export const LOCAL_STORAGE_LIMITS = {
  /** A save may not make the stored data more than this many bytes bigger. */
  maxGrowthBytes: 140_000,
  /** Total use may not pass 9000 KB. */
  maxTotalKb: 9000,
} as const;

/** Whether saving `newBytes` in place of `oldBytes` keeps within the limits, given the total in use. */
export function canSaveLocally(oldBytes: number, newBytes: number, totalBytesInUse: number): boolean {
  if (newBytes - oldBytes > LOCAL_STORAGE_LIMITS.maxGrowthBytes) return false;
  return totalBytesInUse - oldBytes + newBytes <= LOCAL_STORAGE_LIMITS.maxTotalKb * 1024;
}
