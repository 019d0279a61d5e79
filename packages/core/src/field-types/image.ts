import { fileField } from "./file-like.ts";

export const image = fileField("Image upload", "image/");
