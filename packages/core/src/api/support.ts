import { z } from "zod";

/** platform.md §9: a ticket's topics and priorities; §4: its statuses. */
export const TICKET_TOPICS = [
  "general",
  "technical_support",
  "billing",
  "legal_and_documents",
  "gdpr",
  "feature_request",
] as const;
export const TICKET_PRIORITIES = ["low", "normal", "high", "critical"] as const;
export const TICKET_STATUSES = ["new", "in_progress", "reopened", "closed"] as const;
export type TTicketTopic = (typeof TICKET_TOPICS)[number];
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TTicketStatus = (typeof TICKET_STATUSES)[number];

/** Files sent with one message, by the ids their upload answered. */
const ZAttachmentIds = z.array(z.string().regex(/^[0-9a-f]{32}$/, "ticket.attachment.invalid")).max(5);
const ZMessageText = z.string().trim().min(1, "ticket.text.empty").max(20_000);

export const ZTicketMessageBody = z.object({
  text: ZMessageText,
  attachmentIds: ZAttachmentIds.default([]),
});
export type TTicketMessageBody = z.input<typeof ZTicketMessageBody>;

export const ZTicketBody = ZTicketMessageBody.extend({
  title: z.string().trim().min(1, "ticket.title.empty").max(200),
  topic: z.enum(TICKET_TOPICS),
  priority: z.enum(TICKET_PRIORITIES).default("normal"),
});
export type TTicketBody = z.input<typeof ZTicketBody>;

export const ZTicketAttachment = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mimeType: z.string(),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

/** Who wrote: a person of the account, or one of the instance's operators. */
const ZWriter = z.object({ name: z.string(), isOperator: z.boolean() });

export const ZTicket = z.object({
  id: z.number(),
  title: z.string(),
  topic: z.enum(TICKET_TOPICS),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  /** Messages after the first: the answers the ticket has had. */
  answerCount: z.number(),
  author: z.string(),
  /** The account the ticket is from, for the operators who see every account's. */
  account: z.string(),
  lastMessageBy: ZWriter,
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketMessage = z.object({
  id: z.number(),
  author: ZWriter,
  text: z.string(),
  attachments: z.array(ZTicketAttachment),
  createdAt: z.string(),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

export const ZTicketDetail = ZTicket.extend({ messages: z.array(ZTicketMessage) });
export type TTicketDetail = z.infer<typeof ZTicketDetail>;

/** The tickets the caller sees, and whether they answer as an operator. */
export const ZTicketList = z.object({ tickets: z.array(ZTicket), isOperator: z.boolean() });
export type TTicketList = z.infer<typeof ZTicketList>;
