import { ZIdParams } from "@formloom/core/api/ids";
import {
  TICKET_STATUSES,
  ZTicketAttachment,
  ZTicketBody,
  ZTicketDetail,
  ZTicketList,
  ZTicketMessageBody,
} from "@formloom/core/api/support";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant, requireUser } from "../../http/context.ts";
import { isSupportOperator } from "../../http/policy.ts";
import { contentDisposition } from "../files/uploads.ts";
import { uploadAttachment } from "./attachments.ts";
import { countMessage, countTicket } from "./limits.ts";
import {
  addMessage,
  getTicket,
  listTickets,
  openTicket,
  type SupportSettings,
  type SupportViewer,
  setClosed,
  ticketFile,
} from "./service.ts";

/** The instance's operators read every account's tickets; anyone else their own account's. */
async function viewerOf(deps: Deps, request: FastifyRequest): Promise<SupportViewer> {
  const ctx = await requireUser(deps, request);
  if (isSupportOperator(ctx, deps.settings.supportOperators))
    return { ...ctx, operator: true, accountId: ctx.user.accountId ?? null };
  return { ...(await requireTenant(deps, request, "account.view")), operator: false };
}

/** Support tickets (platform.md §2 support/new, support/all, support/ticket/:id; §4; §9). */
export function supportRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["support"];
  const settings: SupportSettings = {
    linkBase: deps.settings.linkBase,
    operators: deps.settings.supportOperators,
  };

  r.get(
    "/support/tickets",
    {
      schema: {
        tags,
        description:
          "The tickets of the caller's account, the latest message first; the instance's operators " +
          "(SUPPORT_OPERATORS) see every account's. A status narrows the list.",
        querystring: z.object({ status: z.enum(TICKET_STATUSES).optional() }),
        response: { 200: ZTicketList },
      },
    },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      return { tickets: await listTickets(viewer, request.query.status), isOperator: viewer.operator };
    },
  );

  r.post(
    "/support/tickets",
    {
      schema: {
        tags,
        description:
          "Opens a ticket of the caller's account with its first message and the files uploaded for it " +
          "(400 ticket.attachment.invalid for a file that is not the caller's or already sent). " +
          "The operators are told by e-mail. 10 per person and 30 per account in ten minutes (429 ticket.rate_limited).",
        body: ZTicketBody,
        response: { 201: ZTicketDetail },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "account.view");
      await countTicket({ ...ctx, operator: false });
      const id = await openTicket(ctx, settings, request.body);
      return reply.status(201).send(await getTicket({ ...ctx, operator: false }, id));
    },
  );

  r.get(
    "/support/tickets/:id",
    {
      schema: {
        tags,
        description:
          "A ticket with its messages and their files; another account's answers 404 ticket.not_found.",
        params: ZIdParams,
        response: { 200: ZTicketDetail },
      },
    },
    async (request) => getTicket(await viewerOf(deps, request), request.params.id),
  );

  r.post(
    "/support/tickets/:id/messages",
    {
      schema: {
        tags,
        description:
          "Writes in an open ticket (409 ticket.closed once closed). An operator's answer moves a new or " +
          "reopened ticket to in progress and is mailed to its author; the account's messages go to the operators. " +
          "60 per person in ten minutes (429 ticket.rate_limited).",
        params: ZIdParams,
        body: ZTicketMessageBody,
        response: { 201: ZTicketDetail },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(deps, request);
      await countMessage(viewer);
      await addMessage(viewer, settings, request.params.id, request.body);
      return reply.status(201).send(await getTicket(viewer, request.params.id));
    },
  );

  for (const action of ["close", "reopen"] as const) {
    r.post(
      `/support/tickets/:id/${action}`,
      {
        schema: {
          tags,
          description:
            action === "close"
              ? "Closes the ticket; closing a closed one changes nothing."
              : "Reopens a closed ticket (status reopened); a ticket that is not closed stays as it is.",
          params: ZIdParams,
          response: { 200: ZTicketDetail },
        },
      },
      async (request) => {
        const viewer = await viewerOf(deps, request);
        await setClosed(viewer, request.params.id, action === "close");
        return getTicket(viewer, request.params.id);
      },
    );
  }

  r.post(
    "/support/attachments",
    {
      schema: {
        tags,
        description:
          "A file for a message to come (multipart: the file, and ticketId for an existing ticket, as a form " +
          "field or in the query). Pictures, PDF and plain text by what the bytes show (400 ticket.attachment.type), " +
          "within the instance's upload limit (413 ticket.attachment.too_large); 30 per person in ten minutes " +
          "(429 ticket.rate_limited). Answers the id the message then names in attachmentIds.",
        querystring: z.object({ ticketId: z.string().max(12).optional() }),
        response: { 201: ZTicketAttachment },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(deps, request);
      const stored = await uploadAttachment(viewer, deps.storage, request, deps.settings.uploadMaxBytes);
      return reply.status(201).send(stored);
    },
  );

  r.get(
    "/support/tickets/:id/attachments/:fileId",
    {
      schema: {
        tags,
        description: "A file of the ticket's messages, as a download, for whoever may read the ticket.",
        params: ZIdParams.extend({ fileId: z.string().regex(/^[0-9a-f]{32}$/) }),
      },
    },
    async (request, reply) => {
      const file = await ticketFile(await viewerOf(deps, request), request.params.id, request.params.fileId);
      const bytes = await deps.storage.get(file.storageKey);
      if (!bytes) return reply.status(404).send({ code: "not_found", message: "Not found" });
      return reply
        .header("content-type", file.mimeType)
        .header("content-disposition", contentDisposition(file.name))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, no-store")
        .send(bytes);
    },
  );
}
