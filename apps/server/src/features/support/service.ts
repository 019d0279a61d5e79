import {
  type TTicket,
  type TTicketBody,
  type TTicketDetail,
  type TTicketMessageBody,
  type TTicketStatus,
  ZTicketBody,
  ZTicketMessageBody,
} from "@formloom/core/api/support";
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/connect.ts";
import { accounts, supportAttachments, supportMessages, supportTickets, users } from "../../db/schema.ts";
import type { TenantContext, UserContext } from "../../http/context.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { type SupportLetter, supportLetter } from "./letters.ts";

/**
 * Who reads tickets: an operator reads every account's; anyone else only their own account's
 * (`accountId`), whoever of the account opened them.
 */
export type SupportViewer = UserContext & { operator: boolean; accountId: number | null };

/** Where ticket links in letters point, and who the operators are. */
export interface SupportSettings {
  linkBase: string;
  operators: readonly string[];
}

type TicketRow = typeof supportTickets.$inferSelect;

const writerName = (user: { username: string; firstName: string; lastName: string } | null) =>
  user ? `${user.firstName} ${user.lastName}`.trim() || user.username : "—";

/** The one condition every read and change of a ticket goes through. */
function visible(viewer: SupportViewer, id: number) {
  if (viewer.operator) return eq(supportTickets.id, id);
  if (viewer.accountId === null) return sql`false`;
  return and(eq(supportTickets.accountId, viewer.accountId), eq(supportTickets.id, id));
}

const author = alias(users, "ticket_author");
const lastWriter = alias(users, "ticket_last_writer");

async function presentTickets(viewer: SupportViewer, where: ReturnType<typeof visible>): Promise<TTicket[]> {
  const rows = await viewer.db
    .select({ ticket: supportTickets, author, lastWriter, account: accounts.name })
    .from(supportTickets)
    .innerJoin(accounts, eq(accounts.id, supportTickets.accountId))
    .leftJoin(author, eq(author.id, supportTickets.authorId))
    .leftJoin(lastWriter, eq(lastWriter.id, supportTickets.lastMessageById))
    .where(where)
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.id))
    .limit(500);
  return rows.map(({ ticket, author, lastWriter, account }) => ({
    id: ticket.id,
    title: ticket.title,
    topic: ticket.topic as TTicket["topic"],
    priority: ticket.priority as TTicket["priority"],
    status: ticket.status as TTicketStatus,
    answerCount: ticket.answerCount,
    author: writerName(author),
    account,
    lastMessageBy: { name: writerName(lastWriter), isOperator: ticket.lastMessageByOperator },
    lastMessageAt: ticket.lastMessageAt.toISOString(),
    createdAt: ticket.createdAt.toISOString(),
  }));
}

/** The tickets the viewer sees, the latest message first; a status narrows them. */
export async function listTickets(viewer: SupportViewer, status?: TTicketStatus): Promise<TTicket[]> {
  const scope = viewer.operator
    ? undefined
    : viewer.accountId === null
      ? sql`false`
      : eq(supportTickets.accountId, viewer.accountId);
  return presentTickets(viewer, and(scope, status ? eq(supportTickets.status, status) : undefined));
}

export async function loadTicket(viewer: SupportViewer, id: number): Promise<TicketRow> {
  const [row] = await viewer.db.select().from(supportTickets).where(visible(viewer, id));
  if (!row) throw notFound("ticket.not_found");
  return row;
}

