import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.ts";
import { loadSettings, SettingsError } from "../src/settings.ts";
import { registerUser, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const validRegistration = {
  username: "alice",
  email: "alice@example.com",
  password: "secret123",
  passwordConfirmation: "secret123",
  acceptTermsAndConditionsAgreement: true,
  acceptPrivacyPolicyAgreement: true,
};

describe("registration", () => {
  it.each([
    [{ username: "ab" }, "register.username.length"],
    [{ username: "a".repeat(17) }, "register.username.length"],
    [{ username: "bob@mail.io" }, "register.username.email_like"],
    [{ email: "" }, "register.email.required"],
    [{ email: "nope" }, "register.email.invalid"],
    [{ password: "short1", passwordConfirmation: "short1" }, "register.password.too_short"],
    [{ password: "onlyletters", passwordConfirmation: "onlyletters" }, "register.password.too_simple"],
    [{ password: "12345678", passwordConfirmation: "12345678" }, "register.password.too_simple"],
    [{ passwordConfirmation: "" }, "register.password_confirmation.required"],
    [{ passwordConfirmation: "secret1234" }, "register.password_confirmation.not_equal"],
    [{ acceptTermsAndConditionsAgreement: false }, "register.terms.required"],
    [{ acceptPrivacyPolicyAgreement: false }, "register.privacy.required"],
  ])("rejects %o with %s", async (change, code) => {
    const response = await server.api.post("/api/register", { ...validRegistration, ...change });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code })]),
    );
  });

  it("names every wrong field at once, unequal passwords too", async () => {
    const response = await server.api.post("/api/register", {
      ...validRegistration,
      username: "ab",
      passwordConfirmation: "secret1234",
      acceptTermsAndConditionsAgreement: false,
    });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "username", code: "register.username.length" }),
        expect.objectContaining({
          field: "passwordConfirmation",
          code: "register.password_confirmation.not_equal",
        }),
        expect.objectContaining({
          field: "acceptTermsAndConditionsAgreement",
          code: "register.terms.required",
        }),
      ]),
    );
  });

  it("tells where the terms and the privacy policy are: the app's own pages unless the operator sets them", async () => {
    const response = await server.api.get("/api/legal-links");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ termsUrl: "/pages/terms", privacyUrl: "/pages/privacy" });
    const secrets = { JWT_SECRET: "j".repeat(32), SECRET_KEY: "s".repeat(32) };
    const set = loadSettings({
      ...secrets,
      TERMS_URL: "https://example.org/terms",
      PRIVACY_URL: "/privacy.html",
    });
    expect([set.termsUrl, set.privacyUrl]).toEqual(["https://example.org/terms", "/privacy.html"]);
    expect(() => loadSettings({ ...secrets, TERMS_URL: "javascript:alert(1)" })).toThrow(SettingsError);
    expect(() => loadSettings({ ...secrets, PRIVACY_URL: "//evil.example" })).toThrow(SettingsError);
  });

  // Runs after the rejections above: that "alice" is still free shows they created nobody.
  it("registers, refuses the same username or e-mail again, and signs in with trimmed input", async () => {
    const created = await server.api.post("/api/register", validRegistration);
    // The same answer as for a registered address: "check your inbox".
    expect(created.status).toBe(202);
    expect(created.body).toEqual({ checkEmail: true });

    const again = await server.api.post("/api/register", {
      ...validRegistration,
      username: "ALICE",
      email: "x@example.com",
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("register.username.exists");
    const sameMail = await server.api.post("/api/register", {
      ...validRegistration,
      username: "alice2",
      email: "Alice@Example.com",
    });
    // A registered address is not told apart: "check your inbox", where its owner learns how to sign in.
    expect(sameMail.status).toBe(202);
    expect(sameMail.body).toEqual({ checkEmail: true });

    const login = await server.api.post("/api/login", { username: "  alice ", password: " secret123  " });
    expect(login.status).toBe(200);
    const me = await server.api.as(login.body.token as string).get("/api/user");
    expect(me.body).toMatchObject({
      username: "alice",
      email: "alice@example.com",
      account: null,
      roles: [],
      isAccountAdmin: false,
    });
  });

  it("starts a new user in the language and time zone they signed up in, when those are valid", async () => {
    const settingsOf = async (username: string, registerParams: Record<string, unknown>) => {
      const created = await server.api.post("/api/register", {
        ...validRegistration,
        username,
        email: `${username}@example.com`,
        registerParams,
      });
      expect(created.status).toBe(202);
      const login = await server.api.post<{ token: string }>("/api/login", {
        username,
        password: "secret123",
      });
      return (await server.api.as(login.body.token).get("/api/user")).body;
    };
    expect(await settingsOf("olena", { locale: "uk", timezone: "Europe/Kyiv" })).toMatchObject({
      locale: "uk",
      timezone: "Europe/Kyiv",
    });
    expect(await settingsOf("mallory", { locale: "xx", timezone: "Mars/Olympus" })).toMatchObject({
      locale: "en",
      timezone: "UTC",
    });
  });

  it("answers bad credentials with the spec's message", async () => {
    const response = await server.api.post("/api/login", { username: "alice", password: "wrong-password1" });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: "auth.bad_credentials",
      message: "Incorrect login or password",
    });
  });
});

