import type { TExportJob } from "@formloom/core/api/exports";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "./harness.ts";
import { until } from "./http-receiver.ts";
import {
  admin,
  adminHookId,
  adminNotificationId,
  allData,
  answerId,
  arrivedAt,
  blind,
  dataOf,
  expectOnlyFieldA,
  formId,
  google,
  member,
  memberEmail,
  outboundWorld,
  readers,
  receiver,
  SCORED,
  SECRET,
  server,
  settled,
  smtp,
} from "./outbound-world.ts";

/**
 * Every channel that carries answers out of the product, used by a member who may edit forms but
 * read only field A of the form: none of them hands over field B or the score (a member who may read
 * nothing of it, or loses access: outbound-permissions-no-access.test.ts).
 */
outboundWorld();

describe("a member who may read field A and edit forms", () => {
  it("is given the whole submission's score by the admin's own channels (the test can tell)", async () => {
    const [full] = await arrivedAt("/admin-hook");
    expect(full!.body).toContain(SECRET);
    expect(dataOf(full!).score).toBe(SCORED);
    const mail = await smtp.waitFor(
      (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase(),
      "Admin copy",
    );
    expect(mail.subject).toContain(SECRET);
  });

  it("gets nothing of field B or the score through a webhook of their own", async () => {
    const [delivery] = await arrivedAt("/member-hook");
    expectOnlyFieldA(delivery!);
  });

  it("gets nothing of field B or the score through a webhook made with their API token", async () => {
    const [delivery] = await arrivedAt("/rest-hook");
    expectOnlyFieldA(delivery!);
  });

  it("gets nothing through the webhook their rule calls", async () => {
    const [delivery] = await arrivedAt("/rule-hook");
    expectOnlyFieldA(delivery!);
  });

  it("gets nothing of field B or the score in an e-mail notification or a rule's mail", async () => {
    for (const subject of ["Member copy", "Rule mail"]) {
      const mail = await smtp.waitFor(memberEmail, subject);
      expect(mail.subject).toMatch(new RegExp(`^${subject}\\s+Score=\\.$`));
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain(SECRET);
        expect(part).not.toContain("Private question");
        expect(part).toContain("Visible colour: Green");
        expect(part).toContain("Score=.");
      }
    }
  });

  it("may not point the admin's webhook elsewhere, change what it sends, or replay it", async () => {
    const url = `/api/forms/${formId}/webhooks/${adminHookId}`;
    for (const change of [
      { endpoint: `${receiver.base}/stolen` },
      { dataOptions: ["form_answer", "score_and_tags"], title: "Mine now" },
      { authorization: { type: "bearer", token: "mine" } },
      { enabled: false, condition: "rules_action" },
    ]) {
      const refused = await member.api.patch(url, change);
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body).toMatchObject({ code: "not_allowed" });
    }
    const deliveries = await member.api.get<{ deliveries: Array<{ id: number }> }>(`${url}/deliveries`);
    expect(deliveries.status, deliveries.text).toBe(200);
    const replay = await member.api.post(`${url}/deliveries/${deliveries.body.deliveries[0]!.id}/replay`);
    expect(replay.status).toBe(403);
    expect(replay.body).toMatchObject({ code: "not_allowed" });
    const kept = await admin.get<{ endpoint: string; title: string }>(url);
    expect(kept.body).toMatchObject({ endpoint: `${receiver.base}/admin-hook`, title: "/admin-hook" });
    await settled();
    expect(receiver.at("/stolen")).toEqual([]);
    expect(receiver.at("/admin-hook")).toHaveLength(1);

    // A new title, sent with the settings as they are (as the edit page sends them), hands nothing
    // on: the member may give it, and the webhook still carries what the admin reads.
    const renamed = await member.api.patch(url, {
      title: "Renamed",
      endpoint: `${receiver.base}/admin-hook`,
      dataOptions: allData,
      enabled: true,
    });
    expect(renamed.status, renamed.text).toBe(200);
    // The admin may replay it: the refusal is the member's, not the replay's.
    const own = await admin.post(`${url}/deliveries/${deliveries.body.deliveries[0]!.id}/replay`);
    expect(own.status, own.text).toBe(200);
    const [, replayed] = await until(
      () => receiver.at("/admin-hook"),
      (list) => list.length === 2,
      "the admin's replay",
    );
    expect(dataOf(replayed!).score).toBe(SCORED);
  });

  it("keeps their webhook to what they read when the admin changes what it sends", async () => {
    const [first] = await arrivedAt("/member-hook");
    const hooks = await admin.get<{ webhooks: Array<{ id: number; title: string }> }>(
      `/api/forms/${formId}/webhooks`,
    );
    const theirs = hooks.body.webhooks.find((item) => item.title === "/member-hook")!;
    const url = `/api/forms/${formId}/webhooks/${theirs.id}`;
    const changed = await admin.patch(url, { dataOptions: ["form_answer", "score_and_tags"] });
    expect(changed.status, changed.text).toBe(200);
    const log = await admin.get<{ deliveries: Array<{ id: number }> }>(`${url}/deliveries`);
    const replay = await admin.post(`${url}/deliveries/${log.body.deliveries.at(-1)!.id}/replay`);
    expect(replay.status, replay.text).toBe(200);
    const [, again] = await until(
      () => receiver.at("/member-hook"),
      (list) => list.length === 2,
      "the replay to the member's webhook",
    );
    expect(dataOf(again!).answerId).toBe(dataOf(first!).answerId);
    expectOnlyFieldA(again!);
  });

  it("is sent only what they may read by the admin's notification to every member", async () => {
    const full = await smtp.waitFor(
      (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase(),
      "Everyone",
    );
    expect(full.subject).toContain(SECRET);
    expect(full.subject).toContain(`Score=${SCORED}.`);
    const mail = await smtp.waitFor(memberEmail, "Everyone");
    expect(mail.subject).toMatch(/^Everyone\s+Score=\.$/);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain(SECRET);
      expect(part).not.toContain("Private question");
      expect(part).toContain("Visible colour: Green");
    }
    // A member who may read nothing of the form is sent nothing of it.
    const blindEmail = `${blind.username}@example.com`.toLowerCase();
    expect(smtp.messages.filter((m) => m.to.includes(blindEmail))).toEqual([]);
  });

  it("may not send the admin's notification to other recipients or with other placeholders", async () => {
    const url = `/api/forms/${formId}/email-notifications/${adminNotificationId}`;
    for (const change of [
      { to: { userIds: [member.id] } },
      { subject: "Leak [answer:b]" },
      { message: "[all_answers] [score]" },
      // Nor put another sender's name on the mail that carries the admin's answers.
      { from: "IT security" },
    ]) {
      const refused = await member.api.patch(url, change);
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body).toMatchObject({ code: "not_allowed" });
    }
    const kept = await admin.get<{ to: { formAuthor: boolean; userIds: number[] }; subject: string }>(url);
    expect(kept.body.to.userIds).toEqual([]);
    expect(kept.body.subject).toBe("Admin copy [answer:b]");
  });

  it("gets nothing of field B or the score in an export file", async () => {
    const file = await member.api.get(`/api/forms/${formId}/answers/export/csv`);
    expect(file.status, file.text).toBe(200);
    expect(file.text).toContain("Visible colour");
    expect(file.text).not.toContain(SECRET);
    expect(file.text).not.toContain("Private question");
    expect(file.text).not.toMatch(/score/i);
    // The admin's file has them, so the check could fail.
    const full = await admin.get(`/api/forms/${formId}/answers/export/csv`);
    expect(full.text).toContain(SECRET);
    expect(full.text).toMatch(/score/i);
  });

  it("gets nothing of field B or the score in a Google Sheets export", async () => {
    const login = await member.api.get<{ url: string }>(
      `/api/user/google-api-login?return_to=${encodeURIComponent("/forms")}`,
    );
    expect(login.status, login.text).toBe(200);
    const consent = await fetch(login.body.url, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const done = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: "manual" });
    expect(done.status).toBe(303);
    const started = await member.api.get<{ job: TExportJob }>(
      `/api/forms/${formId}/answers/export/csv?google_spreadsheet=true`,
    );
    expect(started.status, started.text).toBe(202);
    const job = await until(
      async () =>
        (await member.api.get<TExportJob>(`/api/forms/${formId}/answers/export-jobs/${started.body.job.id}`))
          .body,
      (current) => current.state === "done" || current.state === "failed",
      "the Sheets export",
    );
    expect(job.state).toBe("done");
    const id = /\/spreadsheets\/d\/([^/]+)\/edit$/.exec(job.sheetUrl ?? "")?.[1];
    const sheet = JSON.stringify(google.sheets.get(id ?? "")?.rows);
    expect(sheet).toContain("Visible colour");
    expect(sheet).not.toContain(SECRET);
    expect(sheet).not.toMatch(/score/i);
  });

  it("finds nothing by field B's text in the results search", async () => {
    const search = (client: ApiClient, text: string) =>
      client.get<{
        answerList: Array<{ id: number; answers: Array<{ fieldId: string }>; score: number | null }>;
      }>(
        `/api/forms/${formId}/answer/paginated/1/10?filters=${encodeURIComponent(JSON.stringify({ search: text }))}`,
      );
    const hidden = await search(member.api, SECRET);
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.answerList).toEqual([]);
    expect((await search(admin, SECRET)).body.answerList.map((item) => item.id)).toEqual([answerId]);
    const shown = await search(member.api, "green");
    expect(shown.body.answerList.map((item) => item.id)).toEqual([answerId]);
    expect(shown.text).not.toContain(SECRET);
    expect(shown.body.answerList[0]!.score).toBeNull();
    expect(shown.body.answerList[0]!.answers.map((item) => item.fieldId)).toEqual(["a"]);
  });

  it("sees in a chain's runs only the submissions of forms they may read", async () => {
    const other = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Admin-only follow-up",
      formPathAlias: "outbound-follow",
      fields: [{ id: "q", fieldType: "text", question: "Anything else?" }],
    });
    expect(other.status, other.text).toBe(201);
    const chain = await admin.post<{ id: number }>("/api/form-chains", {
      name: "Quiz then follow-up",
      description: "",
      items: [
        { formId, name: "Quiz" },
        { formId: other.body.form.id, name: "Follow-up" },
      ],
    });
    expect(chain.status, chain.text).toBe(200);
    const first = await server.api.post<{ id: number; chainNext: string | null }>("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "a", answer: "grey" }],
    });
    expect(first.status, first.text).toBe(201);
    const token = new URL(first.body.chainNext!, server.url).searchParams.get("chain");
    const second = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: other.body.form.id,
      answers: [{ fieldId: "q", answer: "no" }],
      miscData: { pathArgs: { chain: token } },
    });
    expect(second.status, second.text).toBe(201);

    type Runs = { runs: Array<{ submissions: Array<{ formId: number; answerId: number }> }> };
    const all = await admin.get<Runs>(`/api/form-chains/${chain.body.id}/runs`);
    expect(all.body.runs[0]!.submissions.map((s) => s.answerId)).toEqual([first.body.id, second.body.id]);
    const limited = await member.api.get<Runs>(`/api/form-chains/${chain.body.id}/runs`);
    expect(limited.status, limited.text).toBe(200);
    expect(limited.body.runs.map((run) => run.submissions.map((s) => s.answerId))).toEqual([[first.body.id]]);
    const none = await blind.api.get<Runs>(`/api/form-chains/${chain.body.id}/runs`);
    expect(none.status, none.text).toBe(200);
    expect(none.body.runs).toEqual([]);
  });

  it("may not write a rule that depends on answers they may not read, and keeps the admin's", async () => {
    const salaries = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Salaries",
      fields: [
        { id: "a", fieldType: "text", question: "Team" },
        { id: "b", fieldType: "text", question: "Salary" },
      ],
    });
    const id = salaries.body.form.id;
    const url = `/api/forms/${id}`;
    const grant = await admin.request("PUT", `/api/forms/${id}/permissions/group/${readers}`, {
      level: "fields",
      fieldIds: ["a"],
    });
    expect(grant.status, grant.text).toBe(200);
    const rule = (ruleId: string, reads: string, action: Record<string, unknown>) => ({
      id: ruleId,
      name: `Rule ${ruleId}`,
      when: "submit",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: reads, operator: "contains", value: "9" }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [action],
    });
    const admins = rule("admins", "b", { type: "hide", fieldIds: ["a"] });
    expect((await admin.patch(url, { conditionalRules: [admins] })).status).toBe(200);
    const rulesNow = async () =>
      (
        await admin.get<{ form: { conditionalRules: Array<{ id: string }> } }>(url)
      ).body.form.conditionalRules.map((r) => r.id);

    // One yes or no per submission about the salary, written into the team they can read; the
    // admin's rule over the salary made theirs; a member who reads no answers closing the form.
    for (const [conditionalRules, client] of [
      [[admins, rule("oracle", "b", { type: "assign", fieldId: "a", value: "has 9" })], member.api],
      [[{ ...admins, name: "Admin's, changed" }], member.api],
      [[rule("blind", "a", { type: "unpublish" })], blind.api],
    ] as const) {
      const refused = await client.patch(url, { conditionalRules });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.code).toBe("form_rule.field_not_readable");
      expect(await rulesNow()).toEqual(["admins"]);
    }
    // Their own rule over what they read goes in beside the admin's, which they save unchanged.
    const own = rule("own", "a", { type: "unpublish" });
    const saved = await member.api.patch(url, { title: "Salaries 2026", conditionalRules: [admins, own] });
    expect(saved.status, saved.text).toBe(200);
    expect(await rulesNow()).toEqual(["admins", "own"]);
    // Turning the admin's rule off, as its switch does, or the builder when an option it uses goes.
    const off = await member.api.patch(url, { conditionalRules: [{ ...admins, enabled: false }, own] });
    expect(off.status, off.text).toBe(200);
    // One who reads no answers still shows a question after another within the filling.
    const within = await blind.api.patch(url, {
      fields: [
        { id: "b", fieldType: "text", question: "Salary" },
        { id: "c", fieldType: "text", question: "Why?" },
      ],
      conditionalRules: [rule("within", "b", { type: "show", fieldIds: ["c"] })],
    });
    expect(within.status, within.text).toBe(200);
  });

  it("may not make a formula they can read compute from a question they may not read", async () => {
    const fields = [
      { id: "a", fieldType: "number", question: "Team size", formulaName: "team" },
      { id: "b", fieldType: "number", question: "Salary", formulaName: "" },
      {
        id: "f",
        fieldType: "formula",
        title: "Doubled",
        formulaName: "calc",
        fieldSettings: { formula: "team * 2" },
      },
    ];
    const created = await admin.post<{ form: { id: number } }>("/api/forms", { title: "Pay", fields });
    expect(created.status, created.text).toBe(201);
    const url = `/api/forms/${created.body.form.id}`;
    const grant = await admin.request(
      "PUT",
      `/api/forms/${created.body.form.id}/permissions/group/${readers}`,
      {
        level: "fields",
        fieldIds: ["a", "f"],
      },
    );
    expect(grant.status, grant.text).toBe(200);
    const [a, b, f] = fields as [(typeof fields)[0], (typeof fields)[1], (typeof fields)[2]];
    const formulaNow = async () =>
      (
        await admin.get<{
          fields: Array<{ id: string; formulaName: string; fieldSettings: { formula?: string } }>;
        }>(url)
      ).body.fields.map((field) => `${field.id}:${field.formulaName}:${field.fieldSettings.formula ?? ""}`);
    const before = await formulaNow();
    for (const changed of [
      // The salary given a name, and the formula the member reads made of it.
      [a, { ...b, formulaName: "pay" }, { ...f, fieldSettings: { formula: "pay" } }],
      // The formula left as it is, the salary taking the name it reads.
      [{ ...a, formulaName: "size" }, { ...b, formulaName: "team" }, f],
      // Every question's points, the salary's among them.
      [
        a,
        { ...b, calcSettings: { calcType: "exclude", notEmptyScore: 1, points: 1 } },
        { ...f, fieldSettings: { formula: "score" } },
      ],
    ]) {
      const refused = await member.api.patch(url, { fields: changed });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.code).toBe("form.formula_not_readable");
      expect(await formulaNow()).toEqual(before);
    }
    const own = await member.api.patch(url, {
      fields: [a, b, { ...f, fieldSettings: { formula: "team * 3" } }],
    });
    expect(own.status, own.text).toBe(200);
    // What the admin set up stays the member's to save around.
    const admins = [a, { ...b, formulaName: "pay" }, { ...f, fieldSettings: { formula: "pay + team" } }];
    expect((await admin.patch(url, { fields: admins })).status).toBe(200);
    const kept = await member.api.patch(url, {
      fields: [{ ...a, question: "Team size now" }, ...admins.slice(1)],
    });
    expect(kept.status, kept.text).toBe(200);
    // …but not to have it show another question they may not read instead.
    const swapped = await member.api.patch(url, {
      fields: [
        a,
        { ...b, formulaName: "" },
        admins[2]!,
        { id: "s", fieldType: "number", question: "Bonus", formulaName: "pay" },
      ],
    });
    expect(swapped.status, swapped.text).toBe(403);
    // An admin's formula of the total score: another question given points would show in it.
    expect(
      (await admin.patch(url, { fields: [a, b, { ...f, fieldSettings: { formula: "score" } }] })).status,
    ).toBe(200);
    const scored = await member.api.patch(url, {
      fields: [
        a,
        { ...b, calcSettings: { calcType: "exclude", notEmptyScore: 1, points: 1 } },
        { ...f, fieldSettings: { formula: "score" } },
      ],
    });
    expect(scored.status, scored.text).toBe(403);
    expect(scored.body.code).toBe("form.formula_not_readable");
  });

  it("may not change how a question they may not read counts in a formula they read", async () => {
    const level = {
      id: "b",
      fieldType: "radio",
      question: "Salary band",
      formulaName: "band",
      fieldSettings: {
        // Every band counts the same in the admin's formula: it tells whether one was chosen.
        answerVariants: ["Low", "Mid", "High"].map((title, i) => ({ id: `v${i}`, title, value: "1" })),
      },
    };
    const fields = [
      { id: "a", fieldType: "number", question: "Team size", formulaName: "team" },
      level,
      {
        id: "f",
        fieldType: "formula",
        title: "Answered",
        formulaName: "calc",
        fieldSettings: { formula: "band + team" },
      },
    ];
    const created = await admin.post<{ form: { id: number } }>("/api/forms", { title: "Bands", fields });
    expect(created.status, created.text).toBe(201);
    const formId = created.body.form.id;
    const grant = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, {
      level: "fields",
      fieldIds: ["a", "f"],
    });
    expect(grant.status, grant.text).toBe(200);
    const [a, , f] = fields;
    const variants = level.fieldSettings.answerVariants;
    const stored = async () =>
      JSON.stringify((await admin.get<{ fields: unknown[] }>(`/api/forms/${formId}`)).body.fields);
    const before = await stored();
    for (const changed of [
      // Each band its own number: the formula would name the band chosen.
      {
        ...level,
        fieldSettings: { answerVariants: variants.map((v, i) => ({ ...v, value: String(10 ** i) })) },
      },
      // Every band worth nothing, then counted by its points.
      { ...level, fieldSettings: { answerVariants: variants.map((v) => ({ ...v, value: "" })) } },
      { ...level, calcSettings: { calcType: "check_values", notEmptyScore: 0, points: 5 } },
      // Made another kind of question.
      { ...level, fieldType: "select" },
    ]) {
      const refused = await member.api.patch(`/api/forms/${formId}`, { fields: [a, changed, f] });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.code).toBe("form.formula_not_readable");
      expect(refused.body.validationErrors).toEqual([expect.objectContaining({ field: "fields.1" })]);
      expect(await stored()).toBe(before);
    }
    // Its wording is theirs to change: the formula reads the same.
    const reworded = await member.api.patch(`/api/forms/${formId}`, {
      fields: [
        a,
        {
          ...level,
          question: "Your salary band",
          fieldSettings: { answerVariants: variants.map((v) => ({ ...v, title: `${v.title} band` })) },
        },
        f,
      ],
    });
    expect(reworded.status, reworded.text).toBe(200);
    // The admin may change it.
    const admins = await admin.patch(`/api/forms/${formId}`, {
      fields: [a, { ...level, calcSettings: { calcType: "check_values", notEmptyScore: 0, points: 5 } }, f],
    });
    expect(admins.status, admins.text).toBe(200);

    // Through a formula they may not read: theirs reads the admin's "mid", which reads the band.
    const mid = {
      id: "m",
      fieldType: "formula",
      title: "Band, as counted",
      formulaName: "mid",
      fieldSettings: { formula: "band" },
    };
    const throughMid = { ...f, fieldSettings: { formula: "mid + team" } };
    const chained = await admin.patch(`/api/forms/${formId}`, { fields: [a, level, mid, throughMid] });
    expect(chained.status, chained.text).toBe(200);
    const spread = {
      ...level,
      fieldSettings: { answerVariants: variants.map((v, i) => ({ ...v, value: String(10 ** i) })) },
    };
    const chainedBefore = await stored();
    for (const changed of [
      [a, spread, mid, throughMid],
      [a, level, { ...mid, fieldSettings: { formula: "band * 10" } }, throughMid],
    ]) {
      const refused = await member.api.patch(`/api/forms/${formId}`, { fields: changed });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.code).toBe("form.formula_not_readable");
      expect(await stored()).toBe(chainedBefore);
    }
  });
});
