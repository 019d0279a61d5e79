import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

/** Registration does not tell strangers which e-mail addresses have an account. */

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

const registration = (username: string, email: string) => ({
  username,
  email,
  password: "secret123",
  passwordConfirmation: "secret123",
  acceptTermsAndConditionsAgreement: true,
  acceptPrivacyPolicyAgreement: true,
});

describe("registration with an address that already has an account", () => {
  it("answers 'check your inbox' and mails the address's owner how to sign in, at most every five minutes", async () => {
    expect((await server.api.post("/api/register", registration("owner", "owner@example.com"))).status).toBe(
      202,
    );

    const attempts = await Promise.all(
      ["prober1", "prober2", "prober3", "prober4", "prober5"].map((name) =>
        server.api.post("/api/register", registration(name, "OWNER@example.com")),
      ),
    );
    for (const attempt of attempts) {
      expect(attempt.status).toBe(202);
      expect(attempt.body).toEqual({ checkEmail: true });
      expect(attempt.text).not.toContain("exists");
    }
    // Nobody was signed in as, or created beside, the owner.
    const probe = await server.api.post("/api/login", { username: "prober1", password: "secret123" });
    expect(probe.status).toBe(401);

    const mail = await smtp.waitFor("owner@example.com", "tried to register");
    expect(mail.text).toContain('your account "owner"');
    expect(mail.text).toContain("https://forms.example.org/login");
    expect(mail.text).toContain("https://forms.example.org/reset_password");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((m) => m.subject.includes("tried to register"))).toHaveLength(1);
  });

  it("still says when a username is taken, since the person has to choose another", async () => {
    await server.api.post("/api/register", registration("taken", "taken@example.com"));
    const clash = await server.api.post("/api/register", registration("Taken", "someone-new@example.com"));
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("register.username.exists");
  });

  it("refuses a body that is not an object, and a reset confirmation likewise, with a 400", async () => {
    for (const route of ["/api/register", "/api/reset-password/confirm"])
      for (const body of ["null", "7", '"text"', "[]"]) {
        const response = await fetch(`${server.url}${route}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(response.status, `${route} ${body}`).toBe(400);
        expect(((await response.json()) as { code: string }).code).toBe("request.invalid");
      }
  });
});

describe("registration with a new address", () => {
  it("answers exactly as for a registered one, and the link mailed to the address confirms it and signs in", async () => {
    await server.api.post("/api/register", registration("known", "known@example.com"));
    const known = await server.api.post("/api/register", registration("knowing", "known@example.com"));
    const fresh = await server.api.post("/api/register", registration("newcomer", "newcomer@example.com"));
    expect([fresh.status, fresh.text]).toEqual([known.status, known.text]);
    expect(fresh.status).toBe(202);
    expect(fresh.body).toEqual({ checkEmail: true });

    const mail = await smtp.waitFor("newcomer@example.com", "onfirm");
    const code = /https:\/\/forms\.example\.org\/confirm_email\?code=([\w-]+)/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    const confirmed = await server.api.post<{ token: string }>("/api/email-confirm", { code });
    expect(confirmed.status).toBe(200);
    const me = await server.api.as(confirmed.body.token).get("/api/user");
    expect(me.body).toMatchObject({ username: "newcomer", emailConfirmed: true, account: null });
    // The link works once.
    expect((await server.api.post("/api/email-confirm", { code })).status).toBe(400);
  });
});
