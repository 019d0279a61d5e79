import type { Emotion } from "@formloom/core/recognition";
import { useTranslation } from "react-i18next";

/** Each emotion's colour on the charts, the same everywhere. */
export const EMOTION_COLOURS: Record<Emotion, string> = {
  happy: "yellow.6",
  surprised: "orange.6",
  neutral: "gray.6",
  sad: "blue.6",
  fearful: "violet.6",
  disgusted: "green.7",
  angry: "red.7",
};

/** The seven emotions' names in the reader's language. */
export function useEmotionNames(): Record<Emotion, string> {
  const { t } = useTranslation();
  return {
    happy: t("Happy"),
    surprised: t("Surprised"),
    neutral: t("Neutral"),
    sad: t("Sad"),
    fearful: t("Fearful"),
    disgusted: t("Disgusted"),
    angry: t("Angry"),
  };
}
