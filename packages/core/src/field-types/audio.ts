import { fileField } from "./file-like.ts";

export const audio = fileField("Audio", "audio/");
