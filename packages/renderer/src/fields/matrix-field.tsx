import { matrixRowName } from "@formloom/core/form-post";
import type { CSSProperties } from "react";
import type { FieldProps } from "../field-props.ts";
import "./structured-fields.css";

type MatrixAnswer = Record<string, string | string[]>;

const asAnswer = (value: unknown): MatrixAnswer =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as MatrixAnswer) : {};
const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Rows of questions answered on one scale of columns: a table of radios (one answer a row) or
 * checkboxes (several). Each row is its own group named by its question, so on a phone the rows
 * can stack one under the other instead of scrolling sideways.
 */
export function MatrixField(props: FieldProps) {
  const columns = props.element.fieldSettings.answerVariants ?? [];
  const rows = props.element.fieldSettings.questions ?? [];
  const answer = asAnswer(props.value);

  const choose = (rowId: string, multiple: boolean, columnId: string, on: boolean) => {
    const { [rowId]: current, ...others } = answer;
    const chosen = asList(current);
    const next = multiple ? (on ? [...chosen, columnId] : chosen.filter((id) => id !== columnId)) : columnId;
    // An emptied row leaves the answer, so a row with nothing ticked is "not answered".
    const answered = asList(next).length > 0 ? { ...others, [rowId]: next } : others;
    props.onChange(Object.keys(answered).length > 0 ? answered : undefined);
  };

  return (
    <div
      className="fl-matrix"
      id={props.inputId}
      data-invalid={props.invalid || undefined}
      style={{ "--fl-matrix-columns": columns.length } as CSSProperties}
    >
      <div className="fl-matrix-row fl-matrix-head" aria-hidden="true">
        <span />
        {columns.map((column) => (
          <span key={column.id} className="fl-matrix-column">
            {column.title}
          </span>
        ))}
      </div>
      {rows.map((row) => {
        const chosen = asList(answer[row.id]);
        return (
          <fieldset key={row.id} className="fl-matrix-row">
            {/* A visible legend would sit outside the grid; the hidden one names the group. */}
            <legend className="fl-visually-hidden">{row.question}</legend>
            <span className="fl-matrix-question" aria-hidden="true">
              {row.question}
            </span>
            {columns.map((column) => (
              <label key={column.id} className="fl-matrix-cell">
                <input
                  type={row.multiple ? "checkbox" : "radio"}
                  name={matrixRowName(props.element.id, row.id)}
                  value={column.id}
                  checked={chosen.includes(column.id)}
                  aria-describedby={props.describedBy}
                  aria-invalid={props.invalid || undefined}
                  disabled={props.disabled}
                  onChange={(e) => choose(row.id, row.multiple, column.id, e.currentTarget.checked)}
                />
                <span className="fl-matrix-cell-title">{column.title}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
