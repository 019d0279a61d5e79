import type { FieldProps } from "../field-props.ts";
import "./structured-fields.css";

/** The text between the gaps; the public form keeps the [[…]] markers but not their words. */
const piecesOf = (text: string) => text.split(/\[\[.*?\]\]/);

/** The text with an input in each gap; the answer has one entry per gap, in order. */
export function GapTextField(props: FieldProps) {
  const pieces = piecesOf(props.element.fieldSettings.gapText ?? "");
  const gapCount = pieces.length - 1;
  const given = Array.isArray(props.value) ? props.value : [];
  const words = Array.from({ length: gapCount }, (_, i) => (typeof given[i] === "string" ? given[i] : ""));

  const write = (index: number, word: string) => {
    const next = words.map((old, i) => (i === index ? word : old));
    props.onChange(next.some((w) => w !== "") ? next : undefined);
  };

  return (
    <p className="fl-gap-text" id={props.inputId} data-invalid={props.invalid || undefined}>
      {pieces.map((piece, index) => (
        // The pieces never move, so their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index}>
          {piece}
          {index < gapCount && (
            <input
              className="fl-input fl-gap"
              type="text"
              value={words[index]}
              aria-label={`Gap ${index + 1}: ${props.element.question}`}
              aria-describedby={props.describedBy}
              aria-invalid={props.invalid || undefined}
              disabled={props.disabled}
              onChange={(e) => write(index, e.currentTarget.value)}
            />
          )}
        </span>
      ))}
    </p>
  );
}
