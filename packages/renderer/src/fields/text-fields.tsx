import { useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { useNumberText } from "./number-text.ts";

const placeholderOf = (props: FieldProps) => props.element.fieldSettings.placeholder ?? "";
const stringValue = (value: unknown) => (typeof value === "string" ? value : "");

function common(props: FieldProps) {
  return {
    id: props.inputId,
    // Named by the element, so the browser's own submission (without JavaScript) carries the answer.
    name: props.element.id,
    "aria-describedby": props.describedBy,
    "aria-invalid": props.invalid || undefined,
    "aria-required": props.element.isRequired || undefined,
    disabled: props.disabled,
    placeholder: placeholderOf(props),
    className: "fl-input",
  };
}

export function TextField(props: FieldProps) {
  return (
    <input
      {...common(props)}
      type="text"
      value={stringValue(props.value)}
      maxLength={props.element.validationSettings.maxLength}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

/** A one-line text input of a given HTML type (e-mail, phone, website, password…). */
function typedInput(type: string, autoComplete?: string) {
  return function TypedInput(props: FieldProps) {
    return (
      <input
        {...common(props)}
        type={type}
        autoComplete={autoComplete}
        value={stringValue(props.value)}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    );
  };
}

export const EmailField = typedInput("email", "email");
export const PhoneField = typedInput("tel", "tel");
export const WebsiteField = typedInput("url", "url");
export const PasswordField = typedInput("password", "new-password");

export function CodeField(props: FieldProps) {
  return (
    <textarea
      {...common(props)}
      rows={6}
      spellCheck={false}
      className="fl-input fl-code"
      value={stringValue(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

export function TextareaField(props: FieldProps) {
  return (
    <textarea
      {...common(props)}
      rows={4}
      value={stringValue(props.value)}
      maxLength={props.element.validationSettings.maxLength}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

export function NumberField(props: FieldProps) {
  if (props.element.fieldSettings.numberFormat === "comma") return <CommaNumberField {...props} />;
  return <PlainNumberField {...props} />;
}

function PlainNumberField(props: FieldProps) {
  const { min, max } = props.element.validationSettings;
  const [input, text] = useNumberText(typeof props.value === "number" ? props.value : null);
  return (
    <input
      {...common(props)}
      ref={input}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      value={text}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        props.onChange(raw === "" ? null : Number(raw));
      }}
    />
  );
}

/** "3,5" on the screen, 3.5 in the answer; text the browser's number input would refuse. */
const COMMA_NUMBER = /^[-+]?(\d+(,\d*)?|,\d+)$/;

/**
 * A number written with a decimal comma. The typed text is kept as typed ("3," on the way to
 * "3,5"); the answer is its number, or the text itself when it is no number, so core reports it.
 */
function CommaNumberField(props: FieldProps) {
  const [text, setText] = useState(() =>
    typeof props.value === "number" ? String(props.value).replace(".", ",") : "",
  );
  return (
    <input
      {...common(props)}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        setText(raw);
        const trimmed = raw.trim();
        if (trimmed === "") return props.onChange(null);
        props.onChange(COMMA_NUMBER.test(trimmed) ? Number(trimmed.replace(",", ".")) : raw);
      }}
    />
  );
}
