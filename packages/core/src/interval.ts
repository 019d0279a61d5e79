/** Seconds per unit of the time-between-submissions format (forms.md §5): Y, W, d, h, m, s. */
const UNIT_SECONDS = { Y: 365 * 86_400, W: 7 * 86_400, d: 86_400, h: 3600, m: 60, s: 1 } as const;
type Unit = keyof typeof UNIT_SECONDS;

const PART = /^(\d{1,6})([YWdhms])$/;

export type ParsedInterval = { ok: true; seconds: number | null } | { ok: false };

/**
 * Reads "1Y", "6W", "1d 6h", "2m 30s": whole numbers with a unit, separated by spaces, each
 * unit at most once. Blank means no limit (`seconds: null`).
 */
export function parseInterval(text: string): ParsedInterval {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, seconds: null };
  const seen = new Set<Unit>();
  let seconds = 0;
  for (const part of trimmed.split(/\s+/)) {
    const match = PART.exec(part);
    if (!match) return { ok: false };
    const unit = match[2] as Unit;
    if (seen.has(unit)) return { ok: false };
    seen.add(unit);
    seconds += Number(match[1]) * UNIT_SECONDS[unit];
  }
  return seconds > 0 ? { ok: true, seconds } : { ok: false };
}

export const isValidInterval = (text: string) => parseInterval(text).ok;
