import { ZElement } from "@formloom/core/element-schema";
import { describe, expect, it } from "vitest";
import { insertSaved } from "./questions-database-panel.tsx";

const el = (input: Record<string, unknown>) => ZElement.parse(input);

describe("inserting a saved question", () => {
  const fields = [
    el({ id: "name", fieldType: "text", question: "Name", formulaName: "age" }),
    el({ id: "send", fieldType: "submitBtn" }),
  ];
  const saved = el({ id: "name", fieldType: "number", question: "Age", formulaName: "age" });

  it("gives it a fresh id, puts it before the send button and numbers the fields again", () => {
    const { fields: next, id } = insertSaved(fields, saved);
    expect(next.map((f) => f.question)).toEqual(["Name", "Age", ""]);
    expect(id).not.toBe("name");
    expect(new Set(next.map((f) => f.id)).size).toBe(3);
    expect(next.map((f) => f.fieldOrder)).toEqual([0, 1, 2]);
  });

  it("drops a formula name the form already uses, and keeps a free one", () => {
    expect(insertSaved(fields, saved).fields[1]!.formulaName).toBe("");
    const free = el({ ...saved, formulaName: "years" });
    expect(insertSaved(fields, free).fields[1]!.formulaName).toBe("years");
    // Into a form without a send button it goes last.
    expect(insertSaved([fields[0]!], free).fields.map((f) => f.question)).toEqual(["Name", "Age"]);
  });
});
