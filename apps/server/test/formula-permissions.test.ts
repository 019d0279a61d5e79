import { describe, expect, it } from "vitest";
import { admin, member, outboundWorld, readers } from "./outbound-world.ts";

/**
 * A formula's value is stored with each submission and read by whoever may read the formula: a
 * member who may edit forms but read only some questions may not make a formula they read show
 * more of the others (the other channels: outbound-permissions.test.ts).
 */
outboundWorld();

describe("a member who may read field A and edit forms, and formulas", () => {
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
