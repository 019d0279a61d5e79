import { DEFAULT_TEXTS, RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TElement } from "@formloom/core/element-schema";
import { isAnswerable } from "@formloom/core/field-registry";
import { isStartingText } from "@formloom/core/new-field-texts";
import { memo, type ReactNode, useSyncExternalStore } from "react";
import { fieldComponents } from "../field-components.tsx";
import { displayComponents } from "../fields/display-fields.tsx";
import { useLocale } from "../translate-context.ts";
import { useUpload } from "../upload-context.tsx";
import { errorText } from "./error-text.ts";
import type { Translate } from "./translate.ts";

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

/** A colour offered as preset swatches is a group of radio buttons too. */
const isGrouped = (field: TElement) =>
  GROUPED_TYPES.has(field.fieldType) ||
  (field.fieldType === "colour" && (field.fieldSettings.predefineColors ?? []).length > 0);

/** What every element of a page is drawn with: the form's answers, rules and texts. */
export interface FieldContext {
  fields: readonly TElement[];
  /** Answers with the values rules assigned laid over them. */
  values: Record<string, unknown>;
  errors: Record<string, string>;
  numbers: Record<string, string>;
  disabled(field: TElement): boolean;
  change(field: TElement, value: unknown): void;
  inputId(field: TElement): string;
  translate: Translate;
  starsShown: boolean;
  /** In the builder's preview, a click selects the element instead of filling it. */
  selectedFieldId?: string | undefined;
  onSelectField?: ((fieldId: string) => void) | undefined;
  /** The element's resolved style, layout area and column, for its wrapper. */
  styleOf(field: TElement): object;
  /** In the builder's preview, the selected element as it is being edited (see `LiveElement`). */
  live?: LiveElement | undefined;
}

/**
 * The element being edited, as the builder holds it at this moment. The builder's preview draws
 * the form from the fields a moment behind, after the keystroke's frame is painted; the selected
 * element alone is drawn from here at once, so a keystroke in a long form redraws one question
 * before the paint instead of the whole form.
 */
export interface LiveElement {
  subscribe(listener: () => void): () => void;
  current(): TElement | undefined;
}

/** A `LiveElement` the builder sets, telling the drawn selected element of each change. */
export function liveElementStore(): LiveElement & { set(element: TElement | undefined): void } {
  let element: TElement | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => element,
    set(next) {
      if (next === element) return;
      element = next;
      for (const listener of listeners) listener();
    },
  };
}

export function selectableProps(field: TElement, context: FieldContext) {
  const { onSelectField } = context;
  if (!onSelectField) return {};
  return {
    onClickCapture: (event: React.MouseEvent) => {
      event.preventDefault();
      onSelectField(field.id);
    },
    "data-selected": context.selectedFieldId === field.id || undefined,
  };
}

const wrapperProps = (field: TElement, context: FieldContext) => ({
  ...context.styleOf(field),
  ...selectableProps(field, context),
});

/** A question with its number, label, comment, input and error, tied together for assistive tech. */
export function QuestionView({ field, context }: { field: TElement; context: FieldContext }) {
  const Input = fieldComponents[field.fieldType];
  if (!Input || !isAnswerable(field)) return null;
  const { translate } = context;
  const id = context.inputId(field);
  const error = context.errors[field.id];
  // A comment left as the field started, in whichever language, is no text of the author's.
  const comment =
    field.fieldComment && !isStartingText(field.fieldComment, DEFAULT_TEXTS.fieldComment)
      ? field.fieldComment
      : "";
  const describedBy = [comment && `${id}-comment`, error && `${id}-error`].filter(Boolean).join(" ");
  const Wrapper = isGrouped(field) ? "fieldset" : "div";
  const Label = Wrapper === "fieldset" ? "legend" : "label";
  const number = context.numbers[field.id];
  return (
    <Wrapper
      className="fl-field"
      data-field-id={field.id}
      data-invalid={error ? true : undefined}
      {...wrapperProps(field, context)}
    >
      <Label className="fl-question" {...(Label === "label" ? { htmlFor: id } : {})}>
        {number && <span className="fl-number">{number} </span>}
        {field.question}
        {field.isRequired && context.starsShown && (
          <span className="fl-required" aria-hidden="true" title={translate(RESPONDENT_TEXTS.required)}>
            {" "}
            *
          </span>
        )}
      </Label>
      {comment && (
        <p className="fl-comment" id={`${id}-comment`}>
          {comment}
        </p>
      )}
      <Input
        element={field}
        value={context.values[field.id]}
        onChange={(value) => context.change(field, value)}
        inputId={id}
        describedBy={describedBy || undefined}
        invalid={Boolean(error)}
        disabled={context.disabled(field)}
      />
      {error && (
        <p className="fl-error" id={`${id}-error`} role="alert">
          <ErrorText field={field} code={error} translate={translate} />
        </p>
      )}
    </Wrapper>
  );
}

