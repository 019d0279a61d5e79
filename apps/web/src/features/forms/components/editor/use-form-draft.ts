import type { TFormWithFields } from "@formloom/core/api/forms";
import type { FieldType, TElement } from "@formloom/core/element-schema";
import { OTHER_PREFIX } from "@formloom/core/field-types/choice";
import type { TFormSettings } from "@formloom/core/form-schema";
import { cloneElement } from "@formloom/core/form-state";
import { formLocale } from "@formloom/core/locales";
import { createElement } from "@formloom/core/new-element";
import { inFormLanguage } from "@formloom/core/new-field-texts";
import type { TRule } from "@formloom/core/rule-schema";
import { detachField, detachOptions } from "@formloom/core/rules";
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
  "closeAt",
  "maxResponses",
  // Every other setting of the Settings tab (forms.md §3).
  "type",
  "businessTask",
  "language",
  "tags",
  "questionsOutputting",
  "questionsOrder",
  "questionsNumbering",
  "questionsNumberingTemplate",
  "display",
  "hasTimer",
  "allFormTime",
  "perQuestionTime",
  "formTimer",
  "hasCaptcha",
  "hideFromSearchEngines",
  "nextSubmissionText",
  "hasAnswerNotifications",
  "afterFormFillingActions",
  "textAfterButton",
  "completionRules",
  "collectBehaviorData",
  "collectRealCharacters",
  "savePartialResponses",
  "hasVideoCapturing",
  "hasAudioCapturing",
  "hasVideoAudioQuestions",
  // Set through the API only, but they decide whether respondents are asked for consent.
  "isCaptureVideo",
  "isCaptureAudio",
  "hasSessionRecording",
  "hasFaceRecognition",
  "hasEmotionsRecognition",
  "hasAgeGenderRecognition",
  "capturingConfirmPopup",
  "behavioralConfirmPopup",
  "cursorOutActions",
  "formFiles",
  // The look, so the preview shows the form as respondents will see it.
  "layoutType",
  "formStyling",
  "fieldsGeneralStyling",
  "fieldsTypesStyling",
  "formColor",
  "fieldsCategoriesColors",
  "themeId",
  "customCss",
  "welcomeScreen",
  "endingScreens",
  "logo",
  // Result calculations: how a calculation form scores and what it tells the respondent.
  "resultType",
  "resultsHandlingPassedFailed",
  "resultsHandlingGradation",
  "resultsHandlingGradationCategories",
  // Deleting a field takes it out of the rules that use it, in the same step.
  "conditionalRules",
] as const satisfies ReadonlyArray<keyof TFormSettings>;

export type DraftSettings = Pick<TFormSettings, (typeof DRAFT_KEYS)[number]>;

export interface Draft {
  settings: DraftSettings;
  fields: TElement[];
}

export function draftOf(saved: TFormWithFields): Draft {
  const settings = Object.fromEntries(DRAFT_KEYS.map((key) => [key, saved.form[key]])) as DraftSettings;
  return { settings, fields: saved.fields };
}

const sameValue = (a: unknown, b: unknown) => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a draft holds what the saved copy holds. Edits replace only what they change, so most
 * parts are the same objects and only the changed ones are compared as JSON, off a 300-field form's
 * whole text on each keystroke.
 */
export function sameDraft(a: Draft, b: Draft): boolean {
  if (a === b) return true;
  if (a.fields.length !== b.fields.length) return false;
  if (!a.fields.every((field, index) => sameValue(field, b.fields[index]))) return false;
  return DRAFT_KEYS.every((key) => sameValue(a.settings[key], b.settings[key]));
}

/** What a draft changed against the copy it started from: the settings that differ, the fields if they do. */
export interface DraftChanges {
  settings: Partial<DraftSettings>;
  fields?: TElement[];
}

export function draftChanges(base: Draft, draft: Draft): DraftChanges {
  const settings = Object.fromEntries(
    DRAFT_KEYS.filter((key) => !sameValue(base.settings[key], draft.settings[key])).map((key) => [
      key,
      draft.settings[key],
    ]),
  ) as Partial<DraftSettings>;
  const sameFields =
    base.fields.length === draft.fields.length &&
    base.fields.every((field, index) => sameValue(field, draft.fields[index]));
  return sameFields ? { settings } : { settings, fields: draft.fields };
}

/** A draft with kept changes put back over it; what they do not touch stays as it is now. */
export const withChanges = (draft: Draft, changes: DraftChanges): Draft => ({
  settings: { ...draft.settings, ...changes.settings },
  fields: changes.fields ?? draft.fields,
});

