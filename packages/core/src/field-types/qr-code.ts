import { stringField } from "./text-like.ts";

/** The text read from a QR or bar code by the respondent's camera. */
export const qrCode = stringField("QR / bar code");
