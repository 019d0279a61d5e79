import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { Ref } from "react";
import type { Translate } from "./translate.ts";

interface Props {
  current: number;
  total: number;
  /** Steps passed through; a step a jump went over stays unmarked. */
  visited: readonly number[];
  steps: boolean;
  showStepper: boolean;
  translate: Translate;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Where the respondent is: "Step 2 of 5" as the page's heading, a bar, and the stepper's dots. */
export function ProgressView({ current, total, visited, steps, showStepper, translate, headingRef }: Props) {
  const text = translate(steps ? RESPONDENT_TEXTS.step : RESPONDENT_TEXTS.page, {
    current: current + 1,
    total,
  });
  return (
    <div className="fl-progress">
      {showStepper && (
        // The heading says the same in words; the dots are for the eye.
        <ol className="fl-stepper" aria-hidden="true">
          {Array.from({ length: total }, (_, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are positions, nothing else names them.
              key={index}
              className="fl-step"
              data-state={index === current ? "current" : visited.includes(index) ? "visited" : "other"}
            >
              {index + 1}
            </li>
          ))}
        </ol>
      )}
      <h2 className="fl-progress-text" tabIndex={-1} ref={headingRef}>
        {text}
      </h2>
      <div
        className="fl-progress-bar"
        role="progressbar"
        aria-label={translate(RESPONDENT_TEXTS.progress)}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current + 1}
        aria-valuetext={text}
      >
        <span style={{ width: `${((current + 1) / total) * 100}%` }} />
      </div>
    </div>
  );
}
