import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TICKET_LIMITS } from "../src/features/support/limits.ts";
import { cleanUp } from "../src/jobs/housekeeping.ts";
import { createDiskStorage } from "../src/storage/file-storage.ts";
import {
  type ApiClient,
  addMember,
  confirmEmailByLink,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

interface Ticket {
  id: number;
  title: string;
  status: string;
  answerCount: number;
  account: string;
  lastMessageBy: { name: string; isOperator: boolean };
  messages: Array<{
    text: string;
    author: { isOperator: boolean };
    attachments: Array<{ id: string; name: string }>;
  }>;
}

const OPERATOR = "helpdesk@support.example";
const UNCONFIRMED = "late@support.example";
const INVITED = "desk2@support.example";

let server: TestServer;
let admin: ApiClient;
let member: ApiClient;
let stranger: ApiClient;
let operator: ApiClient;
let pretender: ApiClient;

/** Registers with a chosen address and signs in. */
async function registered(username: string, email: string): Promise<ApiClient> {
  const answer = await server.api.post("/api/register", {
    username,
    email,
    password: "secret123",
    passwordConfirmation: "secret123",
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  });
  expect(answer.status).toBe(202);
  const login = await server.api.post<{ token: string }>("/api/login", { username, password: "secret123" });
  return server.api.as(login.body.token);
}

/** Uploads a file for a ticket's message as `client`. */
async function upload(client: ApiClient, bytes: Buffer | string, name: string, ticketId?: number) {
  const body = new FormData();
  if (ticketId !== undefined) body.append("ticketId", String(ticketId));
  body.append("file", new Blob([bytes]), name);
  const response = await fetch(`${server.url}/api/support/attachments`, {
    method: "POST",
    headers: { authorization: `Bearer ${client.token}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as { id: string; code?: string } };
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** The ticket letters queued to an address (not the registration's confirmation). */
const mailTo = (address: string) =>
  server.database.raw.query<{ subject: string; text: string }>(
    `select subject, text from mail_outbox where lower("to") = lower($1) and text not like '%/confirm_email?code=%' order by id`,
    [address],
  );

beforeAll(async () => {
  server = await startTestServer({
    SUPPORT_OPERATORS: `${OPERATOR}, ${UNCONFIRMED.toUpperCase()}, ${INVITED}`,
    UPLOAD_MAX_MB: "0.01",
  });
  let accountId: number;
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "tickets"));
  member = (await addMember(server, accountId, "member")).api;
  stranger = (await signUpWithAccount(server.api, "stranger")).api;
  operator = await registered("helpdesk", OPERATOR);
  expect((await confirmEmailByLink(server, operator)).status).toBe(200);
  pretender = await registered("latecomer", UNCONFIRMED);
}, 120_000);

afterAll(() => server?.close());

describe("support tickets", () => {
  let ticket: Ticket;

  it("opens a ticket with a picture, and tells the operators by e-mail", async () => {
    const file = await upload(admin, PNG, "screen.png");
    expect(file.status).toBe(201);
    const opened = await admin.post<Ticket>("/api/support/tickets", {
      title: "Export stops at 90%",
      topic: "technical_support",
      priority: "high",
      text: "The CSV export never finishes.",
      attachmentIds: [file.body.id],
    });
    expect(opened.status).toBe(201);
    ticket = opened.body;
    expect(ticket).toMatchObject({ status: "new", answerCount: 0, title: "Export stops at 90%" });
    expect(ticket.messages[0]!.attachments).toEqual([expect.objectContaining({ name: "screen.png" })]);
    const [mail] = await mailTo(OPERATOR);
    expect(mail?.subject).toBe(`New support ticket #${ticket.id}: Export stops at 90%`);
    expect(mail?.text).toContain(`/support/ticket/${ticket.id}`);
    // The unconfirmed address on the list is no operator, and hears nothing.
    expect(await mailTo(UNCONFIRMED)).toEqual([]);
  });

  it("shows the account's tickets to its members only; another account gets 404 by id", async () => {
    expect((await member.get<Ticket>(`/api/support/tickets/${ticket.id}`)).body.title).toBe(ticket.title);
    expect((await member.get<{ tickets: Ticket[] }>("/api/support/tickets")).body.tickets).toHaveLength(1);
    const foreign = await stranger.get(`/api/support/tickets/${ticket.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "ticket.not_found" });
    expect((await stranger.get<{ tickets: Ticket[] }>("/api/support/tickets")).body.tickets).toEqual([]);
    const fileId = ticket.messages[0]!.attachments[0]!.id;
    expect((await stranger.get(`/api/support/tickets/${ticket.id}/attachments/${fileId}`)).status).toBe(404);
    for (const action of ["messages", "close", "reopen"])
      expect(
        (await stranger.post(`/api/support/tickets/${ticket.id}/${action}`, { text: "Planted" })).status,
      ).toBe(404);
    // A stranger cannot upload into the ticket, nor send the admin's file with a message of theirs.
    expect((await upload(stranger, PNG, "planted.png", ticket.id)).status).toBe(404);
    const own = await stranger.post("/api/support/tickets", {
      title: "Mine",
      topic: "general",
      text: "Hello",
      attachmentIds: [fileId],
    });
    expect(own.body).toMatchObject({ code: "ticket.attachment.invalid" });
    expect((await stranger.get<{ tickets: Ticket[] }>("/api/support/tickets")).body.tickets).toEqual([]);
    // Nor does one whose operator address is not confirmed.
    expect((await pretender.get(`/api/support/tickets/${ticket.id}`)).status).toBe(403);
  });

  it("lets an operator see every account's tickets and answer, which mails the author", async () => {
    const list = await operator.get<{ tickets: Ticket[]; isOperator: boolean }>("/api/support/tickets");
    expect(list.body.isOperator).toBe(true);
    expect(list.body.tickets.map((t) => t.id)).toContain(ticket.id);
    const fileId = ticket.messages[0]!.attachments[0]!.id;
    const download = await fetch(`${server.url}/api/support/tickets/${ticket.id}/attachments/${fileId}`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    const log = await upload(operator, "step 1\nstep 2\n", "steps.txt", ticket.id);
    expect(log.status).toBe(201);
    const answered = await operator.post<Ticket>(`/api/support/tickets/${ticket.id}/messages`, {
      text: "Try the export again now.",
      attachmentIds: [log.body.id],
    });
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({
      status: "in_progress",
      answerCount: 1,
      lastMessageBy: { name: "helpdesk", isOperator: true },
    });
    const adminEmail = (await admin.get<{ email: string }>("/api/user")).body.email;
    const mails = await mailTo(adminEmail);
    expect(mails.map((mail) => mail.subject)).toContain(
      `Your ticket #${ticket.id} has an answer: Export stops at 90%`,
    );
  });

  it("closes and reopens, and takes no message while closed", async () => {
    const closed = await member.post<Ticket>(`/api/support/tickets/${ticket.id}/close`);
    expect(closed.body.status).toBe("closed");
    expect((await member.post<Ticket>(`/api/support/tickets/${ticket.id}/close`)).body.status).toBe("closed");
    const refused = await admin.post(`/api/support/tickets/${ticket.id}/messages`, { text: "Still there?" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "ticket.closed" });
    const reopened = await admin.post<Ticket>(`/api/support/tickets/${ticket.id}/reopen`);
    expect(reopened.body.status).toBe("reopened");
    const written = await admin.post<Ticket>(`/api/support/tickets/${ticket.id}/messages`, {
      text: "It fails again.",
    });
    expect(written.body).toMatchObject({
      status: "reopened",
      answerCount: 2,
      lastMessageBy: { isOperator: false },
    });
    expect((await mailTo(OPERATOR)).map((mail) => mail.subject)).toContain(
      `New message in ticket #${ticket.id}: Export stops at 90%`,
    );
    const filtered = await operator.get<{ tickets: Ticket[] }>("/api/support/tickets?status=reopened");
    expect(filtered.body.tickets.map((t) => t.id)).toEqual([ticket.id]);
  });

  it("refuses bad input with a code and changes nothing", async () => {
    const before = (await admin.get<{ tickets: Ticket[] }>("/api/support/tickets")).body.tickets.length;
    const cases: Array<[unknown, string]> = [
      [{ title: " ", topic: "general", text: "x" }, "ticket.title.empty"],
      [{ title: "T", topic: "general", text: " " }, "ticket.text.empty"],
      [{ title: "T", topic: "gossip", text: "x" }, "request.invalid"],
      [{ title: "T", topic: "general", text: "x", attachmentIds: ["nope"] }, "ticket.attachment.invalid"],
      [
        { title: "T", topic: "general", text: "x", attachmentIds: ["0".repeat(32)] },
        "ticket.attachment.invalid",
      ],
    ];
    for (const [body, code] of cases) {
      const answer = await admin.post("/api/support/tickets", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(code);
    }
    expect((await admin.get<{ tickets: Ticket[] }>("/api/support/tickets")).body.tickets).toHaveLength(
      before,
    );
    expect((await admin.get("/api/support/tickets/999999")).status).toBe(404);
    const script = await upload(admin, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), "tool.exe");
    expect(script.body).toMatchObject({ code: "ticket.attachment.type" });
    const big = await upload(admin, Buffer.concat([PNG, Buffer.alloc(20_000)]), "big.png");
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: "ticket.attachment.too_large" });
  });

  it("gives no operator's rights to an address joined through an invitation, whose link its inviter can read", async () => {
    await stranger.post("/api/account/invitations/send", { emails: INVITED });
    const box = await stranger.get<{ messages: Array<{ to: string; link: string | null }> }>(
      "/api/account/outbox",
    );
    const link = box.body.messages.find((message) => message.to === INVITED)?.link ?? "";
    const inviteCode = /\/registration\/join\?code=([\w-]+)/.exec(link)?.[1];
    expect(inviteCode).toBeDefined();
    const joined = await server.api.post<{ token: string }>("/api/register", {
      username: "deskjoiner",
      email: INVITED,
      password: "secret123",
      passwordConfirmation: "secret123",
      acceptTermsAndConditionsAgreement: true,
      acceptPrivacyPolicyAgreement: true,
      inviteCode,
    });
    expect(joined.status).toBe(201);
    const joiner = server.api.as(joined.body.token);
    const seen = await joiner.get<{ tickets: Ticket[] }>("/api/support/tickets");
    expect(seen.body.tickets.map((listed) => listed.account)).not.toContain("Tickets");
    expect((await joiner.get(`/api/support/tickets/${ticket.id}`)).status).toBe(404);
    // Its own confirmation link, sent to the address itself, proves it.
    expect((await confirmEmailByLink(server, joiner)).status).toBe(200);
    expect((await joiner.get(`/api/support/tickets/${ticket.id}`)).status).toBe(200);
  });
});

