import { scaleField } from "./numeric.ts";

/** Net Promoter Score: 0 to 10 (forms.md §9). */
export const NPS_MIN = 0;
export const NPS_MAX = 10;

export const nps = scaleField("NPS", () => ({ min: NPS_MIN, max: NPS_MAX }));
