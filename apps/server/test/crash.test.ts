import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "../src/seed-demo.ts";
import { ApiClient, freshDatabaseTarget } from "./harness.ts";
import { exited, freePort, spawnServer } from "./process.ts";

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
beforeAll(async () => {
  target = await freshDatabaseTarget();
});
afterAll(() => target.drop());

// Each test starts the real server as a process, twice: minutes on a busy machine.
describe("durability", { timeout: 180_000 }, () => {
  it("keeps every acknowledged submission when the server is killed with SIGKILL mid-burst", async () => {
    const env = {
      DATA_DIR: target.dataDir,
      SEED_DEMO: "true",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    };
    const first = await spawnServer(env, await freePort());
    const anonymous = new ApiClient(first.url);
    const login = await anonymous.post<{ token: string }>("/api/login", DEMO_LOGIN);
    const admin = anonymous.as(login.body.token);
    const forms = await admin.get<{ forms: Array<{ id: number }> }>("/api/forms/account");
    const formId = forms.body.forms[0]!.id;

    const acknowledged: number[] = [];
    const submitOne = async (n: number) => {
      const response = await anonymous.post<{ id: number }>("/api/forms/answer", {
        formId,
        answers: [
          { fieldId: "name", answer: `respondent ${n}` },
          { fieldId: "rating", answer: "r1" },
        ],
      });
      if (response.status === 201) acknowledged.push(response.body.id);
    };
    // A burst in waves of 20 concurrent submissions; the kill lands while the last wave is in flight.
    for (let wave = 0; wave < 5; wave++) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => submitOne(wave * 20 + i)));
    }
    const inFlight = Array.from({ length: 20 }, (_, i) => submitOne(100 + i).catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill("SIGKILL");
    await Promise.all(inFlight);
    await exited(first.child);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);

    const second = await spawnServer(env, await freePort());
    try {
      const again = new ApiClient(second.url);
      const relogin = await again.post<{ token: string }>("/api/login", DEMO_LOGIN);
      const page = await again
        .as(relogin.body.token)
        .get<{ answerList: Array<{ id: number }>; total: number }>(
          `/api/forms/${formId}/answer/paginated/1/500?sortBy=id&order=asc`,
        );
      const stored = new Set(page.body.answerList.map((a) => a.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
    } finally {
      second.child.kill("SIGTERM");
      await exited(second.child);
    }
  });
});
