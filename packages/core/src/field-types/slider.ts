import { scaleField } from "./numeric.ts";

export const slider = scaleField(
  "Slider",
  (element) => ({ min: element.validationSettings.min ?? 0, max: element.validationSettings.max ?? 100 }),
  false,
);
