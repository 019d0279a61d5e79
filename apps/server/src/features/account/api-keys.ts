import {
  type TApiKeyAddBody,
  type TApiKeyEditBody,
  ZApiKey,
  ZApiKeyAddBody,
  ZApiKeyEditBody,
} from "@formloom/core/api/api-keys";
import { ZIdParams } from "@formloom/core/api/ids";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SecretBox } from "../../auth/secret-box.ts";
import { accountApiKeys } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";

type KeyRow = typeof accountApiKeys.$inferSelect;

const present = (row: KeyRow) => ({
  id: row.id,
  name: row.name,
  service: row.service,
  keyEnd: row.keyEnd,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ofAccount = (ctx: TenantContext, keyId: number) =>
  and(eq(accountApiKeys.accountId, ctx.accountId), eq(accountApiKeys.id, keyId));

async function listKeys(ctx: TenantContext) {
  const rows = await ctx.db
    .select()
    .from(accountApiKeys)
    .where(eq(accountApiKeys.accountId, ctx.accountId))
    .orderBy(desc(accountApiKeys.id));
  return rows.map(present);
}

async function getKey(ctx: TenantContext, keyId: number) {
  const [row] = await ctx.db.select().from(accountApiKeys).where(ofAccount(ctx, keyId));
  if (!row) throw notFound("api_key.not_found");
  return present(row);
}

async function addKey(ctx: TenantContext, box: SecretBox, input: TApiKeyAddBody) {
  const body = ZApiKeyAddBody.parse(input);
  const [row] = await ctx.db
    .insert(accountApiKeys)
    .values({
      accountId: ctx.accountId,
      name: body.name,
      service: body.service,
      keySealed: box.seal(body.key),
      keyEnd: body.key.slice(-4),
    })
    .returning();
  return present(row!);
}

async function editKey(ctx: TenantContext, box: SecretBox, keyId: number, input: TApiKeyEditBody) {
  const body = ZApiKeyEditBody.parse(input);
  const [row] = await ctx.db
    .update(accountApiKeys)
    .set({
      name: body.name,
      service: body.service,
      ...(body.key ? { keySealed: box.seal(body.key), keyEnd: body.key.slice(-4) } : {}),
      updatedAt: sql`now()`,
    })
    .where(ofAccount(ctx, keyId))
    .returning();
  if (!row) throw notFound("api_key.not_found");
  return present(row);
}

async function deleteKey(ctx: TenantContext, keyId: number) {
  const deleted = await ctx.db
    .delete(accountApiKeys)
    .where(ofAccount(ctx, keyId))
    .returning({ id: accountApiKeys.id });
  if (deleted.length === 0) throw notFound("api_key.not_found");
}

/** account/api_keys: third-party keys, managed by the account's admins; a key is never sent back. */
export function apiKeyRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["account"];
  const params = ZIdParams;
  // Tokens and keys are made and changed by a person signed in, never by another token.
  const config = { sessionOnly: true };
  const admin = (request: Parameters<typeof requireTenant>[1]) =>
    requireTenant(deps, request, "account.edit");

  r.get(
    "/account/api-keys",
    { config, schema: { tags, response: { 200: z.object({ keys: z.array(ZApiKey) }) } } },
    async (request) => ({
      keys: await listKeys(await admin(request)),
    }),
  );
  r.post(
    "/account/api-keys",
    { config, schema: { tags, body: ZApiKeyAddBody, response: { 201: ZApiKey } } },
    async (request, reply) =>
      reply.status(201).send(await addKey(await admin(request), deps.secrets, request.body)),
  );
  r.get(
    "/account/api-keys/:id",
    { config, schema: { tags, params, response: { 200: ZApiKey } } },
    async (request) => getKey(await admin(request), request.params.id),
  );
  r.post(
    "/account/api-keys/:id/edit",
    { config, schema: { tags, params, body: ZApiKeyEditBody, response: { 200: ZApiKey } } },
    async (request) => editKey(await admin(request), deps.secrets, request.params.id, request.body),
  );
  r.post(
    "/account/api-keys/:id/delete",
    { config, schema: { tags, params, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      await deleteKey(await admin(request), request.params.id);
      return { deleted: true as const };
    },
  );
}
