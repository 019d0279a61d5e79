import { pointField } from "./places.ts";

/** The respondent's own position, from the device. */
export const location = pointField("Location", () => ({}));
