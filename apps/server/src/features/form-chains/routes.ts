import {
  ZFormChain,
  ZFormChainBody,
  ZFormChainList,
  ZFormChainParams,
  ZFormChainRuns,
} from "@formloom/core/api/form-chains";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { authorize } from "../../http/policy.ts";
import { chainRuns, createChain, deleteChain, getChain, listChains, updateChain } from "./service.ts";

/** platform.md §2 "form-chains": the account's chains, each one's forms in order, and its runs. */
export function formChainRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["form-chains"];
  const params = ZFormChainParams;
  const editor = (request: Parameters<typeof requireTenant>[1]) => requireTenant(deps, request, "forms.edit");

  r.get("/form-chains/all", { schema: { tags, response: { 200: ZFormChainList } } }, async (request) => ({
    chains: await listChains(await editor(request)),
  }));

  r.post(
    "/form-chains",
    { schema: { tags, body: ZFormChainBody, response: { 200: ZFormChain } } },
    async (request) => createChain(await editor(request), request.body),
  );

  r.get("/form-chains/:id", { schema: { tags, params, response: { 200: ZFormChain } } }, async (request) =>
    getChain(await editor(request), request.params.id),
  );

  r.put(
    "/form-chains/:id",
    { schema: { tags, params, body: ZFormChainBody, response: { 200: ZFormChain } } },
    async (request) => updateChain(await editor(request), request.params.id, request.body),
  );

  r.delete(
    "/form-chains/:id",
    { schema: { tags, params, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      await deleteChain(await editor(request), request.params.id);
      return { deleted: true as const };
    },
  );

  // The chain's submissions read together: whoever may edit the chain and read results.
  r.get(
    "/form-chains/:id/runs",
    { schema: { tags, params, response: { 200: ZFormChainRuns } } },
    async (request) => {
      const ctx = await editor(request);
      await authorize(ctx, "results.view");
      return chainRuns(ctx, request.params.id);
    },
  );
}
