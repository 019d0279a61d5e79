import type { TElement } from "./element-schema.ts";
import { groupMembers } from "./form-pages.ts";
import type { TFormSettings } from "./form-schema.ts";
import type { NumberingMode } from "./numbering.ts";

/** forms.md §4: the builder's state changes, as pure functions over the form's elements. */

const renumber = (elements: TElement[]) =>
  elements.map((element, index) => ({ ...element, fieldOrder: index }));

/**
 * A copy of an element right after it, with a new id and the "new" highlight. In a field
 * group, the copy takes the next place in the group and the elements after it move down one.
 */
export function cloneElement(elements: readonly TElement[], id: string, newId: string): TElement[] {
  const ordered = [...elements].sort((a, b) => a.fieldOrder - b.fieldOrder);
  const index = ordered.findIndex((element) => element.id === id);
  const source = ordered[index];
  if (!source) return ordered;
  const group = source.fieldSettings.fieldGroup;
  const groupOrder = source.fieldSettings.fieldGroupOrder;
  const copy: TElement = {
    ...(JSON.parse(JSON.stringify(source)) as TElement),
    id: newId,
    isNew: true,
    formulaName: "",
    ...(group !== undefined && groupOrder !== undefined
      ? { fieldSettings: { ...source.fieldSettings, fieldGroupOrder: groupOrder + 1 } }
      : {}),
  };
  const shifted = ordered.map((element) => {
    const order = element.fieldSettings.fieldGroupOrder;
    if (group === undefined || groupOrder === undefined || element.fieldSettings.fieldGroup !== group)
      return element;
    if (order === undefined || order <= groupOrder) return element;
    return { ...element, fieldSettings: { ...element.fieldSettings, fieldGroupOrder: order + 1 } };
  });
  shifted.splice(index + 1, 0, copy);
  return renumber(shifted);
}

/** Elements that never go inside a field group: groups themselves, page parts and the send button. */
const UNGROUPABLE: ReadonlySet<string> = new Set([
  "fieldGroup",
  "submitBtn",
  "pageBreak",
  "pageButtons",
  "stepper",
]);

export const canJoinGroup = (element: TElement) => !UNGROUPABLE.has(element.fieldType);

/** Where an element goes: among the form's top-level elements, or among a field group's members. */
export interface ElementPlace {
  /** The field group's id; none for the top level. */
  group?: string;
  /** The index among the top-level elements or the group's members, the element itself left out. */
  index: number;
}

/**
 * Puts an element (new, or moved when its id is in the form) at a place. A group's members take
 * the group's orders 0, 1, 2… and follow their group in the form's order; an element taken out of
 * its group loses it. An element that cannot join a group, or a group that is not one, leaves
 * the elements as they are.
 */
export function placeElement(
  elements: readonly TElement[],
  element: TElement,
  place: ElementPlace,
): TElement[] {
  const ordered = [...elements].sort((a, b) => a.fieldOrder - b.fieldOrder);
  if (place.group !== undefined) {
    const group = ordered.find((candidate) => candidate.id === place.group);
    if (group?.fieldType !== "fieldGroup" || !canJoinGroup(element)) return ordered;
  }
  const rest = ordered.filter((candidate) => candidate.id !== element.id);
  const members = groupMembers(rest);
  const grouped = new Set([...members.values()].flat().map((member) => member.id));
  const top = rest.filter((candidate) => !grouped.has(candidate.id));
  const { fieldGroup: _group, fieldGroupOrder: _order, ...settings } = element.fieldSettings;
  const clamp = (list: readonly TElement[]) => Math.min(Math.max(place.index, 0), list.length);
  if (place.group === undefined) {
    top.splice(clamp(top), 0, { ...element, fieldSettings: settings });
  } else {
    const list = members.get(place.group) ?? [];
    list.splice(clamp(list), 0, { ...element, fieldSettings: { ...settings, fieldGroup: place.group } });
    members.set(place.group, list);
  }
  const numbered = (member: TElement, order: number): TElement =>
    member.fieldSettings.fieldGroupOrder === order
      ? member
      : { ...member, fieldSettings: { ...member.fieldSettings, fieldGroupOrder: order } };
  return renumber(top.flatMap((item) => [item, ...(members.get(item.id) ?? []).map(numbered)]));
}

