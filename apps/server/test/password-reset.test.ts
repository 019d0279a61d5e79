import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures } from "../src/db/schema.ts";
import { registerUser, startTestServer, type TestServer } from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "100",
    PUBLIC_URL: "https://forms.example.org",
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("password reset", () => {
  it("mails a one-time link, sets the new password, and ends the old sessions", async () => {
    const tokens = await registerUser(server.api, "forgot");
    const me = (await server.api.as(tokens.token).get<{ username: string; email: string }>("/api/user")).body;

    const requested = await server.api.post(
      "/api/reset-password/request",
      { email: me.email.toUpperCase() },
      { host: "evil.example.com" },
    );
    expect(requested.status).toBe(202);
    const { subject, text: mail } = await smtp.waitFor(me.email, "Reset your Formloom password");
    expect(subject).toBe("Reset your Formloom password");
    // The link is built from PUBLIC_URL, never from the Host header of the request.
    const code = /https:\/\/forms\.example\.org\/reset_password\/confirm\?code=([\w-]+)/.exec(mail)?.[1];
    expect(code).toBeDefined();
    expect(mail).not.toContain("evil.example.com");

    const weak = await server.api.post("/api/reset-password/confirm", {
      code,
      password: "onlyletters",
      passwordConfirmation: "onlyletters",
    });
    expect(weak.body.code).toBe("register.password.too_simple");

    const confirmed = await server.api.post("/api/reset-password/confirm", {
      code,
      password: "newpass123",
      passwordConfirmation: "newpass123",
    });
    expect(confirmed.status).toBe(200);
    expect(
      (await server.api.post("/api/login", { username: me.username, password: "secret123" })).status,
    ).toBe(401);
    expect(
      (await server.api.post("/api/login", { username: me.username, password: "newpass123" })).status,
    ).toBe(200);
    expect((await server.api.post("/api/refresh", { refresh_token: tokens.refresh_token })).status).toBe(401);

    const again = await server.api.post("/api/reset-password/confirm", {
      code,
      password: "other1234",
      passwordConfirmation: "other1234",
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: "reset.invalid",
      message: "Incorrectly entered data or user not found",
    });
  });

  it("sends one reset mail for a burst of 20 parallel requests", async () => {
    const tokens = await registerUser(server.api, "burst");
    const email = (await server.api.as(tokens.token).get<{ email: string }>("/api/user")).body.email;
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => server.api.post("/api/reset-password/request", { email })),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([202, ...Array<number>(19).fill(429)]);
    await smtp.waitFor(email, "Reset your Formloom password");
    const outbox = await server.database.db.execute(
      sql`select count(*)::int as queued from mail_outbox where "to" = ${email} and subject like '%Reset%'`,
    );
    expect((outbox as unknown as { rows: Array<{ queued: number }> }).rows[0]?.queued).toBe(1);
  });

  it("answers the same for unknown addresses, and allows one request per address per five minutes", async () => {
    const unknown = await server.api.post("/api/reset-password/request", { email: "nobody@example.com" });
    expect(unknown.status).toBe(202);
    const repeat = await server.api.post("/api/reset-password/request", { email: "nobody@example.com" });
    expect(repeat.status).toBe(429);
    expect(repeat.body.code).toBe("reset.already_sent");

    const tokens = await registerUser(server.api, "twice");
    const email = (await server.api.as(tokens.token).get<{ email: string }>("/api/user")).body.email;
    expect((await server.api.post("/api/reset-password/request", { email })).status).toBe(202);
    expect((await server.api.post("/api/reset-password/request", { email })).body.code).toBe(
      "reset.already_sent",
    );
    await smtp.waitFor(email, "Reset your Formloom password");
    expect(
      smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes("Reset your")),
    ).toHaveLength(1);
    expect(smtp.messages.some((m) => m.to.includes("nobody@example.com"))).toBe(false);

    expect(
      (
        await server.api.post("/api/reset-password/confirm", {
          code: "x".repeat(43),
          password: "newpass123",
          passwordConfirmation: "newpass123",
        })
      ).body.code,
    ).toBe("reset.invalid");
  });

  it("ends an older reset link when a newer one is sent", async () => {
    const tokens = await registerUser(server.api, "newer");
    const { email, username } = (
      await server.api.as(tokens.token).get<{ email: string; username: string }>("/api/user")
    ).body;
    const codeOf = (text: string) => /reset_password\/confirm\?code=([\w-]+)/.exec(text)?.[1];
    expect((await server.api.post("/api/reset-password/request", { email })).status).toBe(202);
    const older = codeOf((await smtp.waitFor(email, "Reset your Formloom password")).text);
    // Five minutes pass: the next request is allowed.
    await server.database.db.delete(loginFailures).where(eq(loginFailures.key, `reset:${email}`));
    expect((await server.api.post("/api/reset-password/request", { email })).status).toBe(202);
    await expect
      .poll(
        () => smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes("Reset your")).length,
      )
      .toBe(2);
    const newer = codeOf(smtp.messages.filter((m) => m.to.includes(email)).at(-1)!.text);
    expect(newer).not.toBe(older);

    const withOlder = await server.api.post("/api/reset-password/confirm", {
      code: older,
      password: "older1234",
      passwordConfirmation: "older1234",
    });
    expect(withOlder.status).toBe(400);
    expect(withOlder.body.code).toBe("reset.invalid");
    const withNewer = await server.api.post("/api/reset-password/confirm", {
      code: newer,
      password: "newer1234",
      passwordConfirmation: "newer1234",
    });
    expect(withNewer.status).toBe(200);
    expect((await server.api.post("/api/login", { username, password: "newer1234" })).status).toBe(200);
  });

  it("mails an e-mail confirmation link on registration that confirms the address once", async () => {
    const tokens = await registerUser(server.api, "confirm");
    const me = server.api.as(tokens.token);
    const info = (await me.get<{ email: string; emailConfirmed: boolean }>("/api/user")).body;
    expect(info.emailConfirmed).toBe(false);
    const mail = (await smtp.waitFor(info.email)).text;
    const code = /https:\/\/forms\.example\.org\/confirm_email\?code=([\w-]+)/.exec(mail)?.[1];
    expect(code).toBeDefined();
    expect((await server.api.post("/api/email-confirm", { code })).status).toBe(200);
    expect((await me.get<{ emailConfirmed: boolean }>("/api/user")).body.emailConfirmed).toBe(true);
    const again = await server.api.post("/api/email-confirm", { code });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("email_confirm.invalid");
    expect((await me.post("/api/email-confirm/resend")).body.code).toBe("email_confirm.already_confirmed");
  });

  it("writes to a user in their language", async () => {
    const created = await server.api.post<{ token: string }>("/api/register", {
      username: "olena",
      email: "olena@example.com",
      password: "secret123",
      passwordConfirmation: "secret123",
      acceptTermsAndConditionsAgreement: true,
      acceptPrivacyPolicyAgreement: true,
      registerParams: { locale: "uk" },
    });
    expect(created.status).toBe(202);
    const confirmation = await smtp.waitFor("olena@example.com", "Підтвердьте");
    expect(confirmation.subject).toBe("Підтвердьте e-mail у Formloom");
    expect(confirmation.text).toContain("Вітаємо, olena!");
    await server.api.post("/api/reset-password/request", { email: "olena@example.com" });
    const reset = await smtp.waitFor("olena@example.com", "Скидання");
    expect(reset.text).toMatch(/https:\/\/forms\.example\.org\/reset_password\/confirm\?code=[\w-]+/);
  });

  it("sends the confirmation link again on request, once per five minutes", async () => {
    const me = server.api.as((await registerUser(server.api, "resend")).token);
    const { email } = (await me.get<{ email: string }>("/api/user")).body;
    await smtp.waitFor(email, "Confirm your e-mail");
    expect((await me.post("/api/email-confirm/resend")).status).toBe(202);
    expect((await me.post("/api/email-confirm/resend")).body.code).toBe("email_confirm.already_sent");
    await expect
      .poll(
        () =>
          smtp.messages.filter((m) => m.to.includes(email) && m.subject.includes("Confirm your e-mail"))
            .length,
      )
      .toBe(2);
    expect((await server.api.post("/api/email-confirm/resend")).status).toBe(401);
  });
});
