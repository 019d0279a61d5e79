import {
  ZAccount,
  ZCreateAccountBody,
  ZLegalLinks,
  ZLoginBody,
  ZLogoutBody,
  ZRefreshBody,
  ZRegisterBody,
  ZRegisterCheckEmail,
  ZResetConfirmBody,
  ZResetRequestBody,
  ZSignInLimited,
  ZTokens,
  ZUserInfo,
} from "@formloom/core/api/auth";
import { ZIdParams } from "@formloom/core/api/ids";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { accounts } from "../../db/schema.ts";
import { type Deps, requireTenant, requireUser } from "../../http/context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { deviceOf, rememberDevice } from "./device-cookie.ts";
import { confirmEmail, resendEmailConfirmation } from "./email-confirmation.ts";
import { confirmPasswordReset, requestPasswordReset } from "./password-reset.ts";
import { createAccount, login, presentAccount, register, userInfo } from "./service.ts";
import { SignInLimited } from "./sign-in-limits.ts";

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["auth"];

  r.post(
    "/register",
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'Registers. The answer is 202 "check your inbox" whether or not the e-mail already has an ' +
          "account, so the call does not tell which addresses are registered: a new address gets the " +
          "link that confirms it and signs in (POST /email-confirm), a registered one a mail saying how " +
          "to sign in or reset the password. Joining through an invitation, whose link proved the " +
          "address, signs in at once (201). A taken username is 409.",
        body: ZRegisterBody,
        response: { 201: ZTokens, 202: ZRegisterCheckEmail },
      },
    },
    async (request, reply) => {
      if (!deps.settings.registrationEnabled) throw forbidden("registration.disabled");
      const result = await register(
        deps.db,
        deps.tokens,
        request.body,
        deps.settings.linkBase,
        deps.settings.supportOperators,
      );
      return "checkEmail" in result ? reply.status(202).send(result) : reply.status(201).send(result);
    },
  );

  r.get(
    "/legal-links",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "The terms and conditions and the privacy policy registration asks to accept (TERMS_URL and " +
          "PRIVACY_URL; by default the app's own pages).",
        response: { 200: ZLegalLinks },
      },
    },
    async () => ({ termsUrl: deps.settings.termsUrl, privacyUrl: deps.settings.privacyUrl }),
  );

  r.post(
    "/login",
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "Signs in by username or e-mail. Too many failed tries answer 429 with the seconds to wait.",
        body: ZLoginBody,
        response: { 200: ZTokens, 429: ZSignInLimited },
      },
    },
    async (request, reply) => {
      try {
        const signedIn = await login(deps.db, deps.tokens, request.body, request.ip, deviceOf(request));
        rememberDevice(request, reply, signedIn.userId);
        return signedIn.tokens;
      } catch (error) {
        if (!(error instanceof SignInLimited)) throw error;
        return reply
          .status(429)
          .header("retry-after", String(error.retryAfter))
          .send({ code: "auth.rate_limited" as const, message: error.message, retryAfter: error.retryAfter });
      }
    },
  );

  r.post(
    "/refresh",
    { config: { public: true }, schema: { tags, body: ZRefreshBody, response: { 200: ZTokens } } },
    async (request) => deps.tokens.rotate(deps.db, request.body.refresh_token),
  );

  r.post(
    "/logout",
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "Log out: ends the sign-in the refresh token belongs to, so none of its refresh tokens works " +
          "again. Other sign-ins of the user stay, unless everywhere is true: then, for a refresh token " +
          "still valid, every sign-in of its user ends, and the access tokens given out so far are refused " +
          "from now on, not only when they expire. Answers 204 for any token, known or not.",
        body: ZLogoutBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.body.everywhere) await deps.tokens.signOutEverywhere(deps.db, request.body.refresh_token);
      else await deps.tokens.revoke(deps.db, request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/reset-password/request",
    {
      config: { public: true },
      schema: { tags, body: ZResetRequestBody, response: { 202: z.object({ sent: z.literal(true) }) } },
    },
    async (request, reply) => {
      if (!deps.settings.passwordResetEnabled) throw forbidden("reset.disabled");
      await requestPasswordReset(deps.db, request.body.email, deps.settings.linkBase);
      return reply.status(202).send({ sent: true as const });
    },
  );

  r.post(
    "/reset-password/confirm",
    {
      config: { public: true },
      schema: { tags, body: ZResetConfirmBody, response: { 200: z.object({ reset: z.literal(true) }) } },
    },
    async (request) => {
      if (!deps.settings.passwordResetEnabled) throw forbidden("reset.disabled");
      await confirmPasswordReset(deps.db, request.body.code, request.body.password);
      return { reset: true as const };
    },
  );

  r.post(
    "/email-confirm",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "Confirms the e-mail address with the code from the registration mail, and signs its owner in: " +
          "the link is proof that they read that inbox. A code works once.",
        body: z.object({
          code: z.string().min(10, "email_confirm.invalid").max(200, "email_confirm.invalid"),
        }),
        response: { 200: ZTokens.extend({ confirmed: z.literal(true) }) },
      },
    },
    async (request) => {
      const userId = await confirmEmail(deps.db, request.body.code);
      return { confirmed: true as const, ...(await deps.tokens.issue(deps.db, userId)) };
    },
  );

  r.post(
    "/email-confirm/resend",
    {
      schema: {
        tags,
        description: "Sends the e-mail confirmation link again (once per five minutes).",
        response: { 202: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const ctx = await requireUser(deps, request);
      await resendEmailConfirmation(ctx.db, ctx.user, deps.settings.linkBase);
      return reply.status(202).send({ sent: true as const });
    },
  );

  r.get("/user", { schema: { tags, response: { 200: ZUserInfo } } }, async (request) => {
    const ctx = await requireUser(deps, request);
    return userInfo(ctx);
  });

  r.post(
    "/account/create",
    {
      config: { sessionOnly: true },
      schema: { tags: ["account"], body: ZCreateAccountBody, response: { 201: ZAccount } },
    },
    async (request, reply) => {
      const ctx = await requireUser(deps, request);
      return reply.status(201).send(await createAccount(ctx, request.body));
    },
  );

  r.get(
    "/account/:id",
    {
      schema: {
        tags: ["account"],
        params: ZIdParams,
        response: { 200: ZAccount },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "account.view");
      if (request.params.id !== ctx.accountId) throw notFound("account.not_found");
      const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, ctx.accountId));
      if (!account) throw notFound("account.not_found");
      return presentAccount(account);
    },
  );
}