/** Timer mode and question numbering both start as notShow; a custom template is kept aside. */
export function setNumbering(settings: TFormSettings, mode: NumberingMode, template?: string): TFormSettings {
  return {
    ...settings,
    questionsNumbering: mode,
    questionsNumberingTemplate: mode === "custom" ? (template ?? settings.questionsNumberingTemplate) : "",
  };
}

const swapDelimiter = (value: unknown, to: "decimal" | "comma") =>
  typeof value === "string"
    ? to === "comma"
      ? value.replaceAll(".", ",")
      : value.replaceAll(",", ".")
    : value;

/** Switching a number field between decimal point and comma swaps the delimiter in its values. */
export function setNumberFormat(element: TElement, format: "decimal" | "comma"): TElement {
  const settings = element.fieldSettings;
  return {
    ...element,
    fieldSettings: {
      ...settings,
      numberFormat: format,
      ...(settings.placeholder === undefined
        ? {}
        : { placeholder: swapDelimiter(settings.placeholder, format) as string }),
      ...(settings.answerVariants
        ? {
            answerVariants: settings.answerVariants.map((v) => ({
              ...v,
              value: swapDelimiter(v.value, format) as string,
            })),
          }
        : {}),
    },
  };
}

export const PATRONYMIC_PLACEHOLDER = "Patronymic";

/** Patronymic on adds an empty patronymic with the placeholder "Patronymic"; off removes it. */
export function setPatronymic(element: TElement, on: boolean): TElement {
  const { patronymic: _removed, ...rest } = element.fieldSettings as TElement["fieldSettings"] & {
    patronymic?: unknown;
  };
  return {
    ...element,
    fieldSettings: on
      ? { ...rest, showPatronymic: true, patronymic: { value: "", placeholder: PATRONYMIC_PLACEHOLDER } }
      : { ...rest, showPatronymic: false },
  };
}

/** Switching an image choice between one and several answers keeps only one default choice. */
export function setImageChoiceMultiple(element: TElement, multiple: boolean): TElement {
  let kept = false;
  const answerVariants = (element.fieldSettings.answerVariants ?? []).map((variant) => {
    if (multiple || !variant.defaultChecked) return variant;
    if (kept) return { ...variant, defaultChecked: false };
    kept = true;
    return variant;
  });
  return { ...element, fieldSettings: { ...element.fieldSettings, multiple, answerVariants } };
}

const STEP_TYPES: ReadonlySet<string> = new Set(["pageBreak", "pageButtons", "stepper"]);

/** Back to one page: page separators go. */
export function setDisplay(elements: readonly TElement[], display: TFormSettings["display"]): TElement[] {
  return display === "all"
    ? renumber(elements.filter((element) => element.fieldType !== "pageBreak"))
    : [...elements];
}

/** Clears the step-form elements (page breaks, page buttons, steppers) in one go. */
export function clearStepElements(elements: readonly TElement[]): TElement[] {
  return renumber(elements.filter((element) => !STEP_TYPES.has(element.fieldType)));
}

/**
 * forms.md §5: empty only if title, description, alias, brief and detailed results and
 * passing score are all empty, and there are no elements, categories or gradations.
 */
export function isEmptyForm(settings: TFormSettings, elements: readonly TElement[]): boolean {
  const handling = settings.resultsHandlingPassedFailed;
  const texts = [
    settings.title,
    settings.description,
    settings.formPathAlias,
    handling.briefResult.passed === "Passed" ? "" : handling.briefResult.passed,
    handling.briefResult.failed === "Failed" ? "" : handling.briefResult.failed,
    handling.detailedResult.passed,
    handling.detailedResult.failed,
  ];
  return (
    texts.every((text) => text.trim() === "") &&
    handling.passingScore === 0 &&
    elements.length === 0 &&
    settings.resultsHandlingGradationCategories.length === 0 &&
    settings.resultsHandlingGradation.length === 0
  );
}
