import { describe, expect, it } from "vitest";
import { type TElement, ZElement } from "./element-schema.ts";
import { ZFormSettings } from "./form-schema.ts";
import {
  clearStepElements,
  cloneElement,
  isEmptyForm,
  PATRONYMIC_PLACEHOLDER,
  placeElement,
  setDisplay,
  setImageChoiceMultiple,
  setNumberFormat,
  setNumbering,
  setPatronymic,
} from "./form-state.ts";
import { createElement } from "./new-element.ts";

const el = (
  type: Parameters<typeof createElement>[0],
  id: string,
  order: number,
  patch: Partial<TElement> = {},
) => ZElement.parse({ ...createElement(type, id, order), ...patch });

describe("state changes", () => {
  it("clones an element right after the original with a new id, highlighted, and moves its group down", () => {
    const group = (order: number) => ({
      ...createElement("text", "x", 0).fieldSettings,
      fieldGroup: "g",
      fieldGroupOrder: order,
    });
    const elements = [
      el("text", "a", 0, { fieldSettings: group(0), formulaName: "first" }),
      el("text", "b", 1, { fieldSettings: group(1) }),
      el("text", "c", 2),
    ];
    const result = cloneElement(elements, "a", "a2");
    expect(result.map((e) => e.id)).toEqual(["a", "a2", "b", "c"]);
    expect(result.map((e) => e.fieldOrder)).toEqual([0, 1, 2, 3]);
    expect(result[1]).toMatchObject({ isNew: true, formulaName: "", fieldSettings: { fieldGroupOrder: 1 } });
    expect(result[2]?.fieldSettings.fieldGroupOrder).toBe(2);
    expect(result[0]?.formulaName).toBe("first");
  });

  it("numbering: switching keeps a template only for custom", () => {
    const settings = ZFormSettings.parse({ questionsNumberingTemplate: "Q{n}" });
    expect(setNumbering(settings, "numbers")).toMatchObject({
      questionsNumbering: "numbers",
      questionsNumberingTemplate: "",
    });
    expect(setNumbering(settings, "custom", "No. {n}")).toMatchObject({
      questionsNumberingTemplate: "No. {n}",
    });
  });

  it("decimal and comma formats swap the delimiter in values", () => {
    const number = el("number", "n", 0, {
      fieldSettings: {
        placeholder: "1.5",
        answerVariants: [{ id: "a", title: "A", value: "2.25", checkValue: true, defaultChecked: false }],
      },
    });
    const comma = setNumberFormat(number, "comma");
    expect(comma.fieldSettings).toMatchObject({
      numberFormat: "comma",
      placeholder: "1,5",
      answerVariants: [{ value: "2,25" }],
    });
    expect(setNumberFormat(comma, "decimal").fieldSettings).toMatchObject({
      placeholder: "1.5",
      answerVariants: [{ value: "2.25" }],
    });
  });

  it("patronymic on adds an empty one with its placeholder; off removes it", () => {
    const on = setPatronymic(el("initials", "i", 0), true);
    expect(on.fieldSettings).toMatchObject({
      showPatronymic: true,
      patronymic: { value: "", placeholder: PATRONYMIC_PLACEHOLDER },
    });
    const off = setPatronymic(on, false);
    expect(off.fieldSettings.showPatronymic).toBe(false);
    expect("patronymic" in off.fieldSettings).toBe(false);
  });

  it("switching image choice to single keeps one default choice", () => {
    const base = el("imageChoice", "p", 0);
    const many = {
      ...base,
      fieldSettings: {
        ...base.fieldSettings,
        multiple: true,
        answerVariants: base.fieldSettings.answerVariants?.map((v) => ({ ...v, defaultChecked: true })),
      },
    };
    const single = setImageChoiceMultiple(many, false);
    expect(single.fieldSettings.multiple).toBe(false);
    expect(single.fieldSettings.answerVariants?.filter((v) => v.defaultChecked)).toHaveLength(1);
  });

  it("one page removes page breaks; clearing step elements removes breaks, buttons and steppers", () => {
    const elements = [
      el("text", "a", 0),
      el("pageBreak", "p", 1),
      el("pageButtons", "b", 2),
      el("stepper", "s", 3),
      el("text", "z", 4),
    ];
    expect(setDisplay(elements, "all").map((e) => e.id)).toEqual(["a", "b", "s", "z"]);
    expect(setDisplay(elements, "stepByStep")).toHaveLength(5);
    expect(clearStepElements(elements).map((e) => [e.id, e.fieldOrder])).toEqual([
      ["a", 0],
      ["z", 1],
    ]);
  });

  it("a form is empty only when every listed part is", () => {
    const blank = ZFormSettings.parse({});
    expect(isEmptyForm(blank, [])).toBe(true);
    expect(isEmptyForm({ ...blank, title: "x" }, [])).toBe(false);
    expect(isEmptyForm(blank, [el("text", "a", 0)])).toBe(false);
    expect(
      isEmptyForm(
        { ...blank, resultsHandlingPassedFailed: { ...blank.resultsHandlingPassedFailed, passingScore: 5 } },
        [],
      ),
    ).toBe(false);
    expect(
      isEmptyForm(
        ZFormSettings.parse({
          resultsHandlingGradation: [{ id: "g", minScoreGradation: 0, maxScoreGradation: 1 }],
        }),
        [],
      ),
    ).toBe(false);
  });
});

describe("placing an element in a field group or out of it", () => {
  const form = () => [
    el("text", "a", 0),
    el("fieldGroup", "g", 1),
    el("text", "m", 2, { fieldSettings: { fieldGroup: "g", fieldGroupOrder: 0 } }),
    el("text", "b", 3),
    el("submitBtn", "s", 4),
  ];
  const shape = (elements: TElement[]) =>
    elements.map(
      (e) =>
        `${e.id}${e.fieldSettings.fieldGroup ? `@${e.fieldSettings.fieldGroup}${e.fieldSettings.fieldGroupOrder}` : ""}`,
    );

  it("puts a field into a group at a place among its members, right after the group in the form's order", () => {
    const elements = form();
    const moved = placeElement(elements, elements[0]!, { group: "g", index: 0 });
    expect(shape(moved)).toEqual(["g", "a@g0", "m@g1", "b", "s"]);
    expect(moved.map((e) => e.fieldOrder)).toEqual([0, 1, 2, 3, 4]);
  });

  it("takes a member out of its group to a place among the top-level elements", () => {
    const elements = form();
    expect(shape(placeElement(elements, elements[2]!, { index: 3 }))).toEqual(["a", "g", "b", "m", "s"]);
  });

  it("adds a new element into a group", () => {
    const added = placeElement(form(), el("email", "n", 0), { group: "g", index: 1 });
    expect(shape(added)).toEqual(["a", "g", "m@g0", "n@g1", "b", "s"]);
  });

  it("keeps groups, page parts and the send button out of groups", () => {
    const elements = [...form(), el("fieldGroup", "h", 5)];
    for (const id of ["h", "s"]) {
      const element = elements.find((e) => e.id === id)!;
      expect(shape(placeElement(elements, element, { group: "g", index: 0 }))).toEqual(shape(elements));
    }
  });
});
