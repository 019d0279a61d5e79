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
