import { scaleField } from "./numeric.ts";

export const rate = scaleField("Rating", (element) => ({
  min: 1,
  max: element.fieldSettings.maxRating ?? 5,
}));
