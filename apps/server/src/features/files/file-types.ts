import type { TElement } from "@formloom/core/element-schema";
import { UPLOAD_FIELD_TYPES } from "@formloom/core/field-types/file-like";
import { fileTypeFromBuffer } from "file-type";
import { webmHasVideoTrack } from "./webm-tracks.ts";

/**
 * What a file is, read from its bytes, and whether a question takes it: the checks the upload
 * call, a form posted without JavaScript and the other places that take files share.
 */

/** A file name safe to show and to send back: no folders, no control characters, not too long. */
export function cleanName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return clean.slice(0, 200) || "file";
}

/** Bytes with no NUL among the first 8 KB that decode as UTF-8: plain text (CSV, TXT…). */
function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head);
    return true;
  } catch {
    // A multi-byte character cut at 8 KB is still text.
    return bytes.length > 8192;
  }
}

/** The type the bytes show, never the name or the declared type. */
export async function detectType(bytes: Buffer): Promise<{ mime: string; ext: string }> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return { mime: found.mime, ext: found.ext };
  return looksLikeText(bytes)
    ? { mime: "text/plain", ext: "txt" }
    : { mime: "application/octet-stream", ext: "" };
}

/**
 * A WebM with no video track is a sound: what a browser records from the microphone alone
 * (audio/webm), though its first bytes are those of any WebM.
 */
export function soundOnly(type: { mime: string; ext: string }, bytes: Buffer): { mime: string; ext: string } {
  if (type.ext !== "webm" || webmHasVideoTrack(bytes) !== false) return type;
  return { mime: "audio/webm", ext: "webm" };
}

/** Whether the field takes this type: its kind (image, audio) and its own list of accepted types. */
export function accepts(element: TElement, type: { mime: string; ext: string }): boolean {
  const kind = UPLOAD_FIELD_TYPES[element.fieldType] ?? "";
  if (!type.mime.startsWith(kind)) return false;
  const accept = element.fieldSettings.accept?.map((a) => a.trim().toLowerCase()).filter(Boolean);
  if (!accept?.length) return true;
  return accept.some((entry) => {
    if (entry.startsWith("."))
      return entry.slice(1) === type.ext || (entry === ".jpeg" && type.ext === "jpg");
    if (entry.endsWith("/*")) return type.mime.startsWith(entry.slice(0, -1));
    return entry === type.mime;
  });
}

/** The limit of one file in this field: the field's own, never above the server's. */
export function fieldLimitBytes(element: TElement, serverMaxBytes: number): number {
  const own = element.fieldSettings.maxFileSizeMb;
  return own === undefined ? serverMaxBytes : Math.min(serverMaxBytes, Math.round(own * 1024 * 1024));
}
