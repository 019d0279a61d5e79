import { ZIdParams } from "@formloom/core/api/ids";
import {
  ZInvitation,
  ZInvitationList,
  ZInvitationPreview,
  ZInvitationSendBody,
  ZOutbox,
} from "@formloom/core/api/invitations";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant, requireUser } from "../../http/context.ts";
import { outsideMailLimits } from "../../mail/outside-mail.ts";
import {
  acceptAsSignedIn,
  listInvitations,
  outbox,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  sendInvitations,
} from "./service.ts";

const ZCode = z.object({ code: z.string().min(10, "invitation.invalid").max(200, "invitation.invalid") });

export function invitationRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["invitations"];

  r.post(
    "/account/invitations/send",
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        description:
          "Invites the addresses (spaces, commas or line breaks between them). `groupIds` are groups of " +
          "the account the invitees join on accepting; choosing them needs the right to manage groups, and " +
          "so does replacing a waiting invitation into groups (409 invitation.pending_groups). An address " +
          "of a member of the account is skipped, and when all are (409 invitation.already_member).",
        body: ZInvitationSendBody,
        response: { 201: z.object({ invitations: z.array(ZInvitation), skipped: z.array(z.string()) }) },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "invitations.send");
      const { emails, groupIds } = request.body;
      return reply
        .status(201)
        .send(
          await sendInvitations(
            ctx,
            emails,
            groupIds,
            deps.settings.linkBase,
            outsideMailLimits(deps.settings),
          ),
        );
    },
  );

  r.get(
    "/account/invitations",
    { schema: { tags, response: { 200: ZInvitationList } } },
    async (request) => ({
      invitations: await listInvitations(await requireTenant(deps, request, "invitations.view")),
    }),
  );

  r.post(
    "/account/invitations/:id/revoke",
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        description:
          "Withdraws a waiting invitation; one into groups needs the right to manage groups " +
          "(403 group.users.not_allowed).",
        params: ZIdParams,
        response: { 200: ZInvitation },
      },
    },
    async (request) =>
      revokeInvitation(await requireTenant(deps, request, "invitations.send"), request.params.id),
  );

  r.post(
    "/account/invitations/:id/resend",
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        description:
          "Mails a waiting or expired invitation again with a new link, at most every five minutes.",
        params: ZIdParams,
        response: { 200: ZInvitation },
      },
    },
    async (request) =>
      resendInvitation(
        await requireTenant(deps, request, "invitations.send"),
        request.params.id,
        deps.settings.linkBase,
        outsideMailLimits(deps.settings),
      ),
  );

  r.get(
    "/account/outbox",
    {
      schema: {
        tags,
        description: "The account's invitation mails (admins only).",
        response: { 200: ZOutbox },
      },
    },
    async (request) =>
      outbox(await requireTenant(deps, request, "account.outbox"), deps.settings.smtpUrl !== undefined),
  );

  r.get(
    "/invitations/:code",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description: "Whom a pending invitation is for, shown on the join page before registration.",
        params: ZCode,
        response: { 200: ZInvitationPreview },
      },
    },
    async (request) => previewInvitation(deps.db, request.params.code),
  );

  r.post(
    "/invitations/accept",
    {
      config: { sessionOnly: true },
      schema: { tags, body: ZCode, response: { 200: z.object({ accepted: z.literal(true) }) } },
    },
    async (request) => {
      await acceptAsSignedIn(
        await requireUser(deps, request),
        request.body.code,
        deps.settings.supportOperators,
      );
      return { accepted: true as const };
    },
  );
}
