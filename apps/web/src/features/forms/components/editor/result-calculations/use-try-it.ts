import type { TElement } from "@formloom/core/element-schema";
import { useMemo, useState } from "react";
import type { PreviewMode } from "../device-preview.tsx";
import { type ResultSettings, tryItScore } from "./scoring-edits.ts";

/**
 * The preview's trial run: its mode (selecting elements, or filling the form), the answers given
 * in it, and — for a calculation form — their score, computed by core as the server will.
 */
export function useTryIt(settings: ResultSettings, fields: readonly TElement[]) {
  const [mode, setMode] = useState<PreviewMode>("select");
  const [answers, setAnswers] = useState<Readonly<Record<string, unknown>>>({});
  const report = useMemo(
    () => (settings.type === "calculation" ? tryItScore(settings, fields, answers) : null),
    [settings, fields, answers],
  );
  return { mode, setMode, answers, setAnswers, report };
}