describe("sign-in by e-mail", () => {
  it("matches only e-mail addresses, even when an older username looks like someone's address", async () => {
    // A username from before usernames could not hold "@", equal to another person's address.
    const { hashPassword } = await import("../src/auth/passwords.ts");
    await server.database.db.insert(users).values({
      username: "eve@mail.io",
      email: "squatter@example.com",
      passwordHash: await hashPassword("squatter1"),
    });
    const owner = await server.api.post("/api/register", {
      ...validRegistration,
      username: "evelyn",
      email: "Eve@Mail.io",
    });
    expect(owner.status).toBe(202);

    const byEmail = await server.api.post<{ token: string }>("/api/login", {
      username: "eve@mail.io",
      password: "secret123",
    });
    expect(byEmail.status).toBe(200);
    expect((await server.api.as(byEmail.body.token).get("/api/user")).body.username).toBe("evelyn");
    const squatter = await server.api.post("/api/login", { username: "eve@mail.io", password: "squatter1" });
    expect(squatter.status).toBe(401);
  });
});

describe("sign-in rate limit", () => {
  it("refuses a username after ten failures in fifteen minutes, even with the right password", async () => {
    const tokens = await registerUser(server.api, "limit");
    const username = (await server.api.as(tokens.token).get("/api/user")).body.username as string;
    for (let i = 0; i < 10; i++) {
      const failed = await server.api.post("/api/login", { username, password: "wrong-pass1" });
      expect(failed.status).toBe(401);
    }
    const blocked = await server.api.post("/api/login", { username, password: "secret123" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("auth.rate_limited");
  });
});

describe("tokens", () => {
  it("rotates refresh tokens: the old one dies, and reusing it ends the whole sign-in", async () => {
    const first = await registerUser(server.api, "rotate");
    const second = await server.api.post("/api/refresh", { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);

    const replay = await server.api.post("/api/refresh", { refresh_token: first.refresh_token });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("refresh_token.invalid");
    // The replay revoked the family, so the token issued by the legitimate refresh is dead too.
    const afterReplay = await server.api.post("/api/refresh", { refresh_token: second.body.refresh_token });
    expect(afterReplay.status).toBe(401);
  });

  it("says token.expired for an expired access token and 401 for a forged or missing one", async () => {
    const key = new TextEncoder().encode(server.settings.jwtSecret);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const response = await server.api.as(expired).get("/api/user");
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("token.expired");

    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await server.api.as(forged).get("/api/user")).body.code).toBe("token.invalid");
    expect((await server.api.get("/api/user")).status).toBe(401);
  });
});

describe("accounts", () => {
  it("creates an account with its creator as admin, with a unique subdomain and DPA accepted", async () => {
    const tokens = await registerUser(server.api, "owner");
    const api = server.api.as(tokens.token);
    const noDpa = await api.post("/api/account/create", {
      name: "Owner Co",
      subdomain: "owner-co",
      type: "company",
    });
    expect(noDpa.status).toBe(400);
    expect(noDpa.body.code).toBe("account.dpa.required");

    const created = await api.post("/api/account/create", {
      name: "Owner Co",
      subdomain: "Owner-Co",
      type: "company",
      acceptDpa: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Owner Co", subdomain: "owner-co", type: "company" });

    const me = await api.get("/api/user");
    expect(me.body).toMatchObject({
      isAccountAdmin: true,
      roles: ["admin"],
      account: { subdomain: "owner-co" },
    });
    expect((await api.get(`/api/account/${created.body.id}`)).body.name).toBe("Owner Co");

    const twice = await api.post("/api/account/create", {
      name: "Second",
      subdomain: "second",
      acceptDpa: true,
    });
    expect(twice.body.code).toBe("account.already_member");

    const other = server.api.as((await registerUser(server.api, "other")).token);
    const clash = await other.post("/api/account/create", {
      name: "Clash",
      subdomain: "owner-co",
      acceptDpa: true,
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: "account.exists", message: "Name or subdomain already exists" });
  });

  it("does not show another account", async () => {
    const a = await signUpWithAccount(server.api, "viewa");
    const b = await signUpWithAccount(server.api, "viewb");
    expect((await a.api.get(`/api/account/${b.accountId}`)).status).toBe(404);
  });
});

describe("user settings", () => {
  it("reads and changes the caller's own language, time zone and currency, and refuses bad values", async () => {
    const tokens = await registerUser(server.api, "prefs");
    const api = server.api.as(tokens.token);
    const me = (await api.get<{ id: number; locale: string }>("/api/user")).body;
    expect(me.locale).toBe("en");
    expect((await api.get(`/api/user/${me.id}/settings`)).body).toEqual({
      locale: "en",
      timezone: "UTC",
      currency: "EUR",
    });

    const changed = await api.patch(`/api/user/${me.id}/settings`, { locale: "uk", timezone: "Europe/Kyiv" });
    expect(changed.body).toEqual({ locale: "uk", timezone: "Europe/Kyiv", currency: "EUR" });
    expect((await api.get("/api/user")).body).toMatchObject({ locale: "uk", timezone: "Europe/Kyiv" });

    for (const [body, code] of [
      [{ locale: "de" }, "user.locale.invalid"],
      [{ timezone: "Mars/Olympus" }, "user.timezone.invalid"],
      [{ currency: "euro" }, "user.currency.invalid"],
    ] as const) {
      const refused = await api.patch(`/api/user/${me.id}/settings`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(code);
    }
    expect((await api.get(`/api/user/${me.id}/settings`)).body).toEqual({
      locale: "uk",
      timezone: "Europe/Kyiv",
      currency: "EUR",
    });

    const other = server.api.as((await registerUser(server.api, "nosy")).token);
    expect((await other.get(`/api/user/${me.id}/settings`)).status).toBe(404);
    expect((await other.patch(`/api/user/${me.id}/settings`, { locale: "ru" })).status).toBe(404);
    expect((await server.api.get(`/api/user/${me.id}/settings`)).status).toBe(401);
  });
});
