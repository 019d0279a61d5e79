import type { MultipartFile } from "@fastify/multipart";
import { AppError, badRequest } from "./errors.ts";

/**
 * Reads a multipart body, or a part of it, answering a body that does not parse as the caller's
 * mistake: a 400 request.malformed_multipart instead of a 500. The parser (busboy) fails with
 * plain errors, no code, when the boundary is missing or the parts never start or end; our own
 * refusals and the plugin's coded ones (a file too large) pass through for the caller to map.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError || typeof (error as { code?: unknown }).code === "string") throw error;
    throw badRequest("request.malformed_multipart");
  }
}

/**
 * A file part's bytes, or undefined when the file passed the size limit it was read with. The
 * parser cuts a file at its limit and marks it cut; the plugin refuses it while it is read only when
 * a piece of the file comes after the mark. When the connection's pieces end exactly at the limit,
 * the next brings nothing of the file and the read ends with the first bytes, as if they were all:
 * so the mark is looked at once the file is read, too.
 */
export async function filePartBytes(part: MultipartFile): Promise<Buffer | undefined> {
  try {
    const bytes = await readingMultipart(() => part.toBuffer());
    return part.file.truncated ? undefined : bytes;
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") return undefined;
    throw error;
  }
}
