import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  registerUser,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;
let admin: ApiClient;
let accountId: number;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_POLL_MS: "100" });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "privacy"));
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

interface Sent {
  invitations: Array<{ email: string; status: string; invitedBy: string | null }>;
  skipped: string[];
}

const emailOf = async (client: ApiClient) => (await client.get<{ email: string }>("/api/user")).body.email;

describe("invitations tell nobody who is registered", () => {
  it("answers alike for an unknown address, a user without an account and another account's member", async () => {
    const elsewhere = await emailOf((await signUpWithAccount(server.api, "other")).api);
    const loner = await emailOf(server.api.as((await registerUser(server.api, "loner")).token));
    const answers = [];
    for (const email of ["nobody-here@example.com", loner, elsewhere]) {
      const sent = await admin.post<Sent>("/api/account/invitations/send", { emails: email });
      answers.push({ status: sent.status, skipped: sent.body.skipped, invitations: sent.body.invitations });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.skipped).toEqual([]);
      expect(answer.invitations).toHaveLength(1);
      expect(answer.invitations[0]).toMatchObject({ status: "pending" });
    }
    // The other account's member gets the mail like anyone; joining is refused to them alone.
    await smtp.waitFor(elsewhere);
  });

  it("only skips people already in this account", async () => {
    const member = await addMember(server, accountId, "inside");
    const email = `${member.username}@example.com`;
    const sent = await admin.post<Sent>("/api/account/invitations/send", {
      emails: `${email} newcomer@example.com`,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.skipped).toEqual([email]);
    expect(sent.body.invitations.map((i) => i.email)).toEqual(["newcomer@example.com"]);
  });
});

describe("mail from user-typed names", () => {
  it("keeps line breaks of an account name out of the headers and quotes the name in the body", async () => {
    const tokens = await registerUser(server.api, "mallory");
    const mallory = server.api.as(tokens.token);
    const name = "Acme\r\nBcc: victim@evil.example\r\n\r\nYour account is locked: visit http://evil.example";
    const created = await mallory.post("/api/account/create", {
      name,
      subdomain: "acme-injected",
      type: "company",
      acceptDpa: true,
    });
    expect(created.status).toBe(201);
    const sent = await mallory.post("/api/account/invitations/send", { emails: "target@example.com" });
    expect(sent.status).toBe(201);

    const mail = await smtp.waitFor("target@example.com");
    const headers = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
    expect(headers).not.toMatch(/^bcc:/im);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    // In the subject the account's name is cut short, on one line.
    expect(mail.subject).toContain("Acme Bcc: victim@evil.example");
    expect(mail.subject).not.toContain("Your account is locked");
    expect(smtp.messages.some((m) => m.to.includes("victim@evil.example"))).toBe(false);

    const flat = "Acme Bcc: victim@evil.example Your account is locked: visit http://evil.example";
    expect(mail.text).toContain(`"${flat}"`);
    const lines = mail.text.split(/\r?\n/);
    expect(lines.some((line) => line.startsWith("Your account is locked"))).toBe(false);
    expect(lines.some((line) => line.startsWith("Bcc:"))).toBe(false);

    // The admins' outbox shows the same one-line subject.
    const outbox = await mallory.get<{ messages: Array<{ subject: string }> }>("/api/account/outbox");
    expect(outbox.body.messages[0]?.subject).not.toMatch(/[\r\n]/);
  });
});
