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

function signIn(username: string, password: string, address: string): Promise<ApiResponse> {
  return server.api.post("/api/login", { username, password }, { "x-forwarded-for": address });
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
