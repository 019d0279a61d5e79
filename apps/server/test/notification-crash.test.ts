import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "../src/seed-demo.ts";
import { ApiClient, freshDatabaseTarget } from "./harness.ts";
import { exited, freePort, spawnServer } from "./process.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  target = await freshDatabaseTarget();
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp.close();
  await target.drop();
});

function baseEnv(): Record<string, string> {
  return {
    DATA_DIR: target.dataDir,
    SEED_DEMO: "true",
    SMTP_URL: smtp.url,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  };
}

/** `npm run worker`: main.ts with --worker, waiting until it says it runs. */
function spawnWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts", "--worker"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Formloom worker is running")) resolve(child);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
  });
}

async function signIn(url: string) {
  const anonymous = new ApiClient(url);
  const login = await anonymous.post<{ token: string }>("/api/login", DEMO_LOGIN);
  const admin = anonymous.as(login.body.token);
  const forms = await admin.get<{ forms: Array<{ id: number }> }>("/api/forms/account");
  return { anonymous, admin, formId: forms.body.forms[0]!.id };
}

async function sendAnswers(anonymous: ApiClient, formId: number, prefix: string, count: number) {
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const sent = await anonymous.post("/api/forms/answer", {
        formId,
        answers: [
          { fieldId: "name", answer: `${prefix} ${n}` },
          { fieldId: "rating", answer: "r1" },
        ],
      });
      expect(sent.status, sent.text).toBe(201);
    }),
  );
}

async function waitForSubjects(prefix: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  const subjects = () => smtp.messages.map((m) => m.subject).filter((s) => s.startsWith(prefix));
  while (subjects().length < count && Date.now() < deadline)
    await new Promise((done) => setTimeout(done, 50));
  // A few more rounds of the workers: nothing is sent twice.
  await new Promise((done) => setTimeout(done, 600));
  return subjects().sort();
}

const expected = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => `${prefix} ${n}`).sort();

// Each test starts the real server as a process, twice: minutes on a busy machine.
describe("notification durability", { timeout: 180_000 }, () => {
  it("still mails each submission once after the server is killed before sending", async () => {
    // The first process never gets round to its automation jobs: it would look after ten minutes.
    const first = await spawnServer({ ...baseEnv(), AUTOMATION_POLL_MS: "600000" }, await freePort());
    const { anonymous, admin, formId } = await signIn(first.url);
    const created = await admin.post(`/api/forms/${formId}/email-notifications`, {
      adminName: "Durable",
      to: { formAuthor: true },
      subject: "[answer:name]",
      message: "<p>[answer:name]</p>",
    });
    expect(created.status, created.text).toBe(200);
    await sendAnswers(anonymous, formId, "Crash", 8);
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(smtp.messages).toHaveLength(0);

    const second = await spawnServer(
      { ...baseEnv(), AUTOMATION_POLL_MS: "50", MAIL_POLL_MS: "50" },
      await freePort(),
    );
    try {
      expect(await waitForSubjects("Crash", 8)).toEqual(expected("Crash", 8));
      expect(smtp.messages.every((m) => m.to.includes("demo@formloom.local"))).toBe(true);
    } finally {
      second.child.kill("SIGTERM");
      await exited(second.child);
    }
  }, 240_000);

  it("leaves the queues to a worker process when the server's own workers are off", async () => {
    const fast = { AUTOMATION_POLL_MS: "50", MAIL_POLL_MS: "50" };
    const web = await spawnServer({ ...baseEnv(), ...fast, RUN_WORKERS: "false" }, await freePort());
    let worker: ChildProcess | undefined;
    try {
      const { anonymous, admin, formId } = await signIn(web.url);
      // The notification of the test before stays quiet.
      const earlier = await admin.get<{ notifications: Array<{ id: number }> }>(
        "/api/email-notifications/all",
      );
      for (const { id } of earlier.body.notifications)
        await admin.patch(`/api/forms/${formId}/email-notifications/${id}`, { enabled: false });
      await admin.post(`/api/forms/${formId}/email-notifications`, {
        adminName: "Scaled out",
        to: { formAuthor: true },
        subject: "[answer:name]",
        message: "<p>[answer:name]</p>",
      });
      await sendAnswers(anonymous, formId, "Worker", 5);
      await new Promise((done) => setTimeout(done, 800));
      expect(smtp.messages.filter((m) => m.subject.startsWith("Worker"))).toHaveLength(0);
      if (!target.databaseUrl) {
        // The embedded database admits one process: the worker takes over once the server stops.
        web.child.kill("SIGTERM");
        await exited(web.child);
      }
      worker = await spawnWorker({ ...baseEnv(), ...fast });
      expect(await waitForSubjects("Worker", 5)).toEqual(expected("Worker", 5));
    } finally {
      web.child.kill("SIGTERM");
      await exited(web.child);
      if (worker) {
        worker.kill("SIGTERM");
        await exited(worker);
        expect(worker.exitCode).toBe(0);
      }
    }
  }, 240_000);

  // Last: it closes the demo form the tests before send to.
  it("unpublishes the form by its rule with the submission, so it stays closed after the server is killed before the job ran", async () => {
    const first = await spawnServer({ ...baseEnv(), AUTOMATION_POLL_MS: "600000" }, await freePort());
    const { anonymous, admin, formId } = await signIn(first.url);
    const published = async (client: ApiClient) =>
      (await client.get<{ form: { isPublished: boolean } }>(`/api/forms/${formId}`)).body.form.isPublished;
    const rule = {
      id: "close",
      name: "Close on a poor rating",
      when: "submit",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "rating", operator: "equal", value: "r3" }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [{ type: "unpublish" }],
    };
    const patched = await admin.patch(`/api/forms/${formId}`, { conditionalRules: [rule] });
    expect(patched.status, patched.text).toBe(200);
    const sent = await anonymous.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "name", answer: "Unhappy" },
        { fieldId: "rating", answer: "r3" },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    // Closed as the submission is acknowledged, not when its job runs.
    expect(await published(admin)).toBe(false);
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await spawnServer({ ...baseEnv(), AUTOMATION_POLL_MS: "50" }, await freePort());
    try {
      const { admin: again } = await signIn(second.url);
      // The job the submission queued still runs once, and leaves the form as it is.
      await expect
        .poll(
          async () =>
            (
              await again.get<{ jobs: Array<{ answerId: number; state: string }> }>(
                `/api/forms/${formId}/automation-jobs`,
              )
            ).body.jobs.find((job) => job.answerId === sent.body.id)?.state,
          { timeout: 30_000 },
        )
        .toBe("done");
      expect(await published(again)).toBe(false);
    } finally {
      second.child.kill("SIGTERM");
      await exited(second.child);
    }
  }, 240_000);
});