describe("limits and unsent files", () => {
  it("holds a parallel burst of new tickets, then of messages, to the limits with 429 ticket.rate_limited", async () => {
    const { api: writer } = await signUpWithAccount(server.api, "ticketburst");
    const opened = await Promise.all(
      Array.from({ length: TICKET_LIMITS.ticketsPerUser + 6 }, (_, i) =>
        writer.post<Ticket & { code?: string }>("/api/support/tickets", {
          title: `Burst ${i}`,
          topic: "general",
          text: "Hi",
        }),
      ),
    );
    const made = opened.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(TICKET_LIMITS.ticketsPerUser);
    expect(opened.filter((answer) => answer.status === 429).map((answer) => answer.body.code)).toEqual(
      Array(6).fill("ticket.rate_limited"),
    );
    const listed = await writer.get<{ tickets: Ticket[] }>("/api/support/tickets");
    expect(listed.body.tickets).toHaveLength(TICKET_LIMITS.ticketsPerUser);

    const target = made[0]!.body.id;
    const written = await Promise.all(
      Array.from({ length: TICKET_LIMITS.messagesPerUser + 5 }, (_, i) =>
        writer.post(`/api/support/tickets/${target}/messages`, { text: `Message ${i}` }),
      ),
    );
    expect(written.filter((answer) => answer.status === 201)).toHaveLength(TICKET_LIMITS.messagesPerUser);
    expect(written.filter((answer) => answer.status === 429)).toHaveLength(5);
    const detail = await writer.get<Ticket>(`/api/support/tickets/${target}`);
    expect(detail.body.messages).toHaveLength(1 + TICKET_LIMITS.messagesPerUser);
  }, 60_000);

  it("removes files uploaded for a message never sent within a day, and keeps sent ones", async () => {
    const { api: writer } = await signUpWithAccount(server.api, "unsentfiles");
    const unsent = await upload(writer, PNG, "forgotten.png");
    const fresh = await upload(writer, PNG, "still-writing.png");
    const sent = await upload(writer, PNG, "sent.png");
    const ticket = await writer.post<Ticket>("/api/support/tickets", {
      title: "With a file",
      topic: "general",
      text: "See the picture",
      attachmentIds: [sent.body.id],
    });
    expect(ticket.status).toBe(201);
    await server.database.raw.query(
      `update support_attachments set created_at = now() - interval '25 hours' where id = any($1)`,
      [[unsent.body.id, sent.body.id]],
    );
    const stored = async (id: string) => {
      const [row] = await server.database.raw.query<{ key: string }>(
        "select storage_key as key from support_attachments where id = $1",
        [id],
      );
      return row?.key;
    };
    const unsentKey = (await stored(unsent.body.id))!;
    expect(existsSync(path.join(server.settings.storageDir, unsentKey))).toBe(true);

    await cleanUp(server.database.db, createDiskStorage(server.settings.storageDir));

    expect(await stored(unsent.body.id)).toBeUndefined();
    expect(existsSync(path.join(server.settings.storageDir, unsentKey))).toBe(false);
    expect(await stored(fresh.body.id)).toBeDefined();
    const fileId = ticket.body.messages[0]!.attachments[0]!.id;
    const download = await writer.get(`/api/support/tickets/${ticket.body.id}/attachments/${fileId}`);
    expect(download.status).toBe(200);
    // The forgotten file can no longer be sent either.
    const late = await writer.post(`/api/support/tickets/${ticket.body.id}/messages`, {
      text: "Here it is",
      attachmentIds: [unsent.body.id],
    });
    expect(late.body).toMatchObject({ code: "ticket.attachment.invalid" });
  });
});
