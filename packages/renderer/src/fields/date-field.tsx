import {
  answerFromDayText,
  DAY_PATTERNS,
  type DateTimeMode,
  dayText,
  isStoredForm,
  modeOf,
} from "@formloom/core/field-types/date-time";
import type { Locale } from "@formloom/core/locales";
import { useRef } from "react";
import type { FieldProps } from "../field-props.ts";
import { useScripted } from "../scripted.ts";
import { useLocale, useTranslate } from "../translate-context.ts";
import "./date-field.css";

/** What the box shows before anything is typed: the form's way of writing a day, and HH:mm. */
const patternOf = (mode: DateTimeMode, locale: Locale) =>
  ({ date: DAY_PATTERNS[locale], time: "HH:mm", datetime: `${DAY_PATTERNS[locale]} HH:mm` })[mode];

/**
 * A date, a time or both, typed as the form's language writes them (DD.MM.YYYY, HH:mm), not as
 * the browser's own boxes would (in its language's way, often MM/DD/YYYY and a 12-hour clock),
 * and kept as YYYY-MM-DD and HH:mm.
 */
export function DateTimeField(props: FieldProps) {
  const locale = useLocale();
  const mode = modeOf(props.element);
  const answer = typeof props.value === "string" ? props.value : "";
  return (
    <div className="fl-day">
      <input
        id={props.inputId}
        name={props.element.id}
        className="fl-input"
        type="text"
        autoComplete="off"
        placeholder={patternOf(mode, locale)}
        value={dayText(answer, mode, locale)}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => props.onChange(answerFromDayText(e.currentTarget.value, mode))}
      />
      {mode !== "time" && <CalendarButton {...props} mode={mode} answer={answer} />}
    </div>
  );
}

const PICKER_TYPE = { date: "date", datetime: "datetime-local" } as const;

/**
 * The browser's calendar, for those who would rather pick a day than type it: its box stays out of
 * sight and writes the stored form, which the text box then shows in the form's language. Drawn
 * only once the page's script runs, as nothing else would open it.
 */
function CalendarButton(props: FieldProps & { mode: Exclude<DateTimeMode, "time">; answer: string }) {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const scripted = useScripted();
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
