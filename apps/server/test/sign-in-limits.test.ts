import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, registerUser, startTestServer, type TestServer } from "./harness.ts";

/**
 * Sign-in limits as a guesser meets them: from one address, from many, under parallel bursts.
 * The server trusts X-Forwarded-For here, so each request can come "from" its own address.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(() => server.close());

let addresses = 0;
/** A fresh client address for each test, so the tests do not share per-address counters. */
const newAddress = () => `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}`;

function signIn(
  username: string,
  password: string,
  address: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return server.api.post("/api/login", { username, password }, { "x-forwarded-for": address, ...headers });
}

/** Signs in as a browser does, and returns the cookie the server gave the device. */
async function deviceCookie(username: string, address: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ username, password: "secret123" }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("flr_device="));
  expect(cookie).toMatch(/HttpOnly/i);
  return cookie!.split(";")[0]!;
}

/** A stranger's 200 parallel wrong passwords from twelve addresses: the back-off of the user is on. */
async function strangerGuesses(username: string): Promise<void> {
  const strangers = Array.from({ length: 12 }, newAddress);
  const guesses = await Promise.all(
    Array.from({ length: 200 }, (_, i) => signIn(username, "wrong-pass1", strangers[i % 12]!)),
  );
  expect(count(guesses, 401) + count(guesses, 429)).toBe(200);
  expect(count(guesses, 429)).toBeGreaterThan(0);
  // Then one guess each time the wait ends, as a patient stranger would, until it is a few seconds.
  for (let i = 0; i < 6; i++) {
    const guess = await signIn(username, "wrong-pass1", newAddress());
    const wait = guess.status === 429 ? (guess.body as { retryAfter: number }).retryAfter : 0;
    if (wait >= 4) return;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  throw new Error("the stranger's guesses did not hold the user back");
}

async function newUser(name: string): Promise<{ username: string; email: string }> {
  const tokens = await registerUser(server.api, name);
  return (await server.api.as(tokens.token).get<{ username: string; email: string }>("/api/user")).body;
}

const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status);
const count = (responses: ApiResponse[], status: number) =>
  statuses(responses).filter((s) => s === status).length;

