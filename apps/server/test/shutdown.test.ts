import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/connect.ts";
import { DEMO_LOGIN } from "../src/seed-demo.ts";
import { loadSettings } from "../src/settings.ts";
import { ApiClient, freshDatabaseTarget } from "./harness.ts";
import { exited, freePort, spawnServer } from "./process.ts";

/**
 * SIGTERM as a deployment sends it: the server stops taking connections, finishes the requests
 * it has, closes the database and exits 0; readiness tells a balancer when to send work.
 */

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
beforeAll(async () => {
  target = await freshDatabaseTarget();
});
afterAll(() => target.drop());

interface SlowRequest {
  /** Sends the rest of the body. */
  finish(): void;
  /** The status of every answer on this connection, in order, once the server closes it. */
  statuses: Promise<number[]>;
}

/**
 * A submission whose body is only half sent: the server holds it as a request in flight. It asks
 * for "100 Continue" first, so it is known to be a request the server took, not a bare connection.
 */
function startSlowSubmission(port: number, body: string): Promise<SlowRequest> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const half = Math.floor(body.length / 2);
    const request: SlowRequest = {
      // No FIN after the body: Node would take a half-closed connection as an aborted request.
      // The server closes the connection itself, at the latest when its process exits.
      finish: () => socket.write(body.slice(half)),
      statuses: new Promise<number[]>((done) => {
        socket.on("close", () =>
          done(
            [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1])).filter((s) => s !== 100),
          ),
        );
      }),
    };
    socket.on("data", (chunk: Buffer) => {
      const continued = received.includes("100 Continue");
      received += chunk.toString();
      if (!continued && received.includes("100 Continue")) {
        socket.write(body.slice(0, half));
        resolve(request);
      }
    });
    socket.on("error", reject);
    socket.on("connect", () =>
      socket.write(
        `POST /api/forms/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      ),
    );
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Each test starts the real server as a process, twice: minutes on a busy machine.
describe("graceful shutdown", { timeout: 180_000 }, () => {
  it("finishes the submissions in flight on SIGTERM, refuses new connections and exits 0", async () => {
    const env = {
      DATA_DIR: target.dataDir,
      SEED_DEMO: "true",
      SHUTDOWN_DRAIN_MS: "1500",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    };
    const port = await freePort();
    const first = await spawnServer(env, port);
    const anonymous = new ApiClient(first.url);
    const ready = await anonymous.get("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready" });
    const login = await anonymous.post<{ token: string }>("/api/login", DEMO_LOGIN);
    const admin = anonymous.as(login.body.token);
    const forms = await admin.get<{ forms: Array<{ id: number }> }>("/api/forms/account");
    const formId = forms.body.forms[0]!.id;
    const countAnswers = async (api: ApiClient) => {
      const page = await api.get<{ total: number }>(`/api/forms/${formId}/answer/paginated/1/10`);
      return page.body.total;
    };
    const before = await countAnswers(admin);

    const submission = (n: number) =>
      JSON.stringify({
        formId,
        answers: [
          { fieldId: "name", answer: `leaving respondent ${n}` },
          { fieldId: "rating", answer: "r1" },
        ],
      });
    const inFlight = await Promise.all(
      Array.from({ length: 10 }, (_, n) => startSlowSubmission(port, submission(n))),
    );
    first.child.kill("SIGTERM");
    // Draining: no longer ready, yet still serving, so a balancer moves new work elsewhere first.
    await waitFor(async () => (await anonymous.get("/api/ready")).status === 503);
    expect((await anonymous.get("/api/ready")).body).toEqual({ status: "unavailable" });
    expect((await anonymous.get("/api/health")).status).toBe(200);
    await waitFor(() => refusesConnections(port));

    for (const request of inFlight) request.finish();
    const statuses = await Promise.all(inFlight.map((request) => request.statuses));
    const exitCode = await new Promise<number | null>((resolve) => {
      if (first.child.exitCode !== null) resolve(first.child.exitCode);
      else first.child.on("exit", (code) => resolve(code));
    });
    expect(statuses).toEqual(Array.from({ length: 10 }, () => [201]));
    expect(exitCode, first.output()).toBe(0);

    const second = await spawnServer(env, await freePort());
    try {
      const again = new ApiClient(second.url);
      const relogin = await again.post<{ token: string }>("/api/login", DEMO_LOGIN);
      expect(await countAnswers(again.as(relogin.body.token))).toBe(before + 10);
    } finally {
      second.child.kill("SIGTERM");
      await exited(second.child);
    }
  });
});

// Each test starts the real server as a process, twice: minutes on a busy machine.
describe("readiness", { timeout: 180_000 }, () => {
  it("answers 503 when the database does not answer", async () => {
    const own = await freshDatabaseTarget();
    const settings = loadSettings({
      DATA_DIR: own.dataDir,
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      ...(own.databaseUrl ? { DATABASE_URL: own.databaseUrl } : {}),
    });
    const database = await openDatabase(settings);
    const app = await buildApp(settings, database);
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      const api = new ApiClient(
        `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
      );
      expect((await api.get("/api/ready")).status).toBe(200);
      await database.close();
      const response = await api.get("/api/ready");
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: "unavailable" });
    } finally {
      await app.close();
      await own.drop();
    }
  });
});
