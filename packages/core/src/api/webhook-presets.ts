import type { TWebhookPayload } from "./webhook-payload.ts";
import type { TWebhookFormat } from "./webhooks.ts";

/**
 * What a webhook with a preset posts instead of the JSON payload: a message the chat shows, in
 * the format its incoming webhooks document — Slack's `text` with Block Kit blocks, Discord's
 * `content` with one embed, Microsoft Teams' message with an Adaptive Card (the Workflows
 * "post to a channel when a webhook request is received" format). Each stays within the
 * service's documented limits.
 */
export function webhookBody(format: TWebhookFormat, payload: TWebhookPayload): unknown {
  if (format === "standard") return payload;
  const message = messageOf(payload);
  switch (format) {
    case "slack":
      return slackMessage(message);
    case "discord":
      return discordMessage(message);
    case "teams":
      return teamsMessage(message);
  }
}

interface Message {
  title: string;
  url: string | undefined;
  facts: Array<{ name: string; value: string }>;
}

function messageOf(payload: TWebhookPayload): Message {
  const data = payload.data;
  const form = data.form?.title || `Form ${data.formId}`;
  const title =
    payload.type === "webhook.test"
      ? `Test message from Formloom: ${form}`
      : `New submission${data.number ? ` #${data.number}` : ""} to ${form}`;
  const facts = (data.answers ?? []).map((answer) => ({
    name: String(answer.question ?? answer.fieldId ?? ""),
    value: String(
      answer.text ??
        (typeof answer.answer === "string" ? answer.answer : JSON.stringify(answer.answer ?? "")),
    ),
  }));
  return { title, url: data.resultUrl, facts };
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Slack escapes only &, < and > in mrkdwn text. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Discord and Teams render Markdown in message text: a respondent's `[Reset your password](…)`
 * would show as a link in the team's channel, seemingly from us. Escaped, it shows as typed.
 */
const markdownEscape = (text: string) => text.replace(/[\\`*_~|<>[\]()]/g, "\\$&");

/** https://api.slack.com/messaging/webhooks: `text` is the notification's fallback, blocks the message. */
function slackMessage(message: Message) {
  const lines = message.facts.map((fact) => `*${slackEscape(fact.name)}*\n${slackEscape(fact.value)}`);
  const link = message.url ? `\n<${message.url}|Open in Formloom>` : "";
  return {
    text: cut(slackEscape(message.title), 3000),
    blocks: [
      { type: "header", text: { type: "plain_text", text: cut(message.title, 150), emoji: true } },
      ...(lines.length
        ? [{ type: "section", text: { type: "mrkdwn", text: cut(lines.join("\n\n"), 3000) } }]
        : []),
      ...(link ? [{ type: "section", text: { type: "mrkdwn", text: link.trim() } }] : []),
    ],
  };
}

/** https://discord.com/developers/docs/resources/webhook#execute-webhook: content plus one embed. */
function discordMessage(message: Message) {
  return {
    content: cut(markdownEscape(message.title), 2000),
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cut(markdownEscape(message.title), 256),
        ...(message.url ? { url: message.url } : {}),
        fields: message.facts.slice(0, 25).map((fact) => ({
          name: cut(markdownEscape(fact.name) || "—", 256),
          value: cut(markdownEscape(fact.value) || "—", 1024),
          inline: false,
        })),
      },
    ],
  };
}

/** https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using: an Adaptive Card message. */
function teamsMessage(message: Message) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            {
              type: "TextBlock",
              text: markdownEscape(message.title),
              weight: "Bolder",
              size: "Medium",
              wrap: true,
            },
            {
              type: "FactSet",
              facts: message.facts.map((fact) => ({
                title: markdownEscape(fact.name),
                value: markdownEscape(fact.value),
              })),
            },
          ],
          ...(message.url
            ? { actions: [{ type: "Action.OpenUrl", title: "Open in Formloom", url: message.url }] }
            : {}),
        },
      },
    ],
  };
}

/** A sample delivery: what the test event sends, for "copy as curl". */
export function samplePayload(formId: number, formTitle: string, now: Date): TWebhookPayload {
  return {
    type: "webhook.test",
    timestamp: now.toISOString(),
    data: {
      formId,
      answerId: 0,
      number: null,
      submitTime: now.toISOString(),
      form: { id: formId, title: formTitle },
      answers: [],
    },
  };
}

const AUTHORIZATION_PLACEHOLDERS: Record<string, string | undefined> = {
  basic: "authorization: Basic <base64 of user:password>",
  bearer: "authorization: Bearer <token>",
  header: "<header name>: <header value>",
};

/** A shell-safe single-quoted word. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The webhook's request as a curl command, to try the endpoint from a terminal: its method,
 * address and body format, with placeholders for the saved credentials (never sent back) and
 * without the signature, which only the server can make.
 */
export function webhookCurl(
  webhook: { endpoint: string; requestType: string; format: TWebhookFormat; authorizationType: string },
  payload: TWebhookPayload,
): string {
  const auth = AUTHORIZATION_PLACEHOLDERS[webhook.authorizationType];
  return [
    `curl -X ${webhook.requestType} ${quoted(webhook.endpoint)}`,
    `  -H ${quoted("content-type: application/json")}`,
    ...(auth ? [`  -H ${quoted(auth)}`] : []),
    `  --data ${quoted(JSON.stringify(webhookBody(webhook.format, payload)))}`,
  ].join(" \\\n");
}
