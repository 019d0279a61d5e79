import { and, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { supportAttachments } from "../../db/schema.ts";
import { countRequest } from "../../http/rate-limits.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { SupportViewer } from "./service.ts";

/**
 * Tickets and messages one person (and one account, across its members) may write in ten minutes.
 * Each is a row and letters to the operators, so a loop would flood both the table and their inboxes.
 */
export const TICKET_LIMITS = {
  windowSeconds: 600,
  ticketsPerUser: 10,
  ticketsPerAccount: 30,
  messagesPerUser: 60,
} as const;

/** Counts a ticket about to be opened; 429 ticket.rate_limited past the limit. */
export function countTicket(viewer: SupportViewer & { accountId: number }): Promise<void> {
  const { windowSeconds } = TICKET_LIMITS;
  return countRequest(
    viewer.db,
    [
      { key: `support-ticket:user:${viewer.user.id}`, max: TICKET_LIMITS.ticketsPerUser, windowSeconds },
      {
        key: `support-ticket:account:${viewer.accountId}`,
        max: TICKET_LIMITS.ticketsPerAccount,
        windowSeconds,
      },
    ],
    "ticket.rate_limited",
  );
}

/** Counts a message about to be written, by an account member or an operator alike. */
export function countMessage(viewer: SupportViewer): Promise<void> {
  return countRequest(
    viewer.db,
    [
      {
        key: `support-message:user:${viewer.user.id}`,
        max: TICKET_LIMITS.messagesPerUser,
        windowSeconds: TICKET_LIMITS.windowSeconds,
      },
    ],
    "ticket.rate_limited",
  );
}

/**
 * Removes files uploaded for a message that was never sent within a day, as the form uploads no
 * submission took are removed: their rows, then their bytes. Safe to run from several processes.
 */
export async function removeUnsentAttachments(db: Db, storage: FileStorage): Promise<number> {
  const removed = await db
    .delete(supportAttachments)
    .where(
      and(
        isNull(supportAttachments.messageId),
        lt(supportAttachments.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .returning({ storageKey: supportAttachments.storageKey });
  await Promise.all(removed.map((row) => storage.delete(row.storageKey)));
  return removed.length;
}
