import { fileField } from "./file-like.ts";

/** A picture taken with the device's camera. */
export const photo = fileField("Photo", "image/");
