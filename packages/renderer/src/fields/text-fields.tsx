import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { useEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { useTranslate } from "../translate-context.ts";
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

type Highlight = typeof import("./code-highlight.ts").highlightedCode;

/** Loads the highlighter once the page runs in a browser: only a form with a code question asks. */
function useHighlighter(): Highlight | null {
  const [highlight, setHighlight] = useState<{ code: Highlight } | null>(null);
  useEffect(() => {
    let mounted = true;
    void import("./code-highlight.ts").then((module) => {
      if (mounted) setHighlight({ code: module.highlightedCode });
    });
    return () => {
      mounted = false;
    };
  }, []);
  return highlight?.code ?? null;
}

/**
 * A code answer in a plain text area, as the server draws it and as it stays without JavaScript.
 * Once the highlighter has loaded, the code's coloured copy is drawn under the text area, which
 * turns see-through: the respondent still types in the text area, so its label, its keys (Tab
 * moves on) and the answer it sends stay those of a text area.
 */
export function CodeField(props: FieldProps) {
  const highlight = useHighlighter();
  const tokens = useRef<HTMLPreElement>(null);
  const code = stringValue(props.value);
  return (
    <div className="fl-code-frame">
      {highlight && (
        <pre
          ref={tokens}
          className="fl-input fl-code fl-code-tokens"
          aria-hidden="true"
          // It copies what is typed: a session recording masks it as it masks the text area.
          data-typed-copy=""
          // A last line break keeps the copy as tall as the text area after a closing new line.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Prism escapes the code it marks up
          dangerouslySetInnerHTML={{ __html: `${highlight(code, props.element.fieldSettings.language)}\n` }}
        />
      )}
      <textarea
        {...common(props)}
        rows={6}
        spellCheck={false}
        className="fl-input fl-code"
        data-highlighted={highlight ? "" : undefined}
        value={code}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        onScroll={(e) => {
          if (tokens.current) tokens.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
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

/** A number typed into the browser's own number box; `bounds` when they are not the element's own. */
export function PlainNumberField(
  props: FieldProps & { bounds?: { min?: number; max?: number; step?: number } | undefined },
) {
  const { min, max, step } = props.bounds ?? props.element.validationSettings;
  const [input, text] = useNumberText(typeof props.value === "number" ? props.value : null);
  const translate = useTranslate();
  const [commaTyped, setCommaTyped] = useState(false);
  const hintId = `${props.inputId}-point`;
  return (
    <>
      <input
        {...common(props)}
        aria-describedby={
          [props.describedBy, commaTyped ? hintId : undefined].filter(Boolean).join(" ") || undefined
        }
        ref={input}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        // The browser's number box drops a typed comma ("2,5" would be 25): it is kept out, and said why.
        onBeforeInput={(e) => {
          if (!(e.nativeEvent as InputEvent).data?.includes(",")) return;
          e.preventDefault();
          setCommaTyped(true);
        }}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          props.onChange(raw === "" ? null : Number(raw));
        }}
      />
      {commaTyped && (
        <span id={hintId} className="fl-field-hint" role="status">
          {translate(RESPONDENT_TEXTS.numberUsePoint)}
        </span>
      )}
    </>
  );
}

/**
 * "3,5" on the screen, 3.5 in the answer; text the browser's number input would refuse. A point
 * is taken as the decimal mark too: a keypad in another language may offer no comma.
 */
const COMMA_NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** The answer a comma number's text gives: its number, null when empty, else the text for core to refuse. */
export function commaNumberAnswer(raw: string): number | string | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  return COMMA_NUMBER.test(trimmed) ? Number(trimmed.replace(",", ".")) : raw;
}

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
        props.onChange(commaNumberAnswer(raw));
      }}
    />
  );
}
