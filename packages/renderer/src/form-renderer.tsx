import { DEFAULT_TEXTS, RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TElement } from "@formloom/core/element-schema";
import type { ValidationError } from "@formloom/core/errors";
import { isAnswerable } from "@formloom/core/field-registry";
import { startingAnswers } from "@formloom/core/field-types/choice";
import { answersOnPages, groupMembers, pageElements, pageOf } from "@formloom/core/form-pages";
import { sendsFiles } from "@formloom/core/form-post";
import type { TFormSettings } from "@formloom/core/form-schema";
import { formLocale } from "@formloom/core/locales";
import { evaluate } from "@formloom/core/rules";
import { pageButtonVariables } from "@formloom/core/styling";
import { checkAnswer, type TSubmissionAnswer, validateSubmission } from "@formloom/core/submission";
import type { TimeUp } from "@formloom/core/time-limits";
import {
  type CSSProperties,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { MediaQuestionsContext } from "./fields/media-answer-field.tsx";
import { type Arranged, type ArrangeSettings, arrangeForm, questionNumbers } from "./flow/arrange.ts";
import { summaryKey } from "./flow/error-text.ts";
import { ElementView, type FieldContext, type LiveElement } from "./flow/field-view.tsx";
import { PageActions } from "./flow/page-actions.tsx";
import { type FormPosition, PAGE_INPUT, usePageFlow } from "./flow/page-flow.ts";
import { usePendingWork } from "./flow/pending.ts";
import { ProgressView } from "./flow/progress-view.tsx";
import { holdsSelected, inRuns } from "./flow/runs.tsx";
import { TimerView } from "./flow/timer-view.tsx";
import { type TimerSettings, timeLimits, timeUpOf, useCountdowns } from "./flow/timing.ts";
import { authorText, englishText, type Translate } from "./flow/translate.ts";
import "./renderer.css";
import "./flow/flow.css";
import { layoutOf, type StyleSettings, slotsOf } from "./styling/form-style.ts";
import { useFormStyling } from "./styling/use-form-styling.ts";
import { RespondentLanguage } from "./translate-context.ts";
import { PendingContext } from "./upload-context.tsx";

export { type LiveElement, liveElementStore } from "./flow/field-view.tsx";
export { BACK_INPUT, type FormPosition, PAGE_INPUT } from "./flow/page-flow.ts";
export { authorText, catalogTranslate, englishText, type Translate } from "./flow/translate.ts";

export type RendererSettings = Pick<
  TFormSettings,
  "title" | "description" | "submitButtonDescription" | "isRequiredFieldStarsShown"
> &
  Partial<
    Pick<
      TFormSettings,
      | "conditionalRules"
      | "questionsNumbering"
      | "questionsNumberingTemplate"
      | "language"
      | "hasVideoAudioQuestions"
    >
  > &
  ArrangeSettings &
  TimerSettings &
  StyleSettings;

export interface FormRendererProps {
  settings: RendererSettings;
  fields: readonly TElement[];
  /**
   * Sends the answers, with the times that ran out (their questions may be empty); resolves to
   * the server's validation errors, if it refused them.
   */
  onSubmit?(answers: TSubmissionAnswer[], timeUp?: TimeUp): Promise<ValidationError[] | undefined>;
  /** Texts in the form's language; English by default. */
  translate?: Translate;
  /** Seeds a random question order, so one respondent sees the same order again. */
  seed?: string;
  /** A notice shown above the submit button (offline, server trouble…). */
  notice?: ReactNode;
  /** In the builder's preview, a click selects the element instead of filling it. */
  selectedFieldId?: string | undefined;
  onSelectField?(fieldId: string): void;
  /** In the builder's preview, the selected element as it is edited, drawn ahead of `fields`. */
  liveElement?: LiveElement | undefined;
  /**
   * In the builder's preview: the elements of a one-column page without a header or footer band go
   * in runs (`fl-run`), which the builder's CSS may leave unlaid and unpainted while out of view; a
   * long form is then a few boxes, not one per question. The run holding the selected element says
   * so (`data-holds-selected`).
   */
  inRuns?: boolean | undefined;
  /**
   * Where the browser posts the form itself when no script runs (JavaScript off, or the page not
   * yet hydrated); with the script, sending stays `onSubmit`'s.
   */
  action?: string | undefined;
  /** Hidden inputs posted with the answers (the submission's key, when the page was drawn…). */
  hiddenFields?: Readonly<Record<string, string>> | undefined;
  /** Answers to start from: those a posted form sent, drawn again with its errors. */
  initialValues?: Readonly<Record<string, unknown>> | undefined;
  /** Errors the server found in a posted form, shown under their questions. */
  initialErrors?: readonly ValidationError[] | undefined;
  /** Said only where no script runs: why this form cannot be sent without it. */
  scriptNotice?: string | undefined;
  /** Told of the answers after each change (a draft kept on the device follows them). */
  onValuesChange?(values: Readonly<Record<string, unknown>>): void;
  /**
   * Raised to a new number, sends the form at once as it is and makes it read-only: questions
   * may be empty, answers that do not pass are left out (the form sends itself on leaving).
   */
  sendNow?: number | undefined;
  /** When the filling began (epoch ms; now by default): the form's time counts from it. */
  startedAt?: number | undefined;
  /** Where to start: the page (and the pages passed through to it) of a filling taken up again. */
  initialPosition?: FormPosition | undefined;
  /** Told when the respondent moves to another page, with the question that page starts with. */
  onPositionChange?(position: FormPosition & { stoppedAt: string | null }): void;
}

type Focus = { kind: "heading" } | { kind: "field"; id: string } | null;

/** Renders a form from its model and lets a respondent fill it, page by page; core checks the answers. */
export function FormRenderer(props: FormRendererProps) {
  const { settings, fields, translate = englishText } = props;
  const formId = useId();
  const preview = Boolean(props.onSelectField);
  const display = settings.display ?? "all";
  const rules = settings.conditionalRules ?? [];
  const [randomSeed] = useState(() => Math.random().toString(36).slice(2));
  const seed = props.seed ?? randomSeed;
  // The arrangement drawn last, whose unchanged elements the next one keeps (a keystroke in the
  // builder redraws one question of the preview, not all of them).
  const drawn = useRef<Arranged | undefined>(undefined);
  const arranged = useMemo(
    () => arrangeForm(fields, settings, seed, preview, drawn.current),
    [fields, settings, seed, preview],
  );
  drawn.current = arranged;
  const { pages, elements } = arranged;

  // Answers given before (a refused post, a kept draft) are the respondent's; else the author's
  // options "chosen at first".
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    props.initialValues ? { ...props.initialValues } : startingAnswers(fields),
  );
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    Object.fromEntries((props.initialErrors ?? []).map((e) => [e.field, e.code])),
  );
  const [summary, setSummary] = useState<string | null>(() => {
    const key = summaryKey((props.initialErrors ?? []).map((e) => e.code));
    return key ? translate(key) : null;
  });
  const [status, setStatus] = useState("");
  const [submitting, setSubmitting] = useState(false);
  // Times that ran out: the form's makes every input read-only, a step's makes its own.
  const [formExpired, setFormExpired] = useState(false);
  // Sent at once from outside: nothing may be changed any more.
  const [sentAsIs, setSentAsIs] = useState(false);
  const [expiredPages, setExpiredPages] = useState<ReadonlySet<number>>(() => new Set());
  const focus = useRef<Focus>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { current, history, forward, back, returnTo, stepStart } = usePageFlow({
    pages,
    elements,
    fields,
    rules,
    onPage: (index) => onPage(index),
    initialPosition: props.initialPosition,
    onPositionChange: props.onPositionChange,
    onMove: () => {
      setSummary(null);
      focus.current = { kind: "heading" };
    },
  });
  // The same rules the server applies: hidden, disabled and assigned as the respondent answers
  // the pages walked through to this one.
  const outcome = evaluate(fields, rules, answersOnPages(pages, elements, [...history, current], values));
  const shown = (field: TElement) => !outcome.elements[field.id]?.hidden;
  const groups = groupMembers(elements);
  const questionsOf = (indexes: Iterable<number>) =>
    [...indexes].flatMap((index) => pageElements(pages[index] ?? [], elements)).filter(isAnswerable);
  const expiredIds = new Set(questionsOf(expiredPages).map((field) => field.id));
  const disabled = (field: TElement) =>
    (outcome.elements[field.id]?.disabled ?? field.isDisabled) ||
    // A value a rule assigns is the rule's while it holds: typed over, it would be put back.
    Object.hasOwn(outcome.assigned, field.id) ||
    formExpired ||
    sentAsIs ||
    expiredIds.has(field.id);
  const onPage = (index: number) => pageElements(pages[index] ?? [], elements).filter(shown);
  const inputId = (field: TElement) => `${formId}-${field.id}`;
  const styling = useFormStyling(settings, onPage(current));

  useEffect(() => {
    const target = focus.current;
    focus.current = null;
    if (target?.kind === "heading") headingRef.current?.focus();
    if (target?.kind !== "field") return;
    const found = document.getElementById(`${formId}-${target.id}`);
    // A choice group is a container: focus its first option.
    const focusable = found?.matches("input, select, textarea")
      ? found
      : found?.querySelector<HTMLElement>("input, select, textarea, button:not(:disabled)");
    focusable?.focus();
  });

  const { reportPending, waitingFor } = usePendingWork(setErrors);

  const showErrors = (found: ValidationError[]) => {
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.code])));
    setSummary(found.length ? translate(summaryKey(found.map((e) => e.code)) ?? "") : null);
    const first = pages
      .flatMap((_, index) => onPage(index))
      .find((field) => found.some((e) => e.field === field.id));
    if (!first) return;
    const at = pageOf(pages, elements, first.id);
    // A refused answer on an earlier page (its time ran out, or the server said so): go back to it.
    if (at !== -1 && at !== current) returnTo(at);
    focus.current = { kind: "field", id: first.id };
  };

  const { onValuesChange } = props;
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);

  const change = (field: TElement, value: unknown) => {
    setValues((before) => ({ ...before, [field.id]: value }));
    // From the errors as they are now: a question drawn before another's error was mended calls
    // back with that older state, and would put the mended error back.
    setErrors((before) => {
      if (!before[field.id]) return before;
      const code = checkAnswer(field, value);
      const { [field.id]: _, ...rest } = before;
      return code ? { ...rest, [field.id]: code } : rest;
    });
  };

  /** Next: the page's answers are checked first, unless its time ran out. */
  const next = (checked: boolean) => {
    if (checked && !preview) {
      const waiting = waitingFor(onPage(current));
      if (waiting.length > 0) return showErrors(waiting);
      const found = onPage(current)
        .filter((field) => isAnswerable(field) && !disabled(field))
        .flatMap((field) => {
          const code = checkAnswer(field, outcome.values[field.id]);
          return code ? [{ field: field.id, code, message: code }] : [];
        });
      if (found.length > 0) return showErrors(found);
    }
    setErrors({});
    forward(values);
  };

  /** Sends the answers; `ran` names a time that has just run out, before its state is seen here. */
  const send = async (ran: { form?: boolean; page?: number; now?: boolean } = {}) => {
    if (!props.onSubmit || submitting) return;
    const expired = new Set([...expiredPages, ...(ran.page === undefined ? [] : [ran.page])]);
    const timeUp = timeUpOf(formExpired || ran.form === true, questionsOf(expired));
    // Sent at once, the whole form goes in as it is, as when its time runs out.
    const asIs = ran.now ? { ...timeUp, form: true } : timeUp;
    const up = (id: string) => asIs?.form === true || (asIs?.fields ?? []).includes(id);
    // What is still on its way is waited for, but for questions whose time ran out: they go as they are.
    const waiting = asIs?.form
      ? []
      : waitingFor(pages.flatMap((_, index) => onPage(index))).filter((work) => !up(work.field));
    if (waiting.length > 0) return showErrors(waiting);
    let answers = Object.entries(values).map(([fieldId, answer]) => ({ fieldId, answer }));
    // Checked against the questions this respondent was given, as the server will (it knows the seed).
    let local = validateSubmission(elements, answers, { rules, display, timeUp: asIs });
    // A read-only answer whose time ran out cannot be mended any more: it goes in empty.
    const unmendable = new Set(local.errors.map((error) => error.field).filter(up));
    if (unmendable.size > 0) {
      answers = answers.filter((answer) => !unmendable.has(answer.fieldId));
      local = validateSubmission(elements, answers, { rules, display, timeUp: asIs });
    }
    if (local.errors.length > 0) return showErrors(local.errors);
    setErrors({});
    setSummary(null);
    setSubmitting(true);
    // "Time is up: your answers are being sent" already says it.
    const timeUpSaid = translate(RESPONDENT_TEXTS.timeUpForm);
    setStatus((said) => (said === timeUpSaid ? said : translate(RESPONDENT_TEXTS.sending)));
    try {
      const refused = await props.onSubmit(local.answers, timeUp);
      if (refused?.length) showErrors(refused);
    } finally {
      setSubmitting(false);
      setStatus("");
    }
  };

  const sendNow = props.sendNow ?? 0;
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (sendNow <= 0) return;
    setSentAsIs(true);
    void sendRef.current({ now: true });
  }, [sendNow]);

  const last = current >= pages.length - 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (last) void send();
    else next(true);
  };

  const limits = timeLimits(settings, onPage(current));
  const { formLeft, stepLeft } = useCountdowns(
    limits,
    { index: current, start: stepStart },
    !preview && Boolean(props.onSubmit),
    (which) => {
      // The form's time, or the last step's, sends; a step's time moves on without checking it.
      // Either way what ran out becomes read-only and may go in unanswered.
      const sending = which === "form" || last;
      setStatus(translate(sending ? RESPONDENT_TEXTS.timeUpForm : RESPONDENT_TEXTS.timeUpStep));
      if (which === "form") setFormExpired(true);
      else setExpiredPages((before) => new Set([...before, current]));
      if (sending) void send(which === "form" ? { form: true } : { page: current });
      else next(false);
    },
    props.startedAt,
  );

  const context: FieldContext = {
    fields,
    values: outcome.values,
    errors,
    numbers: questionNumbers(
      arranged,
      shown,
      settings.questionsNumbering ?? "notShow",
      settings.questionsNumberingTemplate ?? "",
    ),
    disabled,
    change,
    inputId,
    translate,
    starsShown: settings.isRequiredFieldStarsShown,
    selectedFieldId: props.selectedFieldId,
    onSelectField: props.onSelectField,
    live: props.liveElement,
    styleOf: styling.field,
  };

  const visible = (pages[current] ?? []).filter(shown);
  const pageButtons = visible.find((field) => field.fieldType === "pageButtons");
  const sendLabel = authorText(settings.submitButtonDescription, DEFAULT_TEXTS.sendButton, translate);
  const submitElement = last ? visible.find((field) => field.fieldType === "submitBtn") : undefined;
  const nextLabel = pageButtons?.fieldSettings.nextLabel || translate(RESPONDENT_TEXTS.next);
  const backLabel = pageButtons?.fieldSettings.backLabel || translate(RESPONDENT_TEXTS.back);
  const actions = (key?: string) => (
    <PageActions
      key={key}
      notice={props.notice}
      // Every marked answer put right: the note by the send button has nothing left to point to,
      // and goes in the same render as the last error.
      summary={Object.keys(errors).length > 0 ? summary : null}
      backLabel={history.length > 0 ? backLabel : null}
      onBack={back}
      submitLabel={
        !last
          ? nextLabel
          : submitElement
            ? authorText(submitElement.title, DEFAULT_TEXTS.sendButton, translate)
            : sendLabel
      }
      submitting={submitting}
      navStyle={last ? undefined : (pageButtonVariables(slotsOf(settings)) as CSSProperties)}
    />
  );
  const timer = (label: string, left: number, total: number, key?: string) => (
    <TimerView key={key} label={label} remaining={left} total={total} translate={translate} />
  );

  /** One element of the page as it is drawn there, or nothing. */
  const drawElement = (field: TElement): ReactNode => {
    if (field.fieldType === "pageButtons") return null;
    if (field.fieldType === "submitBtn") return field === submitElement ? actions(field.id) : null;
    if (field.fieldType === "timer")
      return timer(
        // The element's default title is the English word; say it in the form's language.
        field.title && field.title !== "Timer" ? field.title : translate(RESPONDENT_TEXTS.timerElement),
        stepLeft,
        limits.step,
        field.id,
      );
    return (
      <ElementView
        key={field.id}
        field={field}
        context={context}
        members={(groups.get(field.id) ?? []).filter(shown)}
        renderMember={(member) => (
          <ElementView
            key={member.id}
            field={member}
            context={context}
            members={[]}
            renderMember={() => null}
          />
        )}
      />
    );
  };

  const page = (
    <RespondentLanguage translate={translate} locale={formLocale(settings.language)}>
      <form
        className="fl-form"
        {...styling.form}
        {...(props.action
          ? {
              method: "post",
              action: props.action,
              encType: sendsFiles(fields) ? "multipart/form-data" : undefined,
            }
          : {})}
        onSubmit={submit}
        noValidate
        aria-labelledby={`${formId}-title`}
      >
        {Object.entries(props.hiddenFields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {props.action && pages.length > 1 && (
          <input type="hidden" name={PAGE_INPUT} value={String(current)} />
        )}
        <header className="fl-header">
          <h1 id={`${formId}-title`} className="fl-title">
            {settings.title}
          </h1>
        </header>
        {pages.length > 1 && (
          <ProgressView
            current={current}
            total={pages.length}
            visited={history}
            steps={display === "stepByStep"}
            showStepper={display === "stepByStep" || fields.some((field) => field.fieldType === "stepper")}
            translate={translate}
            headingRef={headingRef}
          />
        )}
        {(limits.shown && limits.form > 0) || (limits.shown && limits.step > 0 && !limits.element) ? (
          <div className="fl-timers">
            {limits.form > 0 && timer(translate(RESPONDENT_TEXTS.formTime), formLeft, limits.form)}
            {limits.step > 0 &&
              !limits.element &&
              timer(translate(RESPONDENT_TEXTS.stepTime), stepLeft, limits.step)}
          </div>
        ) : null}
        {props.scriptNotice && (
          // Escaped by hand: with a script running, the browser reads a noscript's content as text.
          <noscript
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is escaped just above.
            dangerouslySetInnerHTML={{
              __html: `<p class="fl-noscript" role="alert">${escapeHtml(props.scriptNotice)}</p>`,
            }}
          />
        )}
        <p className="fl-visually-hidden" aria-live="polite">
          {status}
        </p>
        {expiredPages.has(current) && !formExpired && (
          <p className="fl-time-up">{translate(RESPONDENT_TEXTS.stepExpired)}</p>
        )}
        <div className="fl-page">
          {props.inRuns && plainColumn(settings)
            ? inRuns(visible, drawElement, (field) => holdsSelected(field, props.selectedFieldId, groups))
            : visible.map(drawElement)}
        </div>
        {!submitElement && actions()}
      </form>
    </RespondentLanguage>
  );
  return (
    <MediaQuestionsContext.Provider value={!!settings.hasVideoAudioQuestions}>
      <PendingContext.Provider value={reportPending}>{page}</PendingContext.Provider>
    </MediaQuestionsContext.Provider>
  );
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char);

/** One column without a header or footer band, whose look never depends on an element's neighbours. */
function plainColumn(settings: RendererSettings): boolean {
  const shape = layoutOf(settings);
  return shape.columns === 1 && !shape.header && !shape.footer;
}
