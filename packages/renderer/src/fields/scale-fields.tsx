import type { CSSProperties } from "react";
import type { FieldProps } from "../field-props.ts";
import { useScripted } from "../scripted.ts";
import { useTranslate } from "../translate-context.ts";
import { PlainNumberField } from "./text-fields.tsx";

/** A row of numbered buttons (NPS 0–10, rating stars, a score scale); one can be chosen. */
function ScaleButtons({
  from,
  to,
  props,
  star,
  ends,
}: {
  from: number;
  to: number;
  props: FieldProps;
  star?: boolean;
  /** Words under the first and the last button; each end's button is described by its word. */
  ends?: { low: string; high: string };
}) {
  const values = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const chosen = typeof props.value === "number" ? props.value : null;
  const endId = (value: number) =>
    ends && (value === from ? `${props.inputId}-low` : value === to ? `${props.inputId}-high` : undefined);
  const describedBy = (value: number) =>
    [endId(value), props.describedBy].filter(Boolean).join(" ") || undefined;
  const scale = (
    <div
      className="fl-scale"
      id={props.inputId}
      data-invalid={props.invalid || undefined}
      data-numbers={star ? undefined : true}
    >
      {values.map((value) => (
        <label
          key={value}
          className="fl-scale-option"
          data-star={star || undefined}
          data-on={star ? chosen !== null && value <= chosen : chosen === value}
        >
          <input
            type="radio"
            name={props.element.id}
            value={value}
            checked={chosen === value}
            disabled={props.disabled}
            aria-describedby={describedBy(value)}
            onChange={() => props.onChange(value)}
          />
          <span aria-hidden={star || undefined}>{star ? "★" : value}</span>
          {star && <span className="fl-visually-hidden">{value}</span>}
        </label>
      ))}
    </div>
  );
  if (!ends) return scale;
  return (
    <div className="fl-scale-frame">
      {scale}
      <div className="fl-scale-ends">
        <span id={`${props.inputId}-low`}>{ends.low}</span>
        <span id={`${props.inputId}-high`}>{ends.high}</span>
      </div>
    </div>
  );
}

/** The words of a scale's ends: the labels of its markers at those values, else the given defaults. */
function endWords(props: FieldProps, from: number, to: number, low: string, high: string) {
  const markers = props.element.fieldSettings.markers ?? [];
  const at = (value: number) => markers.find((marker) => marker.value === value)?.label.trim();
  return { low: at(from) || low, high: at(to) || high };
}

export function NpsField(props: FieldProps) {
  const translate = useTranslate();
  const ends = endWords(props, 0, 10, translate("widget.nps.low"), translate("widget.nps.high"));
  return <ScaleButtons from={0} to={10} props={props} ends={ends} />;
}

export function RateField(props: FieldProps) {
  return <ScaleButtons from={1} to={props.element.fieldSettings.maxRating ?? 5} props={props} star />;
}

export function ScoringField(props: FieldProps) {
  const values = (props.element.fieldSettings.markers ?? []).map((m) => m.value);
  const [from, to] = values.length > 1 ? [Math.min(...values), Math.max(...values)] : [1, 10];
  // The markers' words at the ends, when the author gave them.
  const ends = endWords(props, from, to, "", "");
  return <ScaleButtons from={from} to={to} props={props} ends={ends.low || ends.high ? ends : undefined} />;
}

/** Marks inside the slider's range, in order, each with how far along the track it sits. */
function sliderMarks(props: FieldProps, min: number, max: number) {
  if (max <= min) return [];
  return (props.element.fieldSettings.markers ?? [])
    .filter((mark) => mark.value >= min && mark.value <= max)
    .sort((a, b) => a.value - b.value)
    .map((mark) => ({ ...mark, at: ((mark.value - min) / (max - min)) * 100 }));
}

