import { describe, expect, it } from "vitest";
import {
  admin,
  adminHookId,
  blind,
  blindHookId,
  formId,
  member,
  memberEmail,
  outboundWorld,
  readers,
  receiver,
  server,
  settled,
  smtp,
} from "./outbound-world.ts";

/**
 * The channels of members who may read nothing of the form, or whose access is taken away, and of a
 * member who fills it signed in (a member who may read field A: outbound-permissions.test.ts).
 */
outboundWorld();

describe("a member who may read nothing of the form and edit forms", () => {
  it("is refused a REST hook on it through their app's token, which would never be sent anything", async () => {
    const app = await blind.api.post<{ token: string }>("/api/external-apps", {
      name: "Blind app",
      description: "",
      allowedIps: ["127.0.0.1"],
    });
    expect(app.status, app.text).toBe(201);
    const listed = async () =>
      (await admin.get<{ webhooks: unknown[] }>(`/api/forms/${formId}/webhooks`)).body.webhooks.length;
    const before = await listed();
    const refused = await server.api.as(app.body.token).post("/api/hooks", {
      targetUrl: `${receiver.base}/blind-rest-hook`,
      event: "form.submitted",
      formId,
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: "not_allowed" });
    expect(await listed()).toBe(before);
  });

  it("has nothing sent by a webhook of their own, and the log says why", async () => {
    await settled();
    expect(receiver.at("/blind-hook")).toEqual([]);
    const log = await admin.get<{ deliveries: Array<{ state: string; attempts: Array<{ error: string }> }> }>(
      `/api/forms/${formId}/webhooks/${blindHookId}/deliveries`,
    );
    expect(log.body.deliveries[0]).toMatchObject({ state: "failed", attempts: [{ error: "not_allowed" }] });
  });

  it("is not shown the submissions' ids and times in the delivery log or the automation jobs", async () => {
    for (const url of [
      `/api/forms/${formId}/webhooks/${blindHookId}/deliveries`,
      `/api/forms/${formId}/automation-jobs`,
    ]) {
      const refused = await blind.api.get(url);
      expect(refused.status, url).toBe(403);
      expect(refused.body).toMatchObject({ code: "not_allowed" });
      expect((await member.api.get(url)).status, url).toBe(200);
    }
  });
});

describe("a webhook's address, the credential of a chat's incoming webhook", () => {
  it("is shown whole only to who may read all it sends; others see where it goes and may still rename it", async () => {
    const url = `/api/forms/${formId}/webhooks/${adminHookId}`;
    const whole = `${receiver.base}/admin-hook`;
    expect((await admin.get<{ endpoint: string }>(url)).body).toMatchObject({
      endpoint: whole,
      endpointHidden: false,
    });
    const hidden = `${receiver.base}/…`;
    for (const reader of [blind, member]) {
      const one = await reader.api.get<{ endpoint: string; endpointHidden: boolean }>(url);
      expect(one.body).toMatchObject({ endpoint: hidden, endpointHidden: true });
      for (const list of [`/api/forms/${formId}/webhooks`, "/api/webhooks/all"]) {
        const listed = await reader.api.get<{ webhooks: Array<{ id: number; endpoint: string }> }>(list);
        expect(listed.status, listed.text).toBe(200);
        expect(listed.text).not.toContain(whole);
        expect(listed.body.webhooks.find((hook) => hook.id === adminHookId)?.endpoint).toBe(hidden);
      }
    }
    // Their own webhook is theirs to see; one whose maker reads nothing (so it sends nothing) is
    // still another's key, seen whole only by a reader of the whole form.
    const blindHook = `/api/forms/${formId}/webhooks/${blindHookId}`;
    const own = await blind.api.get<{ endpoint: string }>(blindHook);
    expect(own.body.endpoint).toBe(`${receiver.base}/blind-hook`);
    expect((await member.api.get(blindHook)).body).toMatchObject({ endpoint: hidden, endpointHidden: true });
    expect((await admin.get(blindHook)).body).toMatchObject({ endpointHidden: false });
    // The edit page sends the address back as it was shown: a new title changes nothing else.
    const renamed = await blind.api.patch(url, { title: "Renamed by the blind", endpoint: hidden });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await admin.get(url)).body).toMatchObject({ endpoint: whole, title: "Renamed by the blind" });
    const restored = await admin.patch(url, { title: "/admin-hook" });
    expect(restored.status).toBe(200);
  });
});

describe("a member whose data access is taken away", () => {
  it("has nothing more sent by their webhook, a replay included", async () => {
    const removed = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, {
      level: "none",
    });
    expect(removed.status, removed.text).toBe(200);
    const hooks = await admin.get<{ webhooks: Array<{ id: number; title: string }> }>(
      `/api/forms/${formId}/webhooks`,
    );
    const theirs = hooks.body.webhooks.find((item) => item.title === "/member-hook")!;
    const url = `/api/forms/${formId}/webhooks/${theirs.id}`;
    const before = receiver.at("/member-hook").length;
    const log = await admin.get<{ deliveries: Array<{ id: number }> }>(`${url}/deliveries`);
    const replay = await admin.post(`${url}/deliveries/${log.body.deliveries.at(-1)!.id}/replay`);
    expect(replay.status, replay.text).toBe(200);
    await settled();
    expect(receiver.at("/member-hook")).toHaveLength(before);
    const after = await admin.get<{ deliveries: Array<{ id: number; state: string }> }>(`${url}/deliveries`);
    expect(after.body.deliveries.at(-1)).toMatchObject({ state: "failed" });
  });
});

describe("a member who fills the form signed in", () => {
  it("is sent no more of it than they may read by the notification to every member, which does not address the respondent", async () => {
    const mailsTo = () =>
      smtp.messages.filter((m) => m.to.includes(memberEmail) && m.subject.startsWith("Everyone"));
    const before = mailsTo().length;
    const sent = await member.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "a", answer: "green" },
        { fieldId: "b", answer: "OWN-B-answer" },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    await settled();
    // The admin's copy shows the submission went through the notification.
    await smtp.waitFor(
      (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase(),
      "OWN-B-answer",
    );
    // Whatever access they have left (none, once the test above took it), field B is not in it.
    expect(JSON.stringify(mailsTo().slice(before))).not.toContain("OWN-B-answer");
  });
});
