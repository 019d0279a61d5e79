import type { FieldProps } from "../field-props.ts";

const variantsOf = (props: FieldProps) => props.element.fieldSettings.answerVariants ?? [];

export function RadioField(props: FieldProps) {
  return (
    <div className="fl-choices" id={props.inputId} data-invalid={props.invalid || undefined}>
      {variantsOf(props).map((variant) => (
        <label key={variant.id} className="fl-choice">
          <input
            type="radio"
            name={props.inputId}
            value={variant.id}
            checked={props.value === variant.id}
            aria-describedby={props.describedBy}
            aria-invalid={props.invalid || undefined}
            disabled={props.disabled}
            onChange={() => props.onChange(variant.id)}
          />
          <span>{variant.title}</span>
        </label>
      ))}
    </div>
  );
}

export function CheckboxField(props: FieldProps) {
  const chosen = Array.isArray(props.value) ? (props.value as string[]) : [];
  const toggle = (id: string, on: boolean) =>
    props.onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <div className="fl-choices" id={props.inputId} data-invalid={props.invalid || undefined}>
      {variantsOf(props).map((variant) => (
        <label key={variant.id} className="fl-choice">
          <input
            type="checkbox"
            value={variant.id}
            checked={chosen.includes(variant.id)}
            aria-describedby={props.describedBy}
            aria-invalid={props.invalid || undefined}
            disabled={props.disabled}
            onChange={(e) => toggle(variant.id, e.currentTarget.checked)}
          />
          <span>{variant.title}</span>
        </label>
      ))}
    </div>
  );
}

export function SelectField(props: FieldProps) {
  return (
    <select
      id={props.inputId}
      className="fl-input"
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      aria-required={props.element.isRequired || undefined}
      disabled={props.disabled}
      value={typeof props.value === "string" ? props.value : ""}
      onChange={(e) => props.onChange(e.currentTarget.value || null)}
    >
      <option value="">—</option>
      {variantsOf(props).map((variant) => (
        <option key={variant.id} value={variant.id}>
          {variant.title}
        </option>
      ))}
    </select>
  );
}
