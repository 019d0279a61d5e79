import { randomBytes } from "node:crypto";
import type { TTicketAttachment } from "@formloom/core/api/support";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { supportAttachments } from "../../db/schema.ts";
import { AppError, badRequest, invalidField } from "../../http/errors.ts";
import { filePartBytes, readingMultipart } from "../../http/multipart.ts";
import { countRequest } from "../../http/rate-limits.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { cleanName, detectType } from "../files/file-types.ts";
import { loadTicket, type SupportViewer } from "./service.ts";

/** What a ticket takes, by the type its bytes show: pictures, PDF and plain text. */
const ATTACHMENT_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "text/plain",
]);

/** Files one person may send to support in ten minutes. */
const UPLOADS_PER_WINDOW = 30;

/**
 * Takes one file for a message to come (multipart: the file, and `ticketId` when it is for an
 * existing ticket, in the form or the query). Stored under the ticket's account, or the caller's
 * for a new ticket; checked by its bytes and the instance's size limit; counted per person.
 */
export async function uploadAttachment(
  viewer: SupportViewer,
  storage: FileStorage,
  request: FastifyRequest,
  maxBytes: number,
): Promise<TTicketAttachment> {
  if (!request.isMultipart()) throw badRequest("request.invalid");
  const file = await readingMultipart(() =>
    request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 3 } }),
  );
  if (!file) throw invalidField("ticket.attachment.invalid", "file");
  await countRequest(
    viewer.db,
    [{ key: `support-upload:user:${viewer.user.id}`, max: UPLOADS_PER_WINDOW, windowSeconds: 600 }],
    "ticket.rate_limited",
  );
  const field = (file.fields as Record<string, { value?: unknown } | undefined>).ticketId;
  const given =
    typeof field?.value === "string" ? field.value : (request.query as { ticketId?: string }).ticketId;
  let accountId = viewer.accountId;
  if (given !== undefined && given !== "") {
    const ticketId = Number(given);
    if (!Number.isInteger(ticketId) || ticketId <= 0 || ticketId > 2_147_483_647)
      throw invalidField("ticket.not_found", "ticketId");
    accountId = (await loadTicket(viewer, ticketId)).accountId;
  }
  if (accountId === null) throw invalidField("ticket.not_found", "ticketId");
  const bytes = await filePartBytes(file);
  if (!bytes || bytes.length > maxBytes) throw new AppError(413, "ticket.attachment.too_large");
  if (bytes.length === 0) throw invalidField("ticket.attachment.invalid", "file");
  const type = await detectType(bytes);
  if (!ATTACHMENT_TYPES.has(type.mime)) throw invalidField("ticket.attachment.type", "file");
  const id = randomBytes(16).toString("hex");
  const storageKey = `support/${accountId}/${id}`;
  const [row] = await viewer.db
    .insert(supportAttachments)
    .values({
      accountId,
      id,
      uploaderId: viewer.user.id,
      name: cleanName(file.filename),
      mimeType: type.mime,
      size: bytes.length,
      storageKey,
    })
    .returning();
  try {
    await storage.put(storageKey, bytes);
  } catch (error) {
    await viewer.db
      .delete(supportAttachments)
      .where(and(eq(supportAttachments.accountId, accountId), eq(supportAttachments.id, id)));
    throw error;
  }
  return { id: row!.id, name: row!.name, size: row!.size, mimeType: row!.mimeType };
}
