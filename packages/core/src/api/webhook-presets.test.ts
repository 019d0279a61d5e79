import { describe, expect, it } from "vitest";
import type { TWebhookPayload } from "./webhook-payload.ts";
import { webhookBody } from "./webhook-presets.ts";

/** A submission whose answer and form title try to pass as the chat's own markup. */
const planted: TWebhookPayload = {
  type: "form.submitted",
  timestamp: "2026-11-28T12:00:00.000Z",
  data: {
    formId: 7,
    answerId: 1,
    number: 3,
    submitTime: "2026-11-28T12:00:00.000Z",
    form: { id: 7, title: "<!channel> *Survey*" },
    answers: [
      {
        fieldId: "q",
        question: "Your **note**",
        answer: "[Reset your Formloom password](https://evil.example)",
        text: "[Reset your Formloom password](https://evil.example)",
      },
    ],
  },
};

const strings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : value && typeof value === "object"
      ? Object.values(value).flatMap(strings)
      : [];

describe("webhook presets", () => {
  it("keep a respondent's text from becoming a link or markup in Discord and Teams", () => {
    for (const format of ["discord", "teams"] as const) {
      const texts = strings(webhookBody(format, planted)).join("\n");
      expect(texts, format).not.toContain("[Reset your Formloom password](");
      expect(texts, format).toContain("\\[Reset your Formloom password\\]\\(https://evil.example\\)");
      expect(texts, format).not.toContain("Your **note**");
    }
  });

  it("keep a form title from mentioning everyone in Slack", () => {
    const body = webhookBody("slack", planted) as { text: string };
    expect(body.text).not.toContain("<!channel>");
    expect(body.text).toContain("&lt;!channel&gt;");
  });
});