describe("sign-in limits", () => {
  it("checks at most ten of 200 parallel wrong passwords for one user from one address", async () => {
    const { username } = await newUser("burst");
    const address = newAddress();
    const burst = await Promise.all(
      Array.from({ length: 200 }, () => signIn(username, "wrong-pass1", address)),
    );
    expect(count(burst, 401)).toBeLessThanOrEqual(10);
    expect(count(burst, 401) + count(burst, 429)).toBe(200);

    // Even the right password waits now, and the answer says how long.
    const response = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ username, password: "secret123" }),
    });
    expect(response.status).toBe(429);
    const body = (await response.json()) as { code: string; retryAfter: number };
    expect(body.code).toBe("auth.rate_limited");
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(Number(response.headers.get("retry-after"))).toBe(body.retryAfter);
  });

  it("does not let a stranger's failures from one address lock the owner out at another", async () => {
    const { username } = await newUser("owner");
    const stranger = newAddress();
    const guesses = await Promise.all(
      Array.from({ length: 15 }, () => signIn(username, "wrong-pass1", stranger)),
    );
    expect(count(guesses, 429)).toBeGreaterThanOrEqual(5);
    expect((await signIn(username, "secret123", stranger)).status).toBe(429);

    expect((await signIn(username, "secret123", newAddress())).status).toBe(200);
  });

  it("counts tries by username and by e-mail as one, for the same user", async () => {
    const { username, email } = await newUser("both");
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(username, "wrong-pass1", address)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await signIn(email, "wrong-pass1", address)).status).toBe(401);
    expect((await signIn(email.toUpperCase(), "secret123", address)).status).toBe(429);
  });

  it("forgets an address's failed tries once the owner signs in from it", async () => {
    const { username } = await newUser("typos");
    const address = newAddress();
    for (let i = 0; i < 9; i++) expect((await signIn(username, "wrong-pass1", address)).status).toBe(401);
    expect((await signIn(username, "secret123", address)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(username, "wrong-pass1", address)).status).toBe(401);
    expect((await signIn(username, "secret123", address)).status).toBe(200);
  });

  it("slows guesses at one user from many addresses down, and lets the owner in after the wait", async () => {
    const { username } = await newUser("spread");
    // Twenty tries per user are free; then each try must wait for the one before.
    const spread = await Promise.all(
      Array.from({ length: 25 }, () => signIn(username, "wrong-pass1", newAddress())),
    );
    // The first twenty and the one after them are checked; the rest of the burst waits behind it.
    expect(count(spread, 401)).toBeGreaterThanOrEqual(21);
    expect(count(spread, 401) + count(spread, 429)).toBe(25);

    // Each further guess doubles the wait (2, 4, 8 … s), so the guesser soon meets it.
    let guessed = 0;
    while (guessed < 5 && (await signIn(username, "wrong-pass1", newAddress())).status === 401) guessed++;
    expect(guessed).toBeLessThan(5);
    const held = await signIn(username, "secret123", newAddress());
    expect(held.status).toBe(429);
    const wait = (held.body as { retryAfter: number }).retryAfter;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    expect((await signIn(username, "secret123", newAddress())).status).toBe(200);
    // Signed in, the owner is not held back on the next device either.
    expect((await signIn(username, "secret123", newAddress())).status).toBe(200);
  });

  it("lets the owner in from a device or an address that signed in before while a stranger keeps the back-off on", async () => {
    const { username } = await newUser("kept");
    const home = newAddress();
    const device = await deviceCookie(username, home);
    await strangerGuesses(username);
    // A new device at a new address waits, as the stranger does.
    expect((await signIn(username, "secret123", newAddress())).status).toBe(429);
    // The device that signed in before gets through from anywhere, and so does the address.
    expect((await signIn(username, "secret123", newAddress(), { cookie: device })).status).toBe(200);
    expect((await signIn(username, "secret123", home)).status).toBe(200);
    // The owner's device with a wrong password is still refused, and counted on its own.
    expect((await signIn(username, "wrong-pass1", newAddress(), { cookie: device })).status).toBe(401);
  });

  it("trusts a device only for the user who signed in on it", async () => {
    const { username } = await newUser("target");
    const other = await newUser("other");
    const strangersDevice = await deviceCookie(other.username, newAddress());
    await strangerGuesses(username);
    expect((await signIn(username, "secret123", newAddress(), { cookie: strangersDevice })).status).toBe(429);
  });

  it("checks at most ten of 200 parallel wrong passwords sent with the owner's device cookie", async () => {
    const { username } = await newUser("stolen");
    const device = await deviceCookie(username, newAddress());
    const burst = await Promise.all(
      Array.from({ length: 200 }, () => signIn(username, "wrong-pass1", newAddress(), { cookie: device })),
    );
    expect(count(burst, 401)).toBeLessThanOrEqual(10);
    expect(count(burst, 401) + count(burst, 429)).toBe(200);
  });

  it("does not count the owner's refused tries against their address", async () => {
    const { username } = await newUser("patient");
    await strangerGuesses(username);
    const mine = newAddress();
    // Tries refused by the back-off, before any password was looked at.
    for (let i = 0; i < 12; i++) expect((await signIn(username, "secret123", mine)).status).toBe(429);
    const counted = await server.database.raw.query<{ key: string; count: number }>(
      "select key, count from sign_in_counters where key like $1 and count > 0",
      [`%:${mine}`],
    );
    expect(counted).toEqual([]);
  });

  it("stops one address from trying many users, past a ceiling an office behind one NAT does not reach", async () => {
    const address = newAddress();
    const sweep = await Promise.all(
      Array.from({ length: 130 }, (_, i) => signIn(`nobody${i}`, "wrong-pass1", address)),
    );
    expect(count(sweep, 401)).toBe(100);
    expect(count(sweep, 429)).toBe(30);
    const { username } = await newUser("office");
    expect((await signIn(username, "secret123", newAddress())).status).toBe(200);
  });
});
