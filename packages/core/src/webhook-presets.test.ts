import { describe, expect, it } from "vitest";
import { samplePayload, webhookCurl } from "./api/webhook-presets.ts";

describe("copy as curl", () => {
  const payload = samplePayload(7, "Client's form", new Date("2026-01-02T03:04:05Z"));

  it("quotes every word for the shell and sends the webhook's own body format", () => {
    const curl = webhookCurl(
      {
        endpoint: "https://example.com/h?a=1&b='x'",
        requestType: "PUT",
        format: "slack",
        authorizationType: "bearer",
      },
      payload,
    );
    expect(curl.split(" \\\n")).toEqual([
      `curl -X PUT 'https://example.com/h?a=1&b='\\''x'\\'''`,
      "  -H 'content-type: application/json'",
      "  -H 'authorization: Bearer <token>'",
      expect.stringMatching(/^ {2}--data '\{"text":"Test message from Formloom: Client'\\''s form"/),
    ]);
  });

  it("sends the JSON payload for a standard webhook, without credentials it does not have", () => {
    const curl = webhookCurl(
      {
        endpoint: "https://example.com/",
        requestType: "POST",
        format: "standard",
        authorizationType: "none",
      },
      payload,
    );
    expect(curl).not.toContain("authorization");
    expect(curl).toContain(`"type":"webhook.test"`);
  });
});
