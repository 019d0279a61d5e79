import type { FieldProps } from "../field-props.ts";
import "./structured-fields.css";

type Pairs = Record<string, string>;

const pairsOf = (value: unknown): Pairs =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Pairs) : {};

/** Each left-hand item with a list of the right-hand items to match it to. */
export function CorrespondenceField(props: FieldProps) {
  const left = props.element.fieldSettings.answerVariants ?? [];
  const right = props.element.fieldSettings.matches ?? [];
  const pairs = pairsOf(props.value);

  const match = (leftId: string, rightId: string) => {
    const { [leftId]: _, ...others } = pairs;
    const next = rightId ? { ...others, [leftId]: rightId } : others;
    props.onChange(Object.keys(next).length > 0 ? next : undefined);
  };

  return (
    <div className="fl-pairs" id={props.inputId} data-invalid={props.invalid || undefined}>
      {left.map((item) => {
        const selectId = `${props.inputId}-${item.id}`;
        return (
          <div key={item.id} className="fl-pair">
            <label className="fl-pair-left" htmlFor={selectId}>
              {item.title}
            </label>
            <select
              id={selectId}
              className="fl-input fl-pair-right"
              value={pairs[item.id] ?? ""}
              aria-describedby={props.describedBy}
              aria-invalid={props.invalid || undefined}
              disabled={props.disabled}
              onChange={(e) => match(item.id, e.currentTarget.value)}
            >
              <option value="">—</option>
              {right.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}
