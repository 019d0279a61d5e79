import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures, mailOutbox, refreshTokens } from "../src/db/schema.ts";
import { cleanUp } from "../src/jobs/housekeeping.ts";
import { registerUser, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("housekeeping", () => {
  it("removes stale failures, expired refresh tokens and old sent mail, and keeps what still counts", async () => {
    const db = server.database.db;
    const tokens = await registerUser(server.api, "tidy");
    const [spent] = await db.select().from(refreshTokens).limit(1);
    await db.insert(loginFailures).values([
      { key: "user:old", createdAt: daysAgo(2) },
      { key: "user:recent", createdAt: new Date() },
    ]);
    await db.insert(refreshTokens).values({
      userId: spent!.userId,
      family: "old-family",
      tokenHash: "stale-hash",
      expiresAt: daysAgo(3),
    });
    await db.insert(mailOutbox).values([
      { to: "old@example.com", subject: "old", text: "sent long ago", sentAt: daysAgo(40) },
      { to: "waiting@example.com", subject: "unsent", text: "never sent", createdAt: daysAgo(40) },
    ]);

    expect(await cleanUp(db)).toBeGreaterThanOrEqual(3);

    const keys = (await db.select({ key: loginFailures.key }).from(loginFailures)).map((row) => row.key);
    expect(keys).toContain("user:recent");
    expect(keys).not.toContain("user:old");
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, "stale-hash"))).toEqual(
      [],
    );
    const mail = (await db.select({ to: mailOutbox.to }).from(mailOutbox)).map((row) => row.to);
    expect(mail).toContain("waiting@example.com");
    expect(mail).not.toContain("old@example.com");
    // The live sign-in still works.
    expect((await server.api.post("/api/refresh", { refresh_token: tokens.refresh_token })).status).toBe(200);
  });
});
