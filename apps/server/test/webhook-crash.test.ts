import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "../src/seed-demo.ts";
import { ApiClient, freshDatabaseTarget } from "./harness.ts";
import { exited, freePort, spawnServer } from "./process.ts";

const RECEIVER_HOST = "127.0.0.2";
let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
let receiver: Server;
let receiverPort: number;
const received: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  target = await freshDatabaseTarget();
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, RECEIVER_HOST, done));
  receiverPort = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await target.drop();
});

// Each test starts the real server as a process, twice: minutes on a busy machine.
describe("webhook durability", { timeout: 180_000 }, () => {
  it("still delivers each submission's event once after the server is killed before sending it", async () => {
    const env = {
      DATA_DIR: target.dataDir,
      SEED_DEMO: "true",
      WEBHOOK_ALLOW_HOSTS: RECEIVER_HOST,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    };
    // The first process never gets round to sending: its worker would look only after ten minutes.
    const first = await spawnServer({ ...env, WEBHOOK_POLL_MS: "600000" }, await freePort());
    const anonymous = new ApiClient(first.url);
    const login = await anonymous.post<{ token: string }>("/api/login", DEMO_LOGIN);
    const admin = anonymous.as(login.body.token);
    const forms = await admin.get<{ forms: Array<{ id: number }> }>("/api/forms/account");
    const formId = forms.body.forms[0]!.id;
    const hook = await admin.post<{ id: number; secret: string }>(`/api/forms/${formId}/webhooks`, {
      title: "Durable",
      endpoint: `http://${RECEIVER_HOST}:${receiverPort}/in`,
    });
    expect(hook.status, hook.text).toBe(200);

    const acknowledged: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        const sent = await anonymous.post<{ id: number }>("/api/forms/answer", {
          formId,
          answers: [
            { fieldId: "name", answer: `respondent ${n}` },
            { fieldId: "rating", answer: "r1" },
          ],
        });
        expect(sent.status, sent.text).toBe(201);
        acknowledged.push(sent.body.id);
      }),
    );
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(received).toHaveLength(0);

    const second = await spawnServer({ ...env, WEBHOOK_POLL_MS: "50" }, await freePort());
    try {
      const deadline = Date.now() + 15_000;
      while (received.length < 10 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
      // A few more rounds of the worker: nothing is sent twice.
      await new Promise((done) => setTimeout(done, 500));
      expect(received).toHaveLength(10);
      const answerIds = received.map((hit) => {
        const payload = new Webhook(hook.body.secret).verify(hit.body, hit.headers) as {
          data: { answerId: number };
        };
        return payload.data.answerId;
      });
      expect(answerIds.sort((a, b) => a - b)).toEqual(acknowledged.sort((a, b) => a - b));
      expect(new Set(received.map((hit) => hit.headers["webhook-id"])).size).toBe(10);
    } finally {
      second.child.kill("SIGTERM");
      await exited(second.child);
    }
  });
});
