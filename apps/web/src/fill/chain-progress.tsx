import type { TChainPlace } from "@formloom/core/api/form-chains";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { Translate } from "@formloom/renderer/form-renderer";
import "./chain-progress.css";

/** "Form 2 of 3" and a bar: where a form filled as a step of a form chain stands in it. */
export function ChainProgress({ place, translate }: { place: TChainPlace; translate: Translate }) {
  const label = translate(RESPONDENT_TEXTS.chainStep, { current: place.current, total: place.total });
  return (
    <div className="fill-chain">
      <p className="fill-chain-label">{label}</p>
      <div
        className="fill-chain-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={place.total}
        aria-valuenow={place.current}
      >
        <span style={{ width: `${(100 * place.current) / Math.max(1, place.total)}%` }} />
      </div>
    </div>
  );
}
