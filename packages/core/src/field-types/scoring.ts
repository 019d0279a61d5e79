import { scaleField } from "./numeric.ts";

/** A score on a scale whose ends are its first and last markers (1 to 10 by default). */
export const scoring = scaleField("Score scale", (element) => {
  const values = (element.fieldSettings.markers ?? []).map((marker) => marker.value);
  return values.length > 1 ? { min: Math.min(...values), max: Math.max(...values) } : { min: 1, max: 10 };
});
