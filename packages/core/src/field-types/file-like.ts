import { z } from "zod/mini";
import type { TElement } from "../element-schema.ts";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

/** The field types answered with uploaded files, and the kind of file each takes ("" = any). */
export const UPLOAD_FIELD_TYPES: Readonly<Record<string, string>> = {
  file: "",
  image: "image/",
  photo: "image/",
  audio: "audio/",
  video: "video/",
};

export const isUploadField = (element: Pick<TElement, "fieldType">) =>
  Object.hasOwn(UPLOAD_FIELD_TYPES, element.fieldType);

/** An uploaded file as an answer refers to it: where it is stored, and what it is. */
export const ZFileRef = z.object({
  /** The upload id the server gave the file (POST /api/forms/upload_file). */
  id: z.optional(z.string().check(z.maxLength(64))),
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
  name: z.string().check(z.maxLength(500)),
  size: z.int().check(z.nonnegative()),
  mimeType: z.string().check(z.maxLength(200)),
});
export type TFileRef = z.infer<typeof ZFileRef>;

const ZFileRefs = z.array(ZFileRef);

/** The files an answer refers to, when it is an upload field's answer; null for any other answer. */
export function fileRefsOf(answer: unknown): TFileRef[] | null {
  const parsed = ZFileRefs.safeParse(answer);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

/** A field answered by uploading or recording files of a kind ("image/", "video/", or any). */
export function fileField(label: string, mimePrefix: string) {
  return defineFieldType<TFileRef[]>({
    category: "field",
    label,
    createDefault: questionDefaults,
    answerSchema: ZFileRefs.check(z.maxLength(20)),
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
