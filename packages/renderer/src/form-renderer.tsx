import { DEFAULT_TEXTS } from "@formloom/core/defaults";
import type { TElement } from "@formloom/core/element-schema";
import { MESSAGES, type MessageCode, type ValidationError } from "@formloom/core/errors";
import { isAnswerable } from "@formloom/core/field-registry";
import type { TFormSettings } from "@formloom/core/form-schema";
import { evaluate } from "@formloom/core/rules";
import { checkAnswer, type TSubmissionAnswer, validateSubmission } from "@formloom/core/submission";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { fieldComponents } from "./field-components.tsx";
import { displayComponents } from "./fields/display-fields.tsx";
import "./renderer.css";

export type RendererSettings = Pick<
  TFormSettings,
  "title" | "description" | "submitButtonDescription" | "isRequiredFieldStarsShown"
> &
  Partial<Pick<TFormSettings, "conditionalRules">>;

export interface FormRendererProps {
  settings: RendererSettings;
  fields: readonly TElement[];
  /** Sends the answers; resolves to the server's validation errors, if it refused them. */
  onSubmit?(answers: TSubmissionAnswer[]): Promise<ValidationError[] | undefined>;
  /** Text for a message code; English by default. */
  translate?(code: string): string;
  /** A notice shown above the submit button (offline, server trouble…). */
  notice?: ReactNode;
  /** In the builder's preview, a click selects the element instead of filling it. */
  selectedFieldId?: string | undefined;
  onSelectField?(fieldId: string): void;
}

const englishText = (code: string) => MESSAGES[code as MessageCode] ?? code;

/** Types whose options are a group of inputs: a fieldset with the question as its legend. */
const GROUPED_TYPES: ReadonlySet<string> = new Set([
  "radio",
  "checkbox",
  "multipleChoice",
  "nps",
  "rate",
  "scoring",
  "like",
  "currency",
  "initials",
  "multipleInput",
  "matrix",
  "imageChoice",
  "sortable",
  "gapText",
  "correspondence",
]);

/** Renders a form from its model and lets a respondent fill it; core checks the answers. */
export function FormRenderer(props: FormRendererProps) {
  const { settings, fields, translate = englishText } = props;
  const formId = useId();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  // The same rules the server applies: hidden and disabled as the respondent answers.
  const outcome = evaluate(fields, settings.conditionalRules ?? [], values);
  const visible = [...fields]
    .filter((f) => !outcome.elements[f.id]?.hidden)
    .sort((a, b) => a.fieldOrder - b.fieldOrder);
  const inputId = (field: TElement) => `${formId}-${field.id}`;

  const showErrors = (found: ValidationError[]) => {
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.code])));
    const first = visible.find((f) => found.some((e) => e.field === f.id));
    const target = first && document.getElementById(inputId(first));
    // A choice group is a container: focus its first option.
    const focusable = target?.matches("input, select, textarea")
      ? target
      : target?.querySelector<HTMLElement>("input, select, button:not(:disabled)");
    focusable?.focus();
  };

  const change = (field: TElement, value: unknown) => {
    setValues((current) => ({ ...current, [field.id]: value }));
    if (errors[field.id]) {
      const code = checkAnswer(field, value);
      setErrors(({ [field.id]: _, ...rest }) => (code ? { ...rest, [field.id]: code } : rest));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!props.onSubmit || submitting) return;
    const answers = Object.entries(values).map(([fieldId, answer]) => ({ fieldId, answer }));
    const local = validateSubmission(fields, answers, { rules: settings.conditionalRules ?? [] });
    if (local.errors.length > 0) return showErrors(local.errors);
    setErrors({});
    setSubmitting(true);
    try {
      const refused = await props.onSubmit(local.answers);
      if (refused?.length) showErrors(refused);
    } finally {
      setSubmitting(false);
    }
  };

  const submitLabel = settings.submitButtonDescription || DEFAULT_TEXTS.sendButton;
  const hasSubmitElement = visible.some((f) => f.fieldType === "submitBtn");
  const submitButton = (label: string, key?: string) => (
    <div className="fl-actions" key={key}>
      {props.notice}
      <button type="submit" className="fl-submit" disabled={submitting} aria-busy={submitting || undefined}>
        {label}
      </button>
    </div>
  );

  return (
    <form className="fl-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <header className="fl-header">
        <h1 id={`${formId}-title`} className="fl-title">
          {settings.title}
        </h1>
        {settings.description && <p className="fl-description">{settings.description}</p>}
      </header>
      {visible.map((field) => {
        if (field.fieldType === "submitBtn") return submitButton(field.title || submitLabel, field.id);
        const selectable = props.onSelectField
          ? {
              onClickCapture: (e: React.MouseEvent) => {
                e.preventDefault();
                props.onSelectField?.(field.id);
              },
              "data-selected": props.selectedFieldId === field.id || undefined,
            }
          : {};
        if (field.fieldType === "title") {
          return (
            <h2 key={field.id} className="fl-section" {...selectable}>
              {field.title}
            </h2>
          );
        }
        const Display = displayComponents[field.fieldType];
        if (Display) {
          return (
            <div key={field.id} className="fl-field" {...selectable}>
              <Display element={field} fields={fields} values={values} id={inputId(field)} />
            </div>
          );
        }
        const Input = fieldComponents[field.fieldType];
        if (!Input || !isAnswerable(field)) return null;
        const error = errors[field.id];
        const comment =
          field.fieldComment && field.fieldComment !== DEFAULT_TEXTS.fieldComment ? field.fieldComment : "";
        const describedBy = [comment && `${inputId(field)}-comment`, error && `${inputId(field)}-error`]
          .filter(Boolean)
          .join(" ");
        const Wrapper = GROUPED_TYPES.has(field.fieldType) ? "fieldset" : "div";
        const Label = Wrapper === "fieldset" ? "legend" : "label";
        return (
          <Wrapper
            key={field.id}
            className="fl-field"
            data-invalid={error ? true : undefined}
            {...selectable}
          >
            <Label className="fl-question" {...(Label === "label" ? { htmlFor: inputId(field) } : {})}>
              {field.question}
              {field.isRequired && settings.isRequiredFieldStarsShown && (
                <span className="fl-required" aria-hidden="true">
                  {" "}
                  *
                </span>
              )}
            </Label>
            {comment && (
              <p className="fl-comment" id={`${inputId(field)}-comment`}>
                {comment}
              </p>
            )}
            <Input
              element={field}
              value={values[field.id]}
              onChange={(value) => change(field, value)}
              inputId={inputId(field)}
              describedBy={describedBy || undefined}
              invalid={Boolean(error)}
              disabled={outcome.elements[field.id]?.disabled ?? field.isDisabled}
            />
            {error && (
              <p className="fl-error" id={`${inputId(field)}-error`} role="alert">
                {translate(error)}
              </p>
            )}
          </Wrapper>
        );
      })}
      {!hasSubmitElement && submitButton(submitLabel)}
    </form>
  );
}
