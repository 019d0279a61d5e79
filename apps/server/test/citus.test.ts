import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { citusPlan } from "../src/db/citus.ts";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * Whether the schema can be distributed by account on Citus (README, "Running at scale"): read
 * from the migrated database's catalog, so a table anyone adds is checked too.
 *
 * The gaps below are known and kept visible: each is a global lookup by a secret or a name (a
 * token, an upload's id, a custom page's alias) that a request makes before it knows the account.
 * On Citus each needs the account in the key and in the secret (or a reference table mapping the
 * secret to the account). Any other gap fails this test; so does one of these once it is closed,
 * so the list only ever shrinks.
 */
const KNOWN_GAPS = [
  "custom_pages: unique constraint custom_pages_public_alias_key (alias) lacks account_id",
  "export_jobs: primary key export_jobs_pkey (id) lacks account_id",
  "export_jobs: unique constraint export_jobs_token_key (token_hash) lacks account_id",
  "external_apps: unique constraint external_apps_token_hash_unique (token_hash) lacks account_id",
  "form_files: primary key form_files_pkey (id) lacks account_id",
  "invitations: unique constraint invitations_code_hash_unique (code_hash) lacks account_id",
  "shared_reports: unique constraint shared_reports_token_hash_unique (token_hash) lacks account_id",
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const plan = () => citusPlan(server.database.raw.query);

describe("the schema on Citus", () => {
  it("keys every tenant table, its unique constraints and its links to other tenant tables by account", async () => {
    const { problems, distributed, reference } = await plan();
    expect(problems).toEqual(KNOWN_GAPS);
    expect(distributed).toEqual(expect.arrayContaining(["forms", "form_answers", "form_answer_counts"]));
    expect(reference).toEqual(expect.arrayContaining(["accounts", "users"]));
  });

  it("finds a tenant table added with its key or a unique constraint lacking the account", async () => {
    const run = (text: string) => server.database.raw.query(text);
    await run(`create table citus_probe (id int primary key, account_id int not null references accounts(id),
      form_id int not null, code text not null unique, foreign key (form_id, account_id) references forms(id, account_id))`);
    try {
      const { problems } = await plan();
      expect(problems.filter((problem) => problem.startsWith("citus_probe"))).toEqual([
        "citus_probe: unique constraint citus_probe_code_key (code) lacks account_id",
        "citus_probe: primary key citus_probe_pkey (id) lacks account_id",
      ]);
    } finally {
      await run("drop table citus_probe");
    }
  });

  it("writes the statements that distribute every table, reference tables first", async () => {
    const { sql, distributed, reference } = await plan();
    const lines = sql.split("\n").filter((line) => line.startsWith("select"));
    expect(lines).toHaveLength(distributed.length + reference.length);
    expect(lines[0]).toMatch(/^select create_reference_table\('/);
    expect(sql).toContain("select create_distributed_table('form_answers', 'account_id', colocate_with => ");
  });
});
