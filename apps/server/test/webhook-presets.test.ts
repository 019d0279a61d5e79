import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { HttpReceiver, until } from "./http-receiver.ts";

/**
 * Webhook presets post a message the chat shows. Each body is checked against the JSON shape the
 * service documents for its incoming webhooks (the fields and limits below are theirs).
 */
const RECEIVER_HOST = "127.0.0.2";

const plainText = (max: number) => ({
  type: "object",
  required: ["type", "text"],
  properties: { type: { const: "plain_text" }, text: { type: "string", minLength: 1, maxLength: max } },
});
const mrkdwn = (max: number) => ({
  type: "object",
  required: ["type", "text"],
  properties: { type: { const: "mrkdwn" }, text: { type: "string", minLength: 1, maxLength: max } },
});

/** docs.slack.dev/messaging/sending-messages-using-incoming-webhooks, Block Kit header and section blocks. */
const SLACK = {
  type: "object",
  required: ["text"],
  properties: {
    text: { type: "string", minLength: 1 },
    blocks: {
      type: "array",
      maxItems: 50,
      items: {
        oneOf: [
          {
            type: "object",
            required: ["type", "text"],
            properties: { type: { const: "header" }, text: plainText(150) },
          },
          {
            type: "object",
            required: ["type", "text"],
            properties: { type: { const: "section" }, text: mrkdwn(3000) },
          },
        ],
      },
    },
  },
};

/** discord.com/developers/docs/resources/webhook#execute-webhook and the embed limits. */
const DISCORD = {
  type: "object",
  anyOf: [{ required: ["content"] }, { required: ["embeds"] }],
  properties: {
    content: { type: "string", maxLength: 2000 },
    embeds: {
      type: "array",
      maxItems: 10,
      items: {
        type: "object",
        properties: {
          title: { type: "string", maxLength: 256 },
          url: { type: "string" },
          fields: {
            type: "array",
            maxItems: 25,
            items: {
              type: "object",
              required: ["name", "value"],
              properties: {
                name: { type: "string", minLength: 1, maxLength: 256 },
                value: { type: "string", minLength: 1, maxLength: 1024 },
                inline: { type: "boolean" },
              },
            },
          },
        },
      },
    },
  },
};

/** learn.microsoft.com: a Teams message carrying an Adaptive Card, as incoming webhooks and Workflows take it. */
const TEAMS = {
  type: "object",
  required: ["type", "attachments"],
  properties: {
    type: { const: "message" },
    attachments: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["contentType", "content"],
        properties: {
          contentType: { const: "application/vnd.microsoft.card.adaptive" },
          content: {
            type: "object",
            required: ["type", "version", "body"],
            properties: {
              type: { const: "AdaptiveCard" },
              version: { type: "string" },
              body: { type: "array", items: { type: "object", required: ["type"] } },
            },
          },
        },
      },
    },
  },
};

let server: TestServer;
let admin: ApiClient;
let formId: number;
const receiver = new HttpReceiver(RECEIVER_HOST);
const ajv = new Ajv2020({ allErrors: true, strict: false });

beforeAll(async () => {
  await receiver.up();
  server = await startTestServer({ WEBHOOK_ALLOW_HOSTS: RECEIVER_HOST, WEBHOOK_POLL_MS: "50" });
  ({ api: admin } = await signUpWithAccount(server.api, "chats"));
  const created = await admin.post<{ form: { id: number } }>("/api/forms", {
    title: "Feedback <beta>",
    fields: [{ id: "name", fieldType: "text", question: "Your name" }],
  });
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
  for (const format of ["slack", "discord", "teams"]) {
    const added = await admin.post(`/api/forms/${formId}/webhooks`, {
      title: format,
      endpoint: `${receiver.base}/${format}`,
      format,
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.format).toBe(format);
  }
  const sent = await server.api.post("/api/forms/answer", {
    formId,
    answers: [{ fieldId: "name", answer: "Ada & <Grace>" }],
  });
  expect(sent.status, sent.text).toBe(201);
});

afterAll(async () => {
  await receiver.down();
  await server?.close();
});

async function received(path: string): Promise<Record<string, unknown>> {
  const [hit] = await until(
    () => receiver.at(path),
    (hits) => hits.length > 0,
    `a post to ${path}`,
  );
  return JSON.parse(hit!.body);
}

describe("webhook presets", () => {
  it("posts Slack a message in its documented shape, with the answers readable and escaped", async () => {
    const body = await received("/slack");
    expect(ajv.validate(SLACK, body), JSON.stringify(ajv.errors)).toBe(true);
    // The fallback text is mrkdwn too: <…> there would be a link or a mention.
    expect(body.text).toContain("Feedback &lt;beta&gt;");
    expect(JSON.stringify(body.blocks)).toContain("*Your name*\\nAda &amp; &lt;Grace&gt;");
  });

  it("posts Discord content with an embed of the answers", async () => {
    const body = await received("/discord");
    expect(ajv.validate(DISCORD, body), JSON.stringify(ajv.errors)).toBe(true);
    // Escaped for Discord's Markdown, which shows it as typed: Ada & <Grace>.
    const [embed] = body.embeds as Array<{ fields: Array<{ value: string }> }>;
    expect(embed!.fields[0]!.value).toBe("Ada & \\<Grace\\>");
  });

  it("posts Teams an Adaptive Card", async () => {
    const body = await received("/teams");
    expect(ajv.validate(TEAMS, body), JSON.stringify(ajv.errors)).toBe(true);
    expect(JSON.stringify(body)).toContain("Your name");
  });
});
