import type { TFormWithFields } from "@formloom/core/api/forms";
import type { FieldType, TElement } from "@formloom/core/element-schema";
import type { TFormSettings } from "@formloom/core/form-schema";
import { createElement } from "@formloom/core/new-element";
import { useCallback, useMemo, useState } from "react";

/** The settings the builder edits on this page; the rest of the form is left as it is. */
const DRAFT_KEYS = [
  "title",
  "description",
  "formPathAlias",
  "isPublished",
  "submitButtonDescription",
  "hasAnonymousFilling",
  "isRequiredFieldStarsShown",
  "nextSubmissionTime",
  // The look, so the preview shows the form as respondents will see it.
  "layoutType",
  "formStyling",
  "fieldsGeneralStyling",
  "fieldsTypesStyling",
  "formColor",
  "fieldsCategoriesColors",
] as const satisfies ReadonlyArray<keyof TFormSettings>;

export type DraftSettings = Pick<TFormSettings, (typeof DRAFT_KEYS)[number]>;

export interface Draft {
  settings: DraftSettings;
  fields: TElement[];
}

function draftOf(saved: TFormWithFields): Draft {
  const settings = Object.fromEntries(DRAFT_KEYS.map((key) => [key, saved.form[key]])) as DraftSettings;
  return { settings, fields: saved.fields };
}

const newId = () => `f_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
const renumber = (fields: TElement[]) => fields.map((field, index) => ({ ...field, fieldOrder: index }));

/** The builder's working copy of a form: edits stay local until saved. */
export function useFormDraft(saved: TFormWithFields) {
  const [base, setBase] = useState(() => draftOf(saved));
  const [draft, setDraft] = useState(base);
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);

  const dirty = useMemo(() => JSON.stringify(base) !== JSON.stringify(draft), [base, draft]);

  const setSettings = useCallback((patch: Partial<DraftSettings>) => {
    setDraft((d) => ({ ...d, settings: { ...d.settings, ...patch } }));
  }, []);

  const addField = useCallback((fieldType: FieldType) => {
    const id = newId();
    setDraft((d) => {
      const at = d.fields.findIndex((f) => f.fieldType === "submitBtn");
      const fields = [...d.fields];
      // New questions go above a submit button, where a user expects them.
      fields.splice(at === -1 ? fields.length : at, 0, createElement(fieldType, id, 0));
      return { ...d, fields: renumber(fields) };
    });
    setSelectedId(id);
  }, []);

  const updateField = useCallback((id: string, patch: Partial<TElement>) => {
    setDraft((d) => ({ ...d, fields: d.fields.map((f) => (f.id === id ? { ...f, ...patch } : f)) }));
  }, []);

  /** Removes a field and returns a function that puts it back where it was. */
  const removeField = useCallback((id: string) => {
    let removed: { field: TElement; index: number } | undefined;
    setDraft((d) => {
      const index = d.fields.findIndex((f) => f.id === id);
      if (index === -1) return d;
      removed = { field: d.fields[index]!, index };
      return { ...d, fields: renumber(d.fields.filter((f) => f.id !== id)) };
    });
    setSelectedId((current) => (current === id ? undefined : current));
    return () => {
      const back = removed;
      if (!back) return;
      setDraft((d) => {
        const fields = [...d.fields];
        fields.splice(Math.min(back.index, fields.length), 0, back.field);
        return { ...d, fields: renumber(fields) };
      });
    };
  }, []);

  const moveField = useCallback((id: string, toIndex: number) => {
    setDraft((d) => {
      const from = d.fields.findIndex((f) => f.id === id);
      if (from === -1 || toIndex < 0 || toIndex >= d.fields.length || from === toIndex) return d;
      const fields = [...d.fields];
      const [moved] = fields.splice(from, 1);
      fields.splice(toIndex, 0, moved!);
      return { ...d, fields: renumber(fields) };
    });
  }, []);

  const markSaved = useCallback((next: TFormWithFields) => {
    const fresh = draftOf(next);
    setBase(fresh);
    setDraft(fresh);
  }, []);

  return {
    draft,
    dirty,
    selectedId,
    setSelectedId,
    setSettings,
    addField,
    updateField,
    removeField,
    moveField,
    markSaved,
  };
}

export type FormDraft = ReturnType<typeof useFormDraft>;