export const newId = () => `f_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
const renumber = (fields: TElement[]) => fields.map((field, index) => ({ ...field, fieldOrder: index }));

/** How many steps back the builder remembers. */
const HISTORY_LIMIT = 100;
/** Edits of one field (or of the settings) this close together undo as one step, like typing a word. */
const COALESCE_MS = 800;

interface History {
  draft: Draft;
  past: Draft[];
  future: Draft[];
  /** What the latest step changed, so the next keystroke in the same place joins it. */
  lastKey?: string;
  lastAt: number;
}

/**
 * The ids of the field's options that a change of it leaves out; a rule's value for Other
 * (`OTHER_PREFIX`) among them when the change stops offering Other.
 */
export function removedOptionIds(field: TElement, patch: Partial<TElement>): Set<string> {
  const next = patch.fieldSettings;
  if (!next) return new Set();
  const removed = new Set<string>();
  if (next.answerVariants) {
    const kept = new Set(next.answerVariants.map((variant) => variant.id));
    for (const variant of field.fieldSettings.answerVariants ?? [])
      if (!kept.has(variant.id)) removed.add(variant.id);
  }
  if (field.fieldSettings.hasOtherVariant === true && next.hasOtherVariant === false)
    removed.add(OTHER_PREFIX);
  return removed;
}

/** The builder's working copy of a form: edits stay local until saved, and every edit can be undone. */
export function useFormDraft(saved: TFormWithFields) {
  const [base, setBase] = useState(() => draftOf(saved));
  /** When the server's copy the draft starts from was last changed: sent as If-Match on save. */
  const [lastChangeDate, setLastChangeDate] = useState(saved.form.lastChangeDate);
  const [history, setHistory] = useState<History>(() => ({ draft: base, past: [], future: [], lastAt: 0 }));
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const draft = history.draft;

  const dirty = useMemo(() => !sameDraft(base, draft), [base, draft]);

  /** Applies one edit as a step in the history; edits with the same key in quick succession merge. */
  const edit = useCallback((change: (d: Draft) => Draft, key?: string) => {
    setHistory((h) => {
      const next = change(h.draft);
      if (next === h.draft) return h;
      const now = Date.now();
      const merge = key !== undefined && key === h.lastKey && now - h.lastAt < COALESCE_MS;
      const past = merge ? h.past : [...h.past, h.draft].slice(-HISTORY_LIMIT);
      return { draft: next, past, future: [], lastKey: key, lastAt: now };
    });
  }, []);

  const undo = useCallback(() => {
    setHistory((h) => {
      const previous = h.past.at(-1);
      if (!previous) return h;
      return { draft: previous, past: h.past.slice(0, -1), future: [h.draft, ...h.future], lastAt: 0 };
    });
  }, []);

  const redo = useCallback(() => {
    setHistory((h) => {
      const [next, ...rest] = h.future;
      if (!next) return h;
      return { draft: next, past: [...h.past, h.draft], future: rest, lastAt: 0 };
    });
  }, []);

  const setSettings = useCallback(
    (patch: Partial<DraftSettings>) => {
      edit(
        (d) => {
          const settings = { ...d.settings, ...patch };
          // A new form language says the fields' starting texts (never the author's) in it too.
          const from = formLocale(d.settings.language);
          const to = formLocale(settings.language);
          const fields = from === to ? d.fields : d.fields.map((field) => inFormLanguage(field, to, from));
          return { ...d, settings, fields };
        },
        `settings:${Object.keys(patch).join()}`,
      );
    },
    [edit],
  );

  /** Adds a new element at a place in the list, or above the submit button when no place is given. */
  const addField = useCallback(
    (fieldType: FieldType, atIndex?: number) => {
      const id = newId();
      edit((d) => {
        const submit = d.fields.findIndex((f) => f.fieldType === "submitBtn");
        const at = atIndex ?? (submit === -1 ? d.fields.length : submit);
        const fields = [...d.fields];
        fields.splice(
          Math.min(Math.max(at, 0), fields.length),
          0,
          createElement(fieldType, id, 0, formLocale(d.settings.language)),
        );
        // A page break in a one-page form means pages: the form is paged at its breaks with it,
        // in the one step an undo takes back.
        const paged = fieldType === "pageBreak" && d.settings.display === "all";
        return {
          settings: paged ? { ...d.settings, display: "severalPages" } : d.settings,
          fields: renumber(fields),
        };
      });
      setSelectedId(id);
      return id;
    },
    [edit],
  );

  /** Copies an element right after itself (core's rules: new id, next place in its group). */
  const cloneField = useCallback(
    (id: string) => {
      const copyId = newId();
      edit((d) =>
        d.fields.some((f) => f.id === id) ? { ...d, fields: cloneElement(d.fields, id, copyId) } : d,
      );
      setSelectedId(copyId);
      return copyId;
    },
    [edit],
  );

  const updateField = useCallback(
    (id: string, patch: Partial<TElement>) => {
      edit(
        (d) => {
          const fields = d.fields.map((f) => (f.id === id ? { ...f, ...patch } : f));
          // A rule comparing the field with an option removed here is turned off, in the same step.
          const before = d.fields.find((f) => f.id === id);
          const rules = d.settings.conditionalRules;
          const detached = before ? detachOptions(rules, id, removedOptionIds(before, patch)).rules : rules;
          return {
            settings: detached === rules ? d.settings : { ...d.settings, conditionalRules: detached },
            fields,
          };
        },
        `field:${id}:${Object.keys(patch).join()}`,
      );
    },
    [edit],
  );

  /**
   * Removes a field, and takes it out of the rules that use it (core's detachField), and returns a
   * function that puts both back.
   */
  const removeField = useCallback(
    (id: string) => {
      let removed: { field: TElement; index: number; rules: TRule[] } | undefined;
      edit((d) => {
        const index = d.fields.findIndex((f) => f.id === id);
        if (index === -1) return d;
        const rules = d.settings.conditionalRules;
        removed = { field: d.fields[index]!, index, rules };
        const detached = detachField(rules, id).rules;
        return {
          settings: detached === rules ? d.settings : { ...d.settings, conditionalRules: detached },
          fields: renumber(d.fields.filter((f) => f.id !== id)),
        };
      });
      setSelectedId((current) => (current === id ? undefined : current));
      return () => {
        const back = removed;
        if (!back) return;
        edit((d) => {
          if (d.fields.some((f) => f.id === back.field.id)) return d;
          const fields = [...d.fields];
          fields.splice(Math.min(back.index, fields.length), 0, back.field);
          return { settings: { ...d.settings, conditionalRules: back.rules }, fields: renumber(fields) };
        });
      };
    },
    [edit],
  );

  const moveField = useCallback(
    (id: string, toIndex: number) => {
      edit((d) => {
        const from = d.fields.findIndex((f) => f.id === id);
        if (from === -1 || toIndex < 0 || toIndex >= d.fields.length || from === toIndex) return d;
        const fields = [...d.fields];
        const [moved] = fields.splice(from, 1);
        fields.splice(toIndex, 0, moved!);
        return { ...d, fields: renumber(fields) };
      });
    },
    [edit],
  );

  /** Changes form settings and the fields together, as one step (core's display and step helpers). */
  const setSettingsAndFields = useCallback(
    (patch: Partial<DraftSettings>, fields?: TElement[]) => {
      edit(
        (d) => ({ settings: { ...d.settings, ...patch }, fields: fields ?? d.fields }),
        fields ? undefined : `settings:${Object.keys(patch).join()}`,
      );
    },
    [edit],
  );

  /** Replaces every field at once (the styling reset that touches them all). */
  const setFields = useCallback(
    (fields: TElement[]) => {
      edit((d) => ({ ...d, fields }));
    },
    [edit],
  );

  /** Changes the fields as they are when the change is made, as one step. */
  const changeFields = useCallback(
    (change: (fields: TElement[]) => TElement[]) => {
      edit((d) => {
        const fields = change(d.fields);
        return fields === d.fields ? d : { ...d, fields };
      });
    },
    [edit],
  );

  /** Puts back changes kept in the browser, as one step that can be undone. */
  const restore = useCallback(
    (kept: DraftChanges) => {
      edit((d) => withChanges(d, kept));
    },
    [edit],
  );

  /** The server's copy becomes the base; the undo history stays, so saving never loses a step. */
  const markSaved = useCallback((next: TFormWithFields) => {
    const fresh = draftOf(next);
    setBase(fresh);
    setLastChangeDate(next.form.lastChangeDate);
    setHistory((h) => ({ ...h, draft: fresh, lastAt: 0 }));
  }, []);

  return {
    draft,
    base,
    dirty,
    selectedId,
    setSelectedId,
    setSettings,
    addField,
    cloneField,
    updateField,
    removeField,
    moveField,
    setFields,
    changeFields,
    setSettingsAndFields,
    markSaved,
    restore,
    lastChangeDate,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}

export type FormDraft = ReturnType<typeof useFormDraft>;
