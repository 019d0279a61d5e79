import type { TBehaviorAttributes } from "@formloom/core/api/behavior-patterns";
import { BEHAVIOR_ATTRIBUTES, type BehaviorAttribute } from "@formloom/core/behavior-attributes";
import { useTranslation } from "react-i18next";

/** Each behavioural attribute's name and what it measures, in the reader's language (docs/behaviour.md). */
export function useAttributeNames(): Record<BehaviorAttribute, { name: string; means: string }> {
  const { t } = useTranslation();
  return {
    energetic: {
      name: t("Energetic"),
      means: t("Pointer and typing actions a minute (120 or more is 100)."),
    },
    efficiency: {
      name: t("Efficiency"),
      means: t("Questions answered within the time the author expected for them."),
    },
    hesitation: { name: t("Hesitation"), means: t("Questions come back to, and typed characters erased.") },
    distraction: {
      name: t("Distraction"),
      means: t("Time the page was hidden behind another tab or window."),
    },
    unfocused: { name: t("Unfocused"), means: t("Time on the page with no question in hand.") },
    rage: { name: t("Rage"), means: t("Clicks in quick bursts on one spot.") },
  };
}

/** Chart rows, one per attribute, with a value under each series' key. */
export function radarRows(
  names: Record<BehaviorAttribute, { name: string }>,
  series: ReadonlyArray<{ key: string; attributes: TBehaviorAttributes }>,
): Array<Record<string, string | number>> {
  return BEHAVIOR_ATTRIBUTES.map((attribute) => ({
    attribute: names[attribute].name,
    ...Object.fromEntries(series.map((item) => [item.key, item.attributes[attribute]])),
  }));
}
