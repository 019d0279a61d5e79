import { z } from "zod";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

/** An uploaded file as an answer refers to it: where it is stored, and what it is. */
export const ZFileRef = z.object({
  /** The upload id the server gave the file (POST /api/forms/upload_file). */
  id: z.string().max(64).optional(),
  url: z.string().min(1).max(2000),
  name: z.string().max(500),
  size: z.number().int().nonnegative(),
  mimeType: z.string().max(200),
});
export type TFileRef = z.infer<typeof ZFileRef>;

/** A field answered by uploading or recording files of a kind ("image/", "video/", or any). */
export function fileField(label: string, mimePrefix: string) {
  return defineFieldType<TFileRef[]>({
    category: "field",
    label,
    createDefault: questionDefaults,
    answerSchema: z.array(ZFileRef).max(20),
    isEmpty: (answer) => answer.length === 0,
    validate: (element, answer) => {
      if (mimePrefix && answer.some((file) => !file.mimeType.startsWith(mimePrefix)))
        return "answer.file_type";
      const limit = element.fieldSettings.maxFileSizeMb;
      if (limit !== undefined && answer.some((file) => file.size > limit * 1024 * 1024))
        return "answer.file_too_large";
      return null;
    },
    toText: (_element, answer) => answer.map((file) => file.name || file.url).join(", "),
  });
}
