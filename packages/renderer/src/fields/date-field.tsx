import {
  answerFromDayText,
  DAY_PATTERNS,
  type DateTimeMode,
  dayText,
  isStoredForm,
  modeOf,
} from "@formloom/core/field-types/date-time";
import { useEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { useLocale, useTranslate } from "../translate-context.ts";
import "./date-field.css";

/**
 * A date, a time or both. A day is typed as the form's language writes it (DD.MM.YYYY), not as
 * the browser's own date box would (its language's, often MM/DD/YYYY), and kept as YYYY-MM-DD.
 */
export function DateTimeField(props: FieldProps) {
  const mode = modeOf(props.element);
  if (mode === "time") return <TimeInput {...props} />;
  return <DayInput {...props} mode={mode} />;
}

function TimeInput(props: FieldProps) {
  return (
    <input
      id={props.inputId}
      name={props.element.id}
      className="fl-input"
      type="time"
      value={typeof props.value === "string" ? props.value : ""}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

const PICKER_TYPE = { date: "date", datetime: "datetime-local" } as const;

function DayInput(props: FieldProps & { mode: Exclude<DateTimeMode, "time"> }) {
  const locale = useLocale();
  const answer = typeof props.value === "string" ? props.value : "";
  const pattern = `${DAY_PATTERNS[locale]}${props.mode === "datetime" ? " HH:mm" : ""}`;
  return (
    <div className="fl-day">
      <input
        id={props.inputId}
        name={props.element.id}
        className="fl-input"
        type="text"
        autoComplete="off"
        placeholder={pattern}
        value={dayText(answer, props.mode, locale)}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => props.onChange(answerFromDayText(e.currentTarget.value, props.mode))}
      />
      <CalendarButton {...props} answer={answer} />
    </div>
  );
}

/**
 * The browser's calendar, for those who would rather pick a day than type it: its box stays out of
 * sight and writes the stored form, which the text box then shows in the form's language. Drawn
 * only once the page's script runs, as nothing else would open it.
 */
function CalendarButton(props: FieldProps & { mode: Exclude<DateTimeMode, "time">; answer: string }) {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  if (!scripted) return null;
  const picked = isStoredForm(props.answer, props.mode) ? props.answer : "";
  return (
    <span className="fl-day-pick">
      <button
        type="button"
        className="fl-day-button"
        aria-label={translate("widget.date.pick")}
        title={translate("widget.date.pick")}
        disabled={props.disabled}
        onClick={() => picker.current?.showPicker?.()}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <rect
            x="3.5"
            y="5"
            width="17"
            height="15.5"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <path d="M3.5 10h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <input
        ref={picker}
        className="fl-day-picker"
        type={PICKER_TYPE[props.mode]}
        tabIndex={-1}
        aria-hidden="true"
        value={picked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </span>
  );
}
