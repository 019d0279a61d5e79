import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  type ApiResponse,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

// Mail a user of an account sends to addresses outside it (invitations) is what a stranger would
// abuse to send their own text from this server: it needs a confirmed address past a few, and
// holds to a limit per account and day, decided in one statement under a lock per account.

const PER_DAY = 30;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OUTSIDE_MAIL_PER_DAY: String(PER_DAY) });
});
afterAll(() => server.close());

const addresses = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `person${from + i}@example.com`).join(" ");

const invite = (api: ApiClient, emails: string) => api.post("/api/account/invitations/send", { emails });

async function queued(accountId: number): Promise<Array<{ subject: string }>> {
  return server.database.raw.query<{ subject: string }>(
    "select subject from mail_outbox where account_id = $1 and kind = 'invitation'",
    [accountId],
  );
}

async function confirmedAccount(name: string) {
  const signed = await signUpWithAccount(server.api, name);
  const me = await signed.api.get<{ id: number }>("/api/user");
  // As if the owner opened the link mailed to them.
  await server.database.raw.query("update users set email_confirmed_at = now() where id = $1", [me.body.id]);
  return signed;
}

const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status).sort();

describe("invitations from an account whose owner has not confirmed their e-mail", () => {
  it("go out only a few a day, so ten requests of a hundred addresses send no flood", async () => {
    const { api, accountId } = await signUpWithAccount(server.api, "fresh");
    const answers: ApiResponse[] = [];
    for (let i = 0; i < 10; i++) answers.push(await invite(api, addresses(i * 100, 100)));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 403)).toBe(true);
    const refused = answers.find((answer) => answer.status === 403);
    expect(refused?.body.code).toBe("mail.confirm_email_first");
    expect((await queued(accountId)).length).toBeLessThanOrEqual(10);
    // A small team is still invited before the owner gets round to confirming.
    const { api: other } = await signUpWithAccount(server.api, "small");
    expect((await invite(other, addresses(0, 3))).status).toBe(201);
  });
});

describe("invitations from a confirmed account", () => {
  it(`stop at ${PER_DAY} a day, also when 200 requests arrive at once`, async () => {
    const { api, accountId } = await confirmedAccount("busy");
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => invite(api, addresses(i, 1))));
    expect(statuses(burst)).toEqual([
      ...Array<number>(PER_DAY).fill(201),
      ...Array<number>(200 - PER_DAY).fill(429),
    ]);
    expect(burst.find((answer) => answer.status === 429)?.body.code).toBe("mail.daily_limit");
    expect(await queued(accountId)).toHaveLength(PER_DAY);
  });

  it("carry only a short part of the account's own name in the subject", async () => {
    const { api, accountId } = await confirmedAccount("named");
    const bait = "URGENT your mailbox is full click the link below to keep receiving mail ".repeat(3);
    expect((await api.patch("/api/account/edit", { name: bait.slice(0, 100) })).status).toBe(200);
    expect((await invite(api, "reader@example.com")).status).toBe(201);
    const [mail] = await queued(accountId);
    expect(mail!.subject.length).toBeLessThanOrEqual(110);
    expect(mail!.subject).not.toContain("click the link below");
  });
});
