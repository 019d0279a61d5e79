import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { useLayoutEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { useTranslate } from "../translate-context.ts";
import "./composite-fields.css";
import { useNumberText } from "./number-text.ts";

/** Offered when the element names no currencies at all: the ones most forms ask for. */
const DEFAULT_CURRENCIES = ["EUR", "USD", "GBP", "CHF", "JPY", "CNY", "CAD", "AUD"];

/** The chosen currencies, else every type the element lists, else the defaults. */
function currenciesOf(props: FieldProps): string[] {
  const { chosenCurrencies, typesOfCurrencies } = props.element.fieldSettings;
  if (chosenCurrencies?.length) return chosenCurrencies;
  if (typesOfCurrencies?.length) return typesOfCurrencies;
  return DEFAULT_CURRENCIES;
}

/** What the answer's inputs share: their description, validity and whether they are required. */
function shared(props: FieldProps) {
  return {
    "aria-describedby": props.describedBy,
    "aria-invalid": props.invalid || undefined,
    disabled: props.disabled,
    className: "fl-input",
  };
}

type Money = { amount: number; currency: string };
const isMoney = (value: unknown): value is Money =>
  typeof value === "object" && value !== null && "amount" in value && "currency" in value;

/** An amount and its currency; no amount is no answer, whatever currency is picked. */
export function CurrencyField(props: FieldProps) {
  const translate = useTranslate();
  const currencies = currenciesOf(props);
  const money = isMoney(props.value) ? props.value : null;
  // The currency is kept while the amount is empty, so clearing the amount does not reset it.
  const [picked, setPicked] = useState(money?.currency ?? currencies[0] ?? "EUR");
  // The builder's preview may narrow the list under a currency picked before.
  const currency = money?.currency ?? (currencies.includes(picked) ? picked : (currencies[0] ?? picked));
  const { min, max, step } = props.element.validationSettings;
  const [amountInput, amountText] = useNumberText(money ? money.amount : null);
  return (
    <div className="fl-parts fl-money" id={props.inputId}>
      <label className="fl-part fl-money-amount">
        <span className="fl-part-label">{translate(RESPONDENT_TEXTS.amount)}</span>
        <input
          {...shared(props)}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step ?? "any"}
          aria-required={props.element.isRequired || undefined}
          ref={amountInput}
          value={amountText}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            props.onChange(raw === "" ? null : { amount: Number(raw), currency });
          }}
        />
      </label>
      <label className="fl-part fl-money-currency">
        <span className="fl-part-label">{translate(RESPONDENT_TEXTS.currency)}</span>
        <select
          {...shared(props)}
          value={currency}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setPicked(next);
            if (money) props.onChange({ ...money, currency: next });
          }}
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

type Name = { firstName: string; lastName: string; patronymic?: string };
const asName = (value: unknown): Name =>
  typeof value === "object" && value !== null && "firstName" in value
    ? (value as Name)
    : { firstName: "", lastName: "" };

const NAME_PARTS = [
  { key: "firstName", label: RESPONDENT_TEXTS.firstName, autoComplete: "given-name" },
  { key: "patronymic", label: RESPONDENT_TEXTS.patronymic, autoComplete: "additional-name" },
  { key: "lastName", label: RESPONDENT_TEXTS.lastName, autoComplete: "family-name" },
] as const;

/** A person's name in parts; the patronymic only when the element asks for it. */
export function InitialsField(props: FieldProps) {
  const translate = useTranslate();
  const name = asName(props.value);
  const parts = NAME_PARTS.filter(
    (part) => part.key !== "patronymic" || props.element.fieldSettings.showPatronymic,
  );
  return (
    <div className="fl-parts" id={props.inputId}>
      {parts.map((part) => (
        <label key={part.key} className="fl-part">
          <span className="fl-part-label">{translate(part.label)}</span>
          <input
            {...shared(props)}
            type="text"
            maxLength={200}
            autoComplete={part.autoComplete}
            aria-required={(props.element.isRequired && part.key !== "patronymic") || undefined}
            value={name[part.key] ?? ""}
            onChange={(e) => props.onChange({ ...name, [part.key]: e.currentTarget.value })}
          />
        </label>
      ))}
    </div>
  );
}

/** Core takes at most this many answers in the list. */
const MAX_ITEMS = 100;

/** A list of one-line answers the respondent grows and shrinks; one input is always there. */
export function MultipleInputField(props: FieldProps) {
  const items = Array.isArray(props.value) && props.value.length > 0 ? (props.value as string[]) : [""];
  const placeholder = props.element.fieldSettings.placeholder ?? "";
  const set = (next: string[]) => props.onChange(next);
  // After "Add answer" the new, empty input takes the focus, so typing goes on from the keyboard.
  // A layout effect moves it as the input appears: after a paint the next key press would already
  // have gone to the button.
  const added = useRef(false);
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!added.current) return;
    added.current = false;
    list.current?.querySelector<HTMLInputElement>(".fl-list-item:last-of-type input")?.focus();
  });
  return (
    <div className="fl-list" id={props.inputId} ref={list}>
      {items.map((item, index) => (
        // The position is the item's identity: answers are plain strings that may repeat.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="fl-list-item">
          <label className="fl-visually-hidden" htmlFor={`${props.inputId}-${index}`}>
            Answer {index + 1}
          </label>
          <input
            {...shared(props)}
            id={`${props.inputId}-${index}`}
            type="text"
            placeholder={placeholder}
            maxLength={props.element.validationSettings.maxLength}
            value={item}
            onChange={(e) => set(items.map((old, i) => (i === index ? e.currentTarget.value : old)))}
          />
          {items.length > 1 && (
            <button
              type="button"
              className="fl-list-button"
              disabled={props.disabled}
              aria-label={`Remove answer ${index + 1}`}
              onClick={() => set(items.filter((_, i) => i !== index))}
            >
              ×
            </button>
          )}
        </div>
      ))}
      {items.length < MAX_ITEMS && (
        <button
          type="button"
          className="fl-list-button fl-list-add"
          disabled={props.disabled}
          onClick={() => {
            added.current = true;
            set([...items, ""]);
          }}
        >
          + Add answer
        </button>
      )}
    </div>
  );
}
