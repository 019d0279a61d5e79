import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations } from "../src/db/schema.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
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
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "100",
    PUBLIC_URL: "https://forms.example.org",
  });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "inviter"));
  // The admin has confirmed their address, as one who invites more than a few people must.
  const me = await admin.get<{ id: number }>("/api/user");
  await server.database.raw.query("update users set email_confirmed_at = now() where id = $1", [me.body.id]);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const codeIn = (text: string) => /\/registration\/join\?code=([\w-]+)/.exec(text)?.[1];

function register(email: string, username: string, inviteCode?: string) {
  return server.api.post<{ token: string; code?: string }>("/api/register", {
    username,
    email,
    password: "secret123",
    passwordConfirmation: "secret123",
    inviteCode,
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  });
}

/** Registers without an invitation ("check your inbox"), then signs in with the password chosen. */
async function registerAndSignIn(email: string, username: string): Promise<ApiClient> {
  expect((await register(email, username)).status).toBe(202);
  const login = await server.api.post<{ token: string }>("/api/login", { username, password: "secret123" });
  return server.api.as(login.body.token);
}

describe("invitations", () => {
  it("refuses an empty list or an invalid address and sends nothing", async () => {
    for (const [emails, code] of [
      ["  \n , ", "invitation.emails.empty"],
      ["good@example.com, not-an-address", "invitation.email.invalid"],
    ] as const) {
      const response = await admin.post("/api/account/invitations/send", { emails });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(code);
    }
    expect(
      (await admin.get<{ invitations: unknown[] }>("/api/account/invitations")).body.invitations,
    ).toEqual([]);
  });

  it("invites many at once by mail, and the invitee joins the account by registering through the link", async () => {
    const sent = await admin.post<{
      invitations: Array<{ email: string; status: string }>;
      skipped: string[];
    }>("/api/account/invitations/send", {
      emails: "ann@example.com, bob@example.com\ncarl@example.com  ann@example.com",
    });
    expect(sent.status).toBe(201);
    expect(sent.body.invitations.map((i) => i.email)).toEqual([
      "ann@example.com",
      "bob@example.com",
      "carl@example.com",
    ]);
    const mail = await smtp.waitFor("bob@example.com");
    expect(mail.text).toContain("https://forms.example.org/registration/join?code=");
    const code = codeIn(mail.text)!;

    const preview = await server.api.get(`/api/invitations/${code}`);
    expect(preview.body).toEqual({ email: "bob@example.com", accountName: "inviter team" });

    // The code belongs to the address it was sent to.
    const wrong = await register("mallory@example.com", "mallory", code);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("invitation.email.mismatch");

    const joined = await register("bob@example.com", "bobby", code);
    expect(joined.status).toBe(201);
    const me = await server.api
      .as(joined.body.token)
      .get<{ account: { name: string }; isAccountAdmin: boolean }>("/api/user");
    expect(me.body.account.name).toBe("inviter team");
    expect(me.body.isAccountAdmin).toBe(false);

    const list = await admin.get<{
      invitations: Array<{ email: string; status: string; acceptDate: string | null }>;
    }>("/api/account/invitations");
    const bob = list.body.invitations.find((i) => i.email === "bob@example.com");
    expect(bob).toMatchObject({ status: "accepted" });
    expect(bob?.acceptDate).not.toBeNull();

    // Used once: the same link does not work again.
    expect((await register("bob2@example.com", "bobby2", code)).body.code).toBe("invitation.invalid");
    expect((await server.api.get(`/api/invitations/${code}`)).status).toBe(404);

    // An address that already has a user is skipped, not invited.
    const again = await admin.post<{ invitations: unknown[]; skipped: string[] }>(
      "/api/account/invitations/send",
      {
        emails: "bob@example.com dora@example.com",
      },
    );
    expect(again.body.skipped).toEqual(["bob@example.com"]);
    expect(again.body.invitations).toHaveLength(1);
  });

  it("answers an invitation code the same for a registered address and a new one, so it tells nobody which exist", async () => {
    await registerAndSignIn("known@example.com", "known");
    await smtp.waitFor("known@example.com");
    const mailsBefore = smtp.messages.filter((m) => m.to.includes("known@example.com")).length;
    // A made-up code: refused the same way, whoever's address comes with it.
    for (const email of ["known@example.com", "nobody-here@example.com"]) {
      const made = await register(email, `made${email.length}`, "bogusbogusbogus123");
      expect(made.status, email).toBe(400);
      expect(made.body.code, email).toBe("invitation.invalid");
    }
    // A real code sent to someone else: its holder learns nothing of other addresses either.
    const sent = await admin.post("/api/account/invitations/send", { emails: "erin@example.com" });
    expect(sent.status).toBe(201);
    const code = codeIn((await smtp.waitFor("erin@example.com")).text)!;
    for (const email of ["known@example.com", "nobody-here@example.com"]) {
      const probe = await register(email, `probe${email.length}`, code);
      expect(probe.status, email).toBe(400);
      expect(probe.body.code, email).toBe("invitation.email.mismatch");
    }
    // Nor is the known address's owner mailed about attempts that were refused.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes("known@example.com"))).toHaveLength(mailsBefore);
  });

  it("writes the invitation in the inviter's language", async () => {
    const { api: spanish } = await signUpWithAccount(server.api, "madrid");
    const me = (await spanish.get<{ id: number }>("/api/user")).body;
    await spanish.patch(`/api/user/${me.id}/settings`, { locale: "es" });
    await spanish.post("/api/account/invitations/send", { emails: "lucia@example.com" });
    const mail = await smtp.waitFor("lucia@example.com");
    expect(mail.subject).toMatch(/^madrid\w* te invita a «madrid team» en Formloom$/);
    expect(mail.text).toContain("Para aceptar, regístrate con este enlace:");
    expect(codeIn(mail.text)).toBeDefined();
  });

  it("revokes an invitation so its link stops working", async () => {
    const sent = await admin.post<{ invitations: Array<{ id: number }> }>("/api/account/invitations/send", {
      emails: "eve@example.com",
    });
    const code = codeIn((await smtp.waitFor("eve@example.com")).text)!;
    const revoked = await admin.post(`/api/account/invitations/${sent.body.invitations[0]!.id}/revoke`);
    expect(revoked.body).toMatchObject({ status: "revoked" });
    expect((await register("eve@example.com", "evelyn", code)).body.code).toBe("invitation.invalid");
    // Nothing was created by the refused registration.
    expect((await register("eve@example.com", "evelyn")).status).toBe(202);
    expect((await server.api.post("/api/login", { username: "evelyn", password: "secret123" })).status).toBe(
      200,
    );
  });

  it("sends a waiting or expired invitation again with a new link, at most every five minutes", async () => {
    const sent = await admin.post<{ invitations: Array<{ id: number }> }>("/api/account/invitations/send", {
      emails: "gina@example.com",
    });
    const id = sent.body.invitations[0]!.id;
    const first = codeIn((await smtp.waitFor("gina@example.com")).text)!;
    const tooSoon = await admin.post(`/api/account/invitations/${id}/resend`);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe("invitation.already_sent");

    // Thirty-one days later the link has expired; sending again gives a new one for 30 more days.
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await server.database.db.update(invitations).set({ sentAt: longAgo }).where(eq(invitations.id, id));
    const listed = await admin.get<{ invitations: Array<{ id: number; status: string }> }>(
      "/api/account/invitations",
    );
    expect(listed.body.invitations.find((i) => i.id === id)?.status).toBe("expired");
    const again = await admin.post(`/api/account/invitations/${id}/resend`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, status: "pending" });
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes("gina@example.com")).length).toBe(2);
    const second = codeIn(smtp.messages.filter((m) => m.to.includes("gina@example.com"))[1]!.text)!;
    expect(second).not.toBe(first);
    expect((await server.api.get(`/api/invitations/${first}`)).status).toBe(404);
    expect((await server.api.get(`/api/invitations/${second}`)).body).toMatchObject({
      email: "gina@example.com",
    });

    // A revoked invitation stays revoked.
    await admin.post(`/api/account/invitations/${id}/revoke`);
    expect((await admin.post(`/api/account/invitations/${id}/resend`)).status).toBe(404);
  });

  it("shows admins the invitation mails in the outbox, and members nothing", async () => {
    const box = await admin.get<{ smtpConfigured: boolean; messages: Array<{ to: string; text: string }> }>(
      "/api/account/outbox",
    );
    expect(box.body.smtpConfigured).toBe(true);
    expect(box.body.messages.map((m) => m.to)).toContain("carl@example.com");
    expect(box.body.messages.every((m) => m.text.includes("/registration/join?code="))).toBe(true);

    const member = await register(
      "carl@example.com",
      "carl",
      codeIn((await smtp.waitFor("carl@example.com")).text),
    );
    const asMember = server.api.as(member.body.token);
    expect((await asMember.get("/api/account/outbox")).status).toBe(403);
    expect((await asMember.post("/api/account/invitations/send", { emails: "x@example.com" })).status).toBe(
      403,
    );
  });

  it("lets a registered user without an account accept an invitation sent to their address", async () => {
    const frank = await registerAndSignIn("frank@example.com", "frank");
    const sent = await admin.post<{ invitations: unknown[]; skipped: string[] }>(
      "/api/account/invitations/send",
      {
        emails: "frank@example.com",
      },
    );
    expect(sent.body.invitations).toHaveLength(1);
    const code = codeIn((await smtp.waitFor("frank@example.com", "invites you to")).text)!;
    // Registering again is not the way: the address is taken. Signed in, Frank accepts instead.
    expect((await register("frank@example.com", "frank2", code)).body.code).toBe("register.email.exists");
    const henry = await registerAndSignIn("henry@example.com", "henry");
    expect((await henry.post("/api/invitations/accept", { code })).body.code).toBe(
      "invitation.email.mismatch",
    );
    expect((await frank.get<{ emailConfirmed: boolean }>("/api/user")).body.emailConfirmed).toBe(false);
    expect((await frank.post("/api/invitations/accept", { code })).status).toBe(200);
    const joined = await frank.get<{ account: { name: string }; emailConfirmed: boolean }>("/api/user");
    expect(joined.body.account.name).toBe("inviter team");
    // The link mailed to the address proved it, as joining by registering through it does.
    expect(joined.body.emailConfirmed).toBe(true);
    expect((await frank.post("/api/invitations/accept", { code })).body.code).toBe("invitation.invalid");
  });
});

