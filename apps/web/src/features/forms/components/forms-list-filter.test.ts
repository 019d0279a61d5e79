import type { TFormListItem } from "@formloom/core/api/forms";
import { describe, expect, it } from "vitest";
import { DEFAULT_FROM, filterForms, rangeInvalid, today } from "./forms-list-filter.ts";

const form = (id: number, title: string, created: Date): TFormListItem => ({
  id,
  title,
  formPathAlias: title.toLowerCase().replaceAll(" ", "-"),
  isPublished: true,
  closed: false,
  type: "data_collection",
  creationDate: created.toISOString(),
  lastChangeDate: created.toISOString(),
  lastAnsweredDate: null,
  answerCount: 0,
  newAnswerCount: 0,
});

const forms = [
  form(1, "Old survey", new Date(2017, 5, 1, 12)),
  form(2, "Spring quiz", new Date(2024, 3, 10, 12)),
  form(3, "Summer survey", new Date(2024, 6, 1, 12)),
];

describe("the forms list filter", () => {
  it("keeps forms created inside the range, both ends included, by default from 2018-01-01 to today", () => {
    const ids = (f: Parameters<typeof filterForms>[1]) => filterForms(forms, f).map((x) => x.id);
    expect(ids({ search: "", from: DEFAULT_FROM, to: today() })).toEqual([2, 3]);
    expect(ids({ search: "", from: "2024-04-10", to: "2024-07-01" })).toEqual([2, 3]);
    expect(ids({ search: "", from: "2024-04-11", to: "2024-06-30" })).toEqual([]);
    expect(ids({ search: "", from: "", to: "" })).toEqual([1, 2, 3]);
  });

  it("matches the title or the alias, case aside, together with the range", () => {
    expect(filterForms(forms, { search: "SURVEY", from: "", to: "" }).map((x) => x.id)).toEqual([1, 3]);
    expect(filterForms(forms, { search: "spring-q", from: "", to: "" }).map((x) => x.id)).toEqual([2]);
    expect(filterForms(forms, { search: "survey", from: DEFAULT_FROM, to: "" }).map((x) => x.id)).toEqual([
      3,
    ]);
  });

  it("refuses a start after the end and then leaves the dates out", () => {
    expect(rangeInvalid({ from: "2024-05-01", to: "2024-04-01" })).toBe(true);
    expect(rangeInvalid({ from: "2024-04-01", to: "2024-04-01" })).toBe(false);
    expect(filterForms(forms, { search: "", from: "2024-05-01", to: "2024-04-01" })).toHaveLength(3);
  });
});
