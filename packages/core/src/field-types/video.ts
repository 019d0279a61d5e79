import { fileField } from "./file-like.ts";

export const video = fileField("Video", "video/");
