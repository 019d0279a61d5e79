import { OTHER_PREFIX } from "@formloom/core/field-types/choice";
import { otherTextName } from "@formloom/core/form-post";
import type { FieldProps } from "../field-props.ts";
import { useScripted } from "../scripted.ts";
import { useTranslate } from "../translate-context.ts";

const variantsOf = (props: FieldProps) => props.element.fieldSettings.answerVariants ?? [];

/** One option's radio button or checkbox, tied to its field's name, error and state. */
export function ChoiceInput(props: {
  field: FieldProps;
  multiple: boolean;
  variantId: string;
  checked: boolean;
  /** The most options are chosen already: one more cannot be. */
  full?: boolean;
  onToggle(variantId: string, on: boolean): void;
}) {
  const { field } = props;
  return (
    <input
      type={props.multiple ? "checkbox" : "radio"}
      name={field.element.id}
      value={props.variantId}
      checked={props.checked}
      aria-describedby={field.describedBy}
      aria-invalid={field.invalid || undefined}
      disabled={field.disabled || (props.full === true && !props.checked)}
      onChange={(e) => props.onToggle(props.variantId, e.currentTarget.checked)}
    />
  );
}

/** The options as radio buttons (one answer) or checkboxes (a list of answers), and Other if offered. */
function ChoiceList({ multiple, ...props }: FieldProps & { multiple: boolean }) {
  const chosen = multiple ? (Array.isArray(props.value) ? (props.value as string[]) : []) : [props.value];
  const choose = (id: string, on: boolean) => {
    if (!multiple) return props.onChange(id);
    props.onChange(on ? [...(chosen as string[]), id] : chosen.filter((other) => other !== id));
  };
  const other = chosen.find((id): id is string => typeof id === "string" && id.startsWith(OTHER_PREFIX));
  // Once the most options are chosen, the others wait until one is let go (the server refuses more):
  // with the page's script only, which opens them again; a page posted without one stays open.
  const scripted = useScripted();
  const most = multiple ? props.element.fieldSettings.maxChoices : undefined;
  const full = scripted && most !== undefined && chosen.length >= most;
  /** Other's answer is "other:<its text>": writing the text chooses it. */
  const setOther = (answer: string | null) => {
    if (!multiple) return props.onChange(answer);
    const rest = chosen.filter((id) => id !== other);
    props.onChange(answer === null ? rest : [...rest, answer]);
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
            full={full}
            onToggle={choose}
          />
          <span>{variant.title}</span>
        </label>
      ))}
      {props.element.fieldSettings.hasOtherVariant && (
        <OtherOption {...props} multiple={multiple} chosen={other} full={full} onChange={setOther} />
      )}
    </div>
  );
}

/** The Other option with its text; without a script the browser posts both (core's form-post.ts). */
export function OtherOption(
  props: FieldProps & {
    multiple: boolean;
    chosen: string | undefined;
    full?: boolean;
    onChange(answer: string | null): void;
  },
) {
  const translate = useTranslate();
  const text = props.chosen?.slice(OTHER_PREFIX.length) ?? "";
  return (
    <div className="fl-choice fl-other">
      <label className="fl-choice">
        <ChoiceInput
          field={props}
          multiple={props.multiple}
          variantId={OTHER_PREFIX}
          checked={props.chosen !== undefined}
          full={props.full}
          onToggle={(_, on) => props.onChange(on ? `${OTHER_PREFIX}${text}` : null)}
        />
        <span>{translate("widget.choice.other")}</span>
      </label>
      <OtherText {...props} text={text} blocked={props.full === true && props.chosen === undefined} />
    </div>
  );
}

/** The respondent's own words for Other: choosing Other with what they write. */
function OtherText(props: FieldProps & { text: string; blocked?: boolean }) {
  const translate = useTranslate();
  return (
    <input
      type="text"
      className="fl-input fl-other-text"
      name={otherTextName(props.element.id)}
      aria-label={translate("widget.choice.other_text")}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      disabled={props.disabled || props.blocked === true}
      value={props.text}
      onChange={(e) => props.onChange(`${OTHER_PREFIX}${e.currentTarget.value}`)}
    />
  );
}

export const RadioField = (props: FieldProps) => <ChoiceList {...props} multiple={false} />;
export const CheckboxField = (props: FieldProps) => <ChoiceList {...props} multiple />;

/**
 * A drop-down list; with Other, its option and the respondent's own text below it, shown once Other
 * is picked (by CSS, so the page without a script shows it too) or once the text holds something.
 */
export function SelectField(props: FieldProps) {
  const translate = useTranslate();
  const value = typeof props.value === "string" ? props.value : "";
  const offersOther = props.element.fieldSettings.hasOtherVariant === true;
  const isOther = offersOther && value.startsWith(OTHER_PREFIX);
  const otherText = isOther ? value.slice(OTHER_PREFIX.length) : "";
  const select = (
    <select
      id={props.inputId}
      name={props.element.id}
      className="fl-input"
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      aria-required={props.element.isRequired || undefined}
      disabled={props.disabled}
      value={isOther ? OTHER_PREFIX : value}
      onChange={(e) => {
        const picked = e.currentTarget.value;
        // Back to Other, the text written before is its answer again.
        props.onChange(picked === OTHER_PREFIX ? `${OTHER_PREFIX}${otherText}` : picked || null);
      }}
    >
      <option value="">—</option>
      {variantsOf(props).map((variant) => (
        <option key={variant.id} value={variant.id}>
          {variant.title}
        </option>
      ))}
      {offersOther && <option value={OTHER_PREFIX}>{translate("widget.choice.other")}</option>}
    </select>
  );
  if (!offersOther) return select;
  return (
    <div className="fl-select-other" data-other={isOther || undefined}>
      {select}
      <OtherText {...props} text={otherText} />
    </div>
  );
}
