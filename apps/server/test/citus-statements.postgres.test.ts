import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { citusPlan } from "../src/db/citus.ts";
import { forgetUnwrittenCaptures } from "../src/features/answers/captures.ts";
import { createDiskStorage } from "../src/storage/file-storage.ts";
import { uploadBrandPicture } from "./brand-pictures.ts";
import { createForm, signUpWithAccount, startTestServer, submitAnswers, type TestServer } from "./harness.ts";

/**
 * On Citus a statement on a distributed table goes to one node only when it names the account;
 * one that does not is sent to every node, or refused (a FOR UPDATE across nodes). This file logs
 * every statement the server sends while an author and respondents do the common things, and
 * checks that each statement on a tenant table filters by `account_id`.
 *
 * The statements below are known to span accounts and are kept visible (README, "Running at
 * scale"): the job queues claim the due work of every account (on Citus a multi-node FOR UPDATE is
 * refused: each node's worker would claim from its own shards), and the public calls that name a
 * form by its id or alias alone (a submission, a form chain, an alias kept unique for public links)
 * look it up across accounts (on Citus: a reference table from form id and alias to account), as
 * does a brand kit's picture, public by its random id alone (`/api/assets/<id>`: a read of every
 * node, or the same kind of reference table).
 */
const KNOWN_CROSS_ACCOUNT: RegExp[] = [
  /^\s*update "(export_jobs|automation_jobs|webhook_deliveries|segment_jobs)" set .*attempts = attempts \+ 1/s,
  /^select "id" from "forms" where \("forms"\."alias" = \$1 and "forms"\."account_id" <> \$2\)/,
  /^select "account_id", "id", .* from "forms" where "forms"\."id" = \$1$/s,
  /^select "account_id", "chain_id", "position" from "form_chain_items" where "form_chain_items"\."form_id" = \$1 /,
  /^select "account_id", "id", .* from "brand_assets" where "brand_assets"\."id" = \$1$/s,
];

const statements: string[] = [];
const query = pg.Client.prototype.query;
let server: TestServer;
let tenantTables: string[] = [];

beforeAll(async () => {
  // The driver's own method, wrapped to note each text before it is sent; restored afterwards.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === "string" ? first : (first as { text?: string } | null)?.text;
    if (text) statements.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const often = "50";
  server = await startTestServer({
    MAIL_POLL_MS: often,
    EXPORT_POLL_MS: often,
    WEBHOOK_POLL_MS: often,
    AUTOMATION_POLL_MS: often,
  });
  tenantTables = (await citusPlan(server.database.raw.query)).distributed;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await server?.close();
});

/**
 * Whether a statement names an account: it compares `account_id` with a value (a parameter, a
 * list) or inserts rows that carry one. A join on `account_id` alone does not route a statement.
 */
const namesAccount = (text: string) =>
  /account_id"?\s*(=|in\b|=\s*any)\s*(\$\d|\(|'|\d)/i.test(text) ||
  /\$\d+\s*=\s*"?(\w+"?\.)?"?account_id/i.test(text) ||
  /^\s*insert\b/i.test(text);

/** The tenant tables a statement reads or writes, by name as a whole word. */
function tenantTablesIn(text: string): string[] {
  return tenantTables.filter((table) => new RegExp(`(^|[^a-z_."])"?${table}"?($|[^a-z_"])`).test(text));
}

describe("statements on tenant tables", () => {
  it("filter by the account while an author builds a form and respondents answer it", async () => {
    const { api, accountId } = await signUpWithAccount(server.api, "citus");
    const form = await createForm(api);
    for (let i = 0; i < 3; i++)
      await submitAnswers(server.api, form.id, [{ fieldId: "name", answer: `R${i}` }]);
    await api.patch(`/api/forms/${form.id}`, { title: "Renamed" });
    await api.get(`/api/forms/${form.id}`);
    await api.get("/api/forms");
    await api.get(`/api/forms/${form.id}/answer/paginated/1/10`);
    await api.get(`/api/forms/${form.id}/answers/export/csv`);
    await api.post(`/api/forms/${form.id}/webhooks`, { title: "Hook", endpoint: "https://example.com/hook" });
    // A brand picture, read by a respondent who knows only its address.
    const picture = (await uploadBrandPicture(server.url, api)).body as { url: string };
    expect((await fetch(`${server.url}${picture.url}`)).status).toBe(200);
    // Capture bytes whose row never came: each is looked up on its account's node.
    await server.database.raw.query(
      "insert into storage_writes (storage_key, created_at) values ($1, now() - interval '2 hours')",
      [`captures/${accountId}/${form.id}/0123456789abcdef`],
    );
    expect(
      await forgetUnwrittenCaptures(server.database.db, createDiskStorage(server.settings.storageDir)),
    ).toBe(1);
    // The queues look for work a few times meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const seen = new Set<string>();
    const lacking = statements
      .filter((text) => !text.startsWith("create ") && !/^(begin|commit|rollback)$/i.test(text.trim()))
      .filter((text) => tenantTablesIn(text).length > 0 && !namesAccount(text))
      .filter((text) => !KNOWN_CROSS_ACCOUNT.some((known) => known.test(text)))
      .map((text) => text.replace(/\s+/g, " ").slice(0, 200))
      .filter((text) => !seen.has(text) && seen.add(text));
    expect(statements.length).toBeGreaterThan(50);
    expect(lacking).toEqual([]);
  });
});
