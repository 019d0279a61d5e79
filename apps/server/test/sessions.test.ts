import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, startTestServer, type TestServer } from "./harness.ts";

/** What ends a sign-in and what does not: sign-out, refresh-token reuse, tokens without expiry. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("sessions", () => {
  it("ends the whole sign-in on the server at log out: no refresh token of it works afterwards", async () => {
    const first = await registerUser(server.api, "leaver");
    const second = await server.api.post<{ refresh_token: string }>("/api/refresh", {
      refresh_token: first.refresh_token,
    });
    expect(second.status).toBe(200);
    const other = await server.api.post<{ token: string; refresh_token: string }>("/api/login", {
      username: (await server.api.as(first.token).get<{ username: string }>("/api/user")).body.username,
      password: "secret123",
    });

    const loggedOut = await server.api.post("/api/logout", { refresh_token: second.body.refresh_token });
    expect(loggedOut.status).toBe(204);
    expect((await server.api.post("/api/refresh", { refresh_token: second.body.refresh_token })).status).toBe(
      401,
    );
    // Logging out one browser leaves the user's other sign-ins alone.
    expect((await server.api.post("/api/refresh", { refresh_token: other.body.refresh_token })).status).toBe(
      200,
    );
    // An unknown or spent token answers the same, so the call tells nothing about tokens.
    expect((await server.api.post("/api/logout", { refresh_token: "not-a-token" })).status).toBe(204);
    expect((await server.api.post("/api/logout", { refresh_token: first.refresh_token })).status).toBe(204);
  });

  it("ends the sign-in when a refresh token is spent twice at once: no new token of the burst survives", async () => {
    // The race is one of timing: run the burst for several sign-ins, so a lucky order cannot pass it.
    for (let round = 0; round < 10; round++) {
      const first = await registerUser(server.api, "racer");
      const burst = await Promise.all(
        Array.from({ length: 5 }, () =>
          server.api.post<{ refresh_token: string }>("/api/refresh", { refresh_token: first.refresh_token }),
        ),
      );
      const winners = burst.filter((r) => r.status === 200);
      expect(winners.length).toBeLessThanOrEqual(1);
      expect(burst.filter((r) => r.status === 401)).toHaveLength(5 - winners.length);
      for (const winner of winners) {
        const next = await server.api.post("/api/refresh", { refresh_token: winner.body.refresh_token });
        expect(next.status, `round ${round}: the winner's new token outlived the reuse`).toBe(401);
      }
    }
  });

  it("refuses an access token without an expiry, even when signed with the server's secret", async () => {
    const tokens = await registerUser(server.api, "forever");
    const id = (await server.api.as(tokens.token).get<{ id: number }>("/api/user")).body.id;
    const key = new TextEncoder().encode(server.settings.jwtSecret);
    const endless = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(id))
      .setIssuedAt()
      .sign(key);
    const response = await server.api.as(endless).get("/api/user");
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("token.invalid");

    const bounded = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);
    expect((await server.api.as(bounded).get("/api/user")).status).toBe(200);
  });
});
