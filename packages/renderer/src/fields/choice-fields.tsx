import type { FieldProps } from "../field-props.ts";

const variantsOf = (props: FieldProps) => props.element.fieldSettings.answerVariants ?? [];

/** One option's radio button or checkbox, tied to its field's name, error and state. */
export function ChoiceInput(props: {
  field: FieldProps;
  multiple: boolean;
  variantId: string;
  checked: boolean;
  onToggle(variantId: string, on: boolean): void;
}) {
  const { field } = props;
  return (
    <input
      type={props.multiple ? "checkbox" : "radio"}
      name={field.inputId}
      value={props.variantId}
      checked={props.checked}
      aria-describedby={field.describedBy}
      aria-invalid={field.invalid || undefined}
      disabled={field.disabled}
      onChange={(e) => props.onToggle(props.variantId, e.currentTarget.checked)}
    />
  );
}

/** The options as radio buttons (one answer) or checkboxes (a list of answers). */
function ChoiceList({ multiple, ...props }: FieldProps & { multiple: boolean }) {
  const chosen = multiple ? (Array.isArray(props.value) ? (props.value as string[]) : []) : [props.value];
  const choose = (id: string, on: boolean) => {
    if (!multiple) return props.onChange(id);
    props.onChange(on ? [...(chosen as string[]), id] : chosen.filter((other) => other !== id));
  };
  return (
    <div className="fl-choices" id={props.inputId} data-invalid={props.invalid || undefined}>
      {variantsOf(props).map((variant) => (
        <label key={variant.id} className="fl-choice">
          <ChoiceInput
            field={props}
            multiple={multiple}
            variantId={variant.id}
            checked={chosen.includes(variant.id)}
            onToggle={choose}
          />
          <span>{variant.title}</span>
        </label>
      ))}
    </div>
  );
}

export const RadioField = (props: FieldProps) => <ChoiceList {...props} multiple={false} />;
export const CheckboxField = (props: FieldProps) => <ChoiceList {...props} multiple />;

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