/** The error's words in the form's language, with the limit the answer broke when it has one. */
function ErrorText({ field, code, translate }: { field: TElement; code: string; translate: Translate }) {
  const locale = useLocale();
  const upload = useUpload();
  return errorText(field, code, { translate, locale, uploadMaxMb: upload?.maxMb });
}

type QuestionProps = { field: TElement; context: FieldContext };

/**
 * Whether a question would draw the same: its element and the parts of the context it reads. A
 * keystroke then redraws one question, not all of a long form's (in the builder's preview too).
 * What the question's input calls back reads only state that is compared here, so a kept drawing
 * never calls back with stale state.
 */
function sameQuestion({ field: a, context: x }: QuestionProps, { field: b, context: y }: QuestionProps) {
  const id = a.id;
  return (
    a === b &&
    x.values[id] === y.values[id] &&
    x.errors[id] === y.errors[id] &&
    x.numbers[id] === y.numbers[id] &&
    x.translate === y.translate &&
    x.starsShown === y.starsShown &&
    (x.selectedFieldId === id) === (y.selectedFieldId === id) &&
    x.onSelectField === y.onSelectField &&
    x.disabled(a) === y.disabled(b) &&
    x.inputId(a) === y.inputId(b) &&
    (x.styleOf === y.styleOf || JSON.stringify(x.styleOf(a)) === JSON.stringify(y.styleOf(b)))
  );
}

const KeptQuestionView = memo(QuestionView, sameQuestion);

interface ElementProps {
  field: TElement;
  context: FieldContext;
  members: readonly TElement[];
  renderMember(member: TElement): ReactNode;
}

/** Any element of a page but the send button and timers, which the page lays out itself. */
export function ElementView(props: ElementProps) {
  const { live, selectedFieldId } = props.context;
  return live && selectedFieldId === props.field.id ? (
    <LiveElementView {...props} live={live} />
  ) : (
    <ElementBody {...props} />
  );
}

/** The selected element, drawn as it is being edited while the rest of the form catches up. */
function LiveElementView({ live, ...props }: ElementProps & { live: LiveElement }) {
  const now = useSyncExternalStore(live.subscribe, live.current);
  return <ElementBody {...props} field={now?.id === props.field.id ? now : props.field} />;
}

function ElementBody({ field, context, members, renderMember }: ElementProps) {
  if (field.fieldType === "title") {
    return (
      <h2 className="fl-section" {...wrapperProps(field, context)}>
        {field.title}
      </h2>
    );
  }
  if (field.fieldType === "fieldGroup") {
    // An empty group is drawn only where its author can select it.
    if (members.length === 0 && !context.onSelectField) return null;
    return (
      <fieldset className="fl-group" {...wrapperProps(field, context)}>
        {field.title && <legend className="fl-group-title">{field.title}</legend>}
        {members.map(renderMember)}
      </fieldset>
    );
  }
  const Display = displayComponents[field.fieldType];
  if (Display) {
    return (
      <div className="fl-field" {...wrapperProps(field, context)}>
        <Display
          element={field}
          fields={context.fields}
          values={context.values}
          id={context.inputId(field)}
        />
      </div>
    );
  }
  return <KeptQuestionView field={field} context={context} />;
}