/** A ticket with its messages and their files, oldest message first. */
export async function getTicket(viewer: SupportViewer, id: number): Promise<TTicketDetail> {
  const [ticket] = await presentTickets(viewer, visible(viewer, id));
  if (!ticket) throw notFound("ticket.not_found");
  const row = await loadTicket(viewer, id);
  const messages = await viewer.db
    .select({ message: supportMessages, writer: users })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(and(eq(supportMessages.accountId, row.accountId), eq(supportMessages.ticketId, id)))
    .orderBy(asc(supportMessages.id));
  const ids = messages.map(({ message }) => message.id);
  const files = ids.length
    ? await viewer.db
        .select()
        .from(supportAttachments)
        .where(
          and(eq(supportAttachments.accountId, row.accountId), inArray(supportAttachments.messageId, ids)),
        )
        .orderBy(asc(supportAttachments.createdAt))
    : [];
  return {
    ...ticket,
    messages: messages.map(({ message, writer }) => ({
      id: message.id,
      author: { name: writerName(writer), isOperator: message.byOperator },
      text: message.text,
      attachments: files
        .filter((file) => file.messageId === message.id)
        .map(({ id, name, size, mimeType }) => ({ id, name, size, mimeType })),
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/**
 * Ties the files the writer uploaded to their message: all of them or none, each only once and
 * only the writer's own, uploaded for this account.
 */
async function attach(tx: Tx, accountId: number, uploaderId: number, messageId: number, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const taken = await tx
    .update(supportAttachments)
    .set({ messageId })
    .where(
      and(
        eq(supportAttachments.accountId, accountId),
        eq(supportAttachments.uploaderId, uploaderId),
        inArray(supportAttachments.id, unique),
        isNull(supportAttachments.messageId),
      ),
    )
    .returning({ id: supportAttachments.id });
  if (taken.length !== unique.length) throw badRequest("ticket.attachment.invalid");
}

/** Queues a ticket letter to each reader, in their language, with the transaction's change. */
async function tell(
  tx: Tx,
  settings: SupportSettings,
  readers: ReadonlyArray<{ email: string; locale: string }>,
  kind: SupportLetter,
  values: { id: number; title: string; writer: string; account: string; accountId: number },
) {
  const link = `${settings.linkBase}/support/ticket/${values.id}`;
  for (const reader of readers) {
    const letter = supportLetter(reader.locale, kind, { ...values, link });
    await enqueueMail(tx, { accountId: values.accountId, to: reader.email, ...letter });
  }
}

/** The operators who receive letters: confirmed users with one of the operators' e-mails. */
async function operatorsOf(tx: Tx, settings: SupportSettings) {
  if (settings.operators.length === 0) return [];
  return tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(
      and(inArray(sql`lower(${users.email})`, [...settings.operators]), isNotNull(users.emailConfirmedAt)),
    );
}

async function accountName(tx: Tx, accountId: number): Promise<string> {
  const [row] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? "";
}

/** Opens a ticket of the caller's account with its first message; the operators are told. */
export async function openTicket(
  ctx: TenantContext,
  settings: SupportSettings,
  input: TTicketBody,
): Promise<number> {
  const body = ZTicketBody.parse(input);
  return ctx.db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        accountId: ctx.accountId,
        authorId: ctx.user.id,
        title: body.title,
        topic: body.topic,
        priority: body.priority,
        lastMessageById: ctx.user.id,
      })
      .returning();
    const [message] = await tx
      .insert(supportMessages)
      .values({ accountId: ctx.accountId, ticketId: ticket!.id, authorId: ctx.user.id, text: body.text })
      .returning({ id: supportMessages.id });
    await attach(tx, ctx.accountId, ctx.user.id, message!.id, body.attachmentIds);
    await tell(tx, settings, await operatorsOf(tx, settings), "opened", {
      id: ticket!.id,
      title: body.title,
      writer: writerName(ctx.user),
      account: await accountName(tx, ctx.accountId),
      accountId: ctx.accountId,
    });
    return ticket!.id;
  });
}

/**
 * Adds a message to an open ticket. An operator's answer moves a new or reopened ticket to
 * "in progress" and is mailed to the ticket's author; the account's messages are mailed to the
 * operators. A closed ticket takes none (409 ticket.closed): the check and the change are one
 * conditional update, so a close at the same moment wins cleanly.
 */
export async function addMessage(
  viewer: SupportViewer,
  settings: SupportSettings,
  id: number,
  input: TTicketMessageBody,
): Promise<void> {
  const body = ZTicketMessageBody.parse(input);
  const ticket = await loadTicket(viewer, id);
  const byOperator = viewer.operator;
  await viewer.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(supportTickets)
      .set({
        answerCount: sql`${supportTickets.answerCount} + 1`,
        lastMessageById: viewer.user.id,
        lastMessageByOperator: byOperator,
        lastMessageAt: sql`now()`,
        ...(byOperator
          ? {
              status: sql`case when ${supportTickets.status} in ('new', 'reopened') then 'in_progress' else ${supportTickets.status} end`,
            }
          : {}),
      })
      .where(
        and(
          eq(supportTickets.accountId, ticket.accountId),
          eq(supportTickets.id, id),
          ne(supportTickets.status, "closed"),
        ),
      )
      .returning();
    if (!updated) throw conflict("ticket.closed");
    const [message] = await tx
      .insert(supportMessages)
      .values({
        accountId: ticket.accountId,
        ticketId: id,
        authorId: viewer.user.id,
        byOperator,
        text: body.text,
      })
      .returning({ id: supportMessages.id });
    await attach(tx, ticket.accountId, viewer.user.id, message!.id, body.attachmentIds);
    const readers = byOperator
      ? await tx
          .select({ email: users.email, locale: users.locale })
          .from(users)
          .where(eq(users.id, ticket.authorId ?? 0))
      : (await operatorsOf(tx, settings)).filter((reader) => reader.email !== viewer.user.email);
    await tell(tx, settings, readers, byOperator ? "answered" : "message", {
      id,
      title: ticket.title,
      writer: writerName(viewer.user),
      account: await accountName(tx, ticket.accountId),
      accountId: ticket.accountId,
    });
  });
}

/** Closes a ticket, or reopens a closed one; either side may. Doing it twice changes nothing. */
export async function setClosed(viewer: SupportViewer, id: number, closed: boolean): Promise<void> {
  const ticket = await loadTicket(viewer, id);
  await viewer.db
    .update(supportTickets)
    .set({ status: closed ? "closed" : "reopened" })
    .where(
      and(
        eq(supportTickets.accountId, ticket.accountId),
        eq(supportTickets.id, id),
        closed ? ne(supportTickets.status, "closed") : eq(supportTickets.status, "closed"),
      ),
    );
}

/** A file of a ticket's message, for whoever may read the ticket. */
export async function ticketFile(viewer: SupportViewer, id: number, fileId: string) {
  const ticket = await loadTicket(viewer, id);
  const [row] = await viewer.db
    .select({ file: supportAttachments })
    .from(supportAttachments)
    .innerJoin(
      supportMessages,
      and(
        eq(supportMessages.accountId, supportAttachments.accountId),
        eq(supportMessages.id, supportAttachments.messageId),
      ),
    )
    .where(
      and(
        eq(supportAttachments.accountId, ticket.accountId),
        eq(supportAttachments.id, fileId),
        eq(supportMessages.ticketId, id),
      ),
    );
  if (!row) throw notFound();
  return row.file;
}
