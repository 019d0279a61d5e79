import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "../src/db/rows.ts";
import { chargeDue, periodOf } from "../src/features/billing/charges.ts";
import { post } from "../src/features/billing/ledger.ts";
import { takeBack } from "../src/features/payments/reversals.ts";
import { settlePaid } from "../src/features/payments/settle.ts";
import { signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_PAYMENTS: "true" });
});
afterAll(() => server.close());

type Step =
  | { op: "pay"; cents: number }
  | { op: "charge"; cents: number }
  | { op: "refund"; cents: number }
  | { op: "reverse"; cents: number; times: number }
  | { op: "burst"; steps: Array<{ op: "pay" | "charge"; cents: number; key: number }> };

const cents = fc.integer({ min: 1, max: 50_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant("pay" as const), cents }),
  fc.record({ op: fc.constant("charge" as const), cents }),
  fc.record({ op: fc.constant("refund" as const), cents }),
  // A provider's refund or dispute, delivered up to five times at once: it may exceed the balance.
  fc.record({ op: fc.constant("reverse" as const), cents, times: fc.integer({ min: 1, max: 5 }) }),
  fc.record({
    op: fc.constant("burst" as const),
    // Keys repeat inside a burst: the same movement sent twice at once must post once.
    steps: fc.array(
      fc.record({
        op: fc.constantFrom("pay" as const, "charge" as const),
        cents,
        key: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 2, maxLength: 8 },
    ),
  }),
);

let run = 0;

/** The account's books read straight from the database. */
async function books(accountId: number) {
  const [row] = rowsOf<{
    kept: number | null;
    balance: string | null;
    total: string | null;
    movements: string;
    unbalanced: string;
    pairs: string;
  }>(
    await server.database.db.execute(sql`select
      (select balance_cents from billing_balances where account_id = ${accountId}) as kept,
      (select sum(amount_cents) from ledger_entries where account_id = ${accountId} and book = 'balance') as balance,
      (select sum(amount_cents) from ledger_entries where account_id = ${accountId}) as total,
      (select count(*) from ledger_movements where account_id = ${accountId}) as movements,
      (select count(*) from (select movement_id from ledger_entries where account_id = ${accountId}
         group by movement_id having sum(amount_cents) <> 0) u) as unbalanced,
      (select count(*) from (select movement_id from ledger_entries where account_id = ${accountId}
         group by movement_id having count(*) <> 2) p) as pairs`),
  );
  return {
    kept: Number(row?.kept ?? 0),
    balance: Number(row?.balance ?? 0),
    total: Number(row?.total ?? 0),
    movements: Number(row?.movements),
    unbalanced: Number(row?.unbalanced),
    pairs: Number(row?.pairs),
  };
}

it("keeps balance = sum of entries through random payments, charges, refunds, provider reversals and parallel bursts, never below zero", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      const { accountId } = await signUpWithAccount(server.api, `l${++run}`);
      const db = server.database.db;
      let expected = 0;
      let posted = 0;
      let n = 0;
      const apply = async (op: "pay" | "charge" | "refund", amount: number, key: string) => {
        const kind = op === "pay" ? "payment" : op;
        try {
          if (await post(db, { accountId, kind, amountCents: amount, comment: op, key })) return true;
        } catch (error) {
          if ((error as { code?: string }).code !== "billing.balance.insufficient") throw error;
        }
        return false;
      };
      for (const s of steps) {
        if (s.op === "reverse") {
          const key = `r${n++}`;
          await Promise.all(
            Array.from({ length: s.times }, () =>
              db.transaction((tx) => takeBack(tx, accountId, "refund", s.cents, key, "reverse")),
            ),
          );
          // What the balance holds leaves it; the rest is the instance's loss, a movement of its own.
          const covered = Math.min(s.cents, expected);
          expected -= covered;
          posted += (covered > 0 ? 1 : 0) + (covered < s.cents ? 1 : 0);
          continue;
        }
        if (s.op !== "burst") {
          const before = expected;
          const delta = s.op === "pay" ? s.cents : -s.cents;
          if (await apply(s.op, s.cents, `k${n++}`)) {
            expected += delta;
            posted++;
          } else expect(before + delta).toBeLessThan(0);
          continue;
        }
        const base = n;
        n += 4;
        const results = await Promise.all(
          s.steps.map((b) =>
            apply(b.op, b.cents, `${b.op}-${base + b.key}-${b.cents}`).then((ok) => ({ ...b, ok })),
          ),
        );
        const seen = new Set<string>();
        for (const r of results.filter((x) => x.ok)) {
          const key = `${r.op}-${r.key}-${r.cents}`;
          expect(seen.has(key), "a movement sent twice at once posted twice").toBe(false);
          seen.add(key);
          expected += r.op === "pay" ? r.cents : -r.cents;
          posted++;
        }
      }
      const book = await books(accountId);
      expect(book).toEqual({
        kept: expected,
        balance: expected,
        total: 0,
        movements: posted,
        unbalanced: 0,
        pairs: 0,
      });
      expect(expected).toBeGreaterThanOrEqual(0);
    }),
    { numRuns: 12 },
  );
});

it("charges a service once per period however many runs go at once, and again the next period", async () => {
  const { api, accountId } = await signUpWithAccount(server.api, "charged");
  await api.post("/api/account/service/add", { service_id: "field-teams" });
  await api.post("/api/account/service/add", { service_id: "white-label" });
  const paid = await api.post<{ publicId: string }>("/api/account/billing/payment", {
    amount: 100,
    currency: "USD",
    provider: "offline",
  });
  await Promise.all([
    settlePaid(server.database.db, { publicId: paid.body.publicId }),
    settlePaid(server.database.db, { publicId: paid.body.publicId }),
  ]);
  const now = new Date();
  const runs = await Promise.all([chargeDue(server.database.db, now), chargeDue(server.database.db, now)]);
  expect(runs).toEqual([0, 0]);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3));
  const later = await Promise.all([chargeDue(server.database.db, next), chargeDue(server.database.db, next)]);
  expect(later.reduce((a, b) => a + b, 0)).toBe(2);
  const history = await api.get<{ history: Array<{ type: string; amountCents: number; comment: string }> }>(
    "/api/account/billing/history",
  );
  const charges = history.body.history.filter((h) => h.type === "withdrawal");
  expect(charges.map((c) => c.comment).sort()).toEqual(
    [
      `Field teams, ${periodOf(now)}`,
      `Field teams, ${periodOf(next)}`,
      `Your own brand, ${periodOf(now)}`,
      `Your own brand, ${periodOf(next)}`,
    ].sort(),
  );
  expect((await books(accountId)).balance).toBe(10_000 - 2 * (1500 + 700));
});
