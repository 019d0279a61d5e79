import type { TAnswerVariant } from "@formloom/core/element-schema";
import { OTHER_PREFIX } from "@formloom/core/field-types/choice";
import { fitImageChoice } from "@formloom/core/field-types/image-choice";
import { useEffect, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { ChoiceInput, OtherOption } from "./choice-fields.tsx";
import "./structured-fields.css";

const chosenOf = (value: unknown): string[] => {
  const fitted = fitImageChoice(value, true);
  return Array.isArray(fitted) ? fitted : [];
};

/** Pictures to choose from; a radio or checkbox under each one keeps it usable by keyboard. */
export function ImageChoiceField(props: FieldProps) {
  const multiple = props.element.fieldSettings.multiple === true;
  const variants = props.element.fieldSettings.answerVariants ?? [];
  const chosen = chosenOf(props.value);
  const { value, onChange } = props;
  // The builder's preview keeps a held choice when the setting switches: refit it at once.
  const misfit = value !== undefined && Array.isArray(value) !== multiple;

  useEffect(() => {
    if (misfit) onChange(fitImageChoice(value, multiple));
  }, [misfit, value, multiple, onChange]);

  const choose = (id: string, on: boolean) => {
    if (!multiple) return props.onChange(id);
    props.onChange(fitImageChoice(on ? [...chosen, id] : chosen.filter((other) => other !== id), true));
  };

  const other = chosen.find((id) => id.startsWith(OTHER_PREFIX));
  /** Other's answer is "other:<its text>", as on the other choice types. */
  const setOther = (answer: string | null) => {
    if (!multiple) return props.onChange(answer);
    const rest = chosen.filter((id) => id !== other);
    props.onChange(fitImageChoice(answer === null ? rest : [...rest, answer], true));
  };
  const tiles = (
    <div className="fl-image-choices" id={props.inputId} data-invalid={props.invalid || undefined}>
      {variants.map((variant) => (
        <label key={variant.id} className="fl-image-choice" data-on={chosen.includes(variant.id)}>
          <ImageTile variant={variant} />
          <span className="fl-image-choice-title">
            <ChoiceInput
              field={props}
              multiple={multiple}
              variantId={variant.id}
              checked={chosen.includes(variant.id)}
              onToggle={choose}
            />
            <span>{variant.title}</span>
          </span>
        </label>
      ))}
    </div>
  );
  if (!props.element.fieldSettings.hasOtherVariant) return tiles;
  return (
    <div className="fl-image-choices-other">
      {tiles}
      <OtherOption {...props} multiple={multiple} chosen={other} onChange={setOther} />
    </div>
  );
}

/** The picture, or the title on a plain tile when there is none or it does not load. */
function ImageTile({ variant }: { variant: TAnswerVariant }) {
  const [broken, setBroken] = useState(false);
  if (!variant.image || broken) {
    return (
      <span className="fl-image-tile fl-image-tile-plain" aria-hidden="true">
        {variant.title}
      </span>
    );
  }
  // The title under the tile names the option, so the picture itself is decoration.
  return <img className="fl-image-tile" src={variant.image} alt="" onError={() => setBroken(true)} />;
}
