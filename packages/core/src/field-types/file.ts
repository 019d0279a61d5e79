import { fileField } from "./file-like.ts";

export const file = fileField("File upload", "");
