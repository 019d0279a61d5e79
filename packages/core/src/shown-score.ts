/** A score as people read it, at most two decimals (a third of a point is 0.33); it is kept exact. */
export const shownScore = (value: number): number => Math.round(value * 100) / 100;
