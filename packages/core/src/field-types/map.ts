import { pointField } from "./places.ts";

/** Tiles are not needed to answer: the point is kept as numbers. */
export const map = pointField("Map", () => ({
  fieldSettings: { center: { lat: 0, lng: 0 }, zoom: 2, savedItems: [] },
}));