/** A slider with its value and units beside it, and the author's marks along the track. */
export function SliderField(props: FieldProps) {
  const { min = 0, max = 100, step = 1 } = props.element.validationSettings;
  const units = props.element.fieldSettings.units?.trim() ?? "";
  // A range input always sends a value, so a page posted without a script would answer a slider
  // left alone: there it is a number box, empty until the respondent types.
  if (!useScripted())
    return (
      <div className="fl-inline">
        <PlainNumberField {...props} bounds={{ min, max, step }} />
        {units && <span>{units}</span>}
      </div>
    );
  const value = typeof props.value === "number" ? props.value : null;
  const withUnits = (n: number) => (units ? `${n} ${units}` : String(n));
  // How far the track is filled on phones, where the slider is drawn larger than the browser's own.
  const filled = max > min ? ((Math.min(Math.max(value ?? min, min), max) - min) / (max - min)) * 100 : 0;
  const marks = sliderMarks(props, min, max);
  const listId = marks.length > 0 ? `${props.inputId}-marks` : undefined;
  return (
    <div className="fl-slider">
      <div className="fl-slider-track">
        <input
          id={props.inputId}
          name={props.element.id}
          type="range"
          style={{ "--fl-fill": `${filled}%` } as CSSProperties}
          min={min}
          max={max}
          step={step}
          list={listId}
          value={value ?? min}
          disabled={props.disabled}
          aria-valuetext={units && value !== null ? withUnits(value) : undefined}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid || undefined}
          onChange={(e) => props.onChange(Number(e.currentTarget.value))}
        />
        {listId && (
          <datalist id={listId}>
            {marks.map((mark) => (
              <option key={mark.value} value={mark.value} label={mark.label} />
            ))}
          </datalist>
        )}
        {listId && (
          // The datalist gives the ticks; the words are drawn here, under the ticks they name.
          <div className="fl-slider-marks" aria-hidden="true">
            {marks.map((mark) => (
              <span
                key={mark.value}
                className="fl-slider-mark"
                style={{ "--fl-at": `${mark.at}%` } as CSSProperties}
                data-end={mark.at === 0 ? "start" : mark.at === 100 ? "end" : undefined}
              >
                {mark.label.trim() || withUnits(mark.value)}
              </span>
            ))}
          </div>
        )}
      </div>
      <output htmlFor={props.inputId}>{value === null ? "—" : withUnits(value)}</output>
    </div>
  );
}

export function LikeField(props: FieldProps) {
  const translate = useTranslate();
  return (
    <div className="fl-scale" id={props.inputId}>
      {(["like", "dislike"] as const).map((choice) => (
        <label key={choice} className="fl-scale-option" data-on={props.value === choice}>
          <input
            type="radio"
            name={props.element.id}
            value={choice}
            checked={props.value === choice}
            disabled={props.disabled}
            aria-describedby={props.describedBy}
            onChange={() => props.onChange(choice)}
          />
          <ThumbIcon down={choice === "dislike"} />
          <span>{translate(`widget.like.${choice}`)}</span>
        </label>
      ))}
    </div>
  );
}

/** Drawn, not an emoji: a system without an emoji font would show an empty box. */
function ThumbIcon({ down }: { down: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={down ? { transform: "rotate(180deg)" } : undefined}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M7 11v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3a4 4 0 0 0 4-4V6a2 2 0 0 1 4 0v5h3a2 2 0 0 1 2 2l-1 5a2 3 0 0 1-2 2h-7a3 3 0 0 1-3-3"
      />
    </svg>
  );
}

export function DecisionBoxField(props: FieldProps) {
  const translate = useTranslate();
  return (
    <label className="fl-choice">
      <input
        id={props.inputId}
        name={props.element.id}
        type="checkbox"
        value="true"
        checked={props.value === true}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <span>{props.element.fieldLabel || translate("widget.decision.yes")}</span>
    </label>
  );
}

/** A colour: freely chosen in the browser's picker, or one of the author's preset colours as swatches. */
export function ColourField(props: FieldProps) {
  const presets = props.element.fieldSettings.predefineColors ?? [];
  const scripted = useScripted();
  if (presets.length > 0) return <ColourSwatches {...props} presets={presets} />;
  const chosen = typeof props.value === "string" ? props.value : "";
  // The browser's colour input always sends a colour (black when untouched), so a page posted
  // without a script takes the colour as text, empty until the respondent writes one.
  if (!scripted)
    return (
      <input
        id={props.inputId}
        name={props.element.id}
        className="fl-input fl-colour-text"
        type="text"
        placeholder="#RRGGBB"
        maxLength={60}
        spellCheck={false}
        value={chosen}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    );
  return (
    <div className="fl-inline">
      <input
        id={props.inputId}
        name={props.element.id}
        className="fl-colour"
        type="color"
        value={
          typeof props.value === "string" && /^#[0-9a-f]{6}$/i.test(props.value) ? props.value : "#000000"
        }
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      <output htmlFor={props.inputId}>{chosen || "—"}</output>
    </div>
  );
}

/** Only the preset colours may be answered (core's colour type), so only they are offered. */
function ColourSwatches(props: FieldProps & { presets: readonly string[] }) {
  return (
    <div className="fl-swatches" id={props.inputId} data-invalid={props.invalid || undefined}>
      {props.presets.map((colour) => (
        <label key={colour} className="fl-swatch" title={colour}>
          <input
            type="radio"
            name={props.element.id}
            value={colour}
            checked={props.value === colour}
            disabled={props.disabled}
            aria-label={colour}
            aria-describedby={props.describedBy}
            aria-invalid={props.invalid || undefined}
            onChange={() => props.onChange(colour)}
          />
          <span className="fl-swatch-colour" style={{ background: colour }} aria-hidden="true" />
        </label>
      ))}
    </div>
  );
}