describe("invitations into groups", () => {
  type Sent = {
    invitations: Array<{
      id: number;
      email: string;
      status: string;
      groups: Array<{ id: number; name: string }>;
    }>;
  };

  it("puts the invitee in the groups the admin chose, with their rights, once they accept", async () => {
    const analysts = await groupWith(admin, "Analysts", [], ["forms.view", "results.view"]);
    const editors = await groupWith(admin, "Editors", [], ["forms.edit"]);
    const sent = await admin.post<Sent>("/api/account/invitations/send", {
      emails: "greta@example.com",
      groupIds: [editors, analysts, analysts],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.invitations[0]!.groups).toEqual([
      { id: analysts, name: "Analysts" },
      { id: editors, name: "Editors" },
    ]);
    const listed = await admin.get<Sent>("/api/account/invitations");
    const greta = listed.body.invitations.find((invitation) => invitation.email === "greta@example.com");
    expect(greta?.groups.map((group) => group.name)).toEqual(["Analysts", "Editors"]);

    // The outbox offers the mail's link by itself, to copy and pass on.
    const mail = await smtp.waitFor("greta@example.com");
    const box = await admin.get<{ messages: Array<{ to: string; link: string | null }> }>(
      "/api/account/outbox",
    );
    const link = box.body.messages.find((message) => message.to === "greta@example.com")?.link;
    expect(link).toMatch(/^https:\/\/forms\.example\.org\/registration\/join\?code=/);
    expect(codeIn(link!)).toBe(codeIn(mail.text));

    const joined = await register("greta@example.com", "greta", codeIn(link!));
    expect(joined.status).toBe(201);
    const me = await server.api.as(joined.body.token).get<{ permissions: string[] }>("/api/user");
    expect(me.body.permissions).toEqual(expect.arrayContaining(["results.view", "forms.edit"]));
    const group = await admin.get<{ users: Array<{ username: string }> }>(`/api/account/group/${analysts}`);
    expect(group.body.users.map((user) => user.username)).toContain("greta");
  });

  it("joins no group deleted since the invitation went out", async () => {
    const temporary = await groupWith(admin, "Temporary", [], ["forms.view"]);
    await admin.post<Sent>("/api/account/invitations/send", {
      emails: "ivan@example.com",
      groupIds: [temporary],
    });
    const code = codeIn((await smtp.waitFor("ivan@example.com")).text);
    expect((await admin.post(`/api/account/group/${temporary}/delete`)).status).toBe(200);
    const joined = await register("ivan@example.com", "ivan", code);
    expect(joined.status).toBe(201);
    const me = await server.api.as(joined.body.token).get<{ permissions: string[] }>("/api/user");
    expect(me.body.permissions).not.toContain("forms.view");
  });

  it("refuses another account's group, or groups from someone who may not manage them, and sends nothing", async () => {
    const { api: stranger } = await signUpWithAccount(server.api, "stranger");
    const theirs = await groupWith(stranger, "Theirs", [], []);
    const refused = await admin.post("/api/account/invitations/send", {
      emails: "judy@example.com",
      groupIds: [theirs],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("invitation.groups.unknown");
    // Ids no group can have: zero, and one past PostgreSQL's int (it failed inside the query).
    for (const id of [0, 2_147_483_648]) {
      const beyond = await admin.post("/api/account/invitations/send", {
        emails: "judy@example.com",
        groupIds: [id],
      });
      expect(beyond.status).toBe(400);
      expect(beyond.body.code).toBe("invitation.groups.unknown");
    }

    const member = await addMember(server, accountId, "sender");
    const own = await groupWith(admin, "Senders", [member.id], ["invitations.send", "invitations.view"]);
    const denied = await member.api.post("/api/account/invitations/send", {
      emails: "judy@example.com",
      groupIds: [own],
    });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("group.users.not_allowed");
    const listed = await admin.get<Sent>("/api/account/invitations");
    expect(listed.body.invitations.some((invitation) => invitation.email === "judy@example.com")).toBe(false);
    // Without groups the same member may invite.
    expect(
      (await member.api.post("/api/account/invitations/send", { emails: "judy@example.com" })).status,
    ).toBe(201);
  });

  it("keeps an invitation into groups from being replaced by one who may not choose groups", async () => {
    const group = await groupWith(admin, "Managers", [], ["forms.view"]);
    const first = await admin.post<Sent>("/api/account/invitations/send", {
      emails: "kim@example.com",
      groupIds: [group],
    });
    expect(first.status, first.text).toBe(201);
    const member = await addMember(server, accountId, "resender");
    await groupWith(admin, "Resenders", [member.id], ["invitations.send", "invitations.view"]);
    const replaced = await member.api.post("/api/account/invitations/send", { emails: "kim@example.com" });
    expect(replaced.status, replaced.text).toBe(409);
    expect(replaced.body.code).toBe("invitation.pending_groups");
    // Nor withdrawn by them, to be sent again into no group.
    const kimsNow = async () =>
      (await admin.get<Sent>("/api/account/invitations")).body.invitations.filter(
        (invitation) => invitation.email === "kim@example.com",
      );
    const revoked = await member.api.post(`/api/account/invitations/${first.body.invitations[0]!.id}/revoke`);
    expect(revoked.status, revoked.text).toBe(403);
    expect((await kimsNow()).map((invitation) => invitation.status)).toEqual(["pending"]);
    // The admin may send it again, and the member an invitation into no group to someone else.
    expect(
      (await admin.post("/api/account/invitations/send", { emails: "kim@example.com", groupIds: [group] }))
        .status,
    ).toBe(201);
    expect(
      (await member.api.post("/api/account/invitations/send", { emails: "lee@example.com" })).status,
    ).toBe(201);
  });
});
