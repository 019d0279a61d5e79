import type { TFormSettings } from "./form-schema.ts";

/**
 * The consent pop-ups a public form opens with (forms.md §3, §5, §9): one for video and audio
 * capturing, one for behavioural data. A pop-up is offered when the form shows it, gives at least
 * one option to tick, and really collects that kind of data. The respondent ticks at least one
 * option or cancels; cancelling is an empty choice, and that kind of data is then not collected.
 */
export type ConsentKind = "capturing" | "behavioral";
export const CONSENT_KINDS: readonly ConsentKind[] = ["capturing", "behavioral"];

export type ConsentSettings = Pick<
  TFormSettings,
  | "capturingConfirmPopup"
  | "behavioralConfirmPopup"
  | "collectBehaviorData"
  | "hasVideoCapturing"
  | "hasAudioCapturing"
  | "isCaptureVideo"
  | "isCaptureAudio"
>;

export type ConsentPopup = TFormSettings["capturingConfirmPopup"];

/** Where the submission carries each pop-up's choice. */
export const CONSENT_FIELDS = {
  capturing: "capturingConfirmOptions",
  behavioral: "behavioralConfirmOptions",
} as const satisfies Record<ConsentKind, string>;

function collects(settings: ConsentSettings, kind: ConsentKind): boolean {
  if (kind === "behavioral") return settings.collectBehaviorData;
  return (
    settings.hasVideoCapturing ||
    settings.hasAudioCapturing ||
    settings.isCaptureVideo ||
    settings.isCaptureAudio
  );
}

/** The pop-up of this kind the respondent is asked, or null when the form asks none. */
export function offeredConsent(settings: ConsentSettings, kind: ConsentKind): ConsentPopup | null {
  const popup = kind === "capturing" ? settings.capturingConfirmPopup : settings.behavioralConfirmPopup;
  if (!popup?.show || popup.checkboxes.length === 0 || !collects(settings, kind)) return null;
  return popup;
}

export type ConsentChoices = Partial<Record<(typeof CONSENT_FIELDS)[ConsentKind], readonly string[]>>;

/**
 * The kinds whose choice is not one the form could have given: options it does not offer, an
 * option twice, or a choice for a pop-up the form does not show. Empty when all is well.
 */
export function consentProblems(settings: ConsentSettings, choices: ConsentChoices): ConsentKind[] {
  return CONSENT_KINDS.filter((kind) => {
    const chosen = choices[CONSENT_FIELDS[kind]];
    if (chosen === undefined) return false;
    const popup = offeredConsent(settings, kind);
    if (!popup) return chosen.length > 0;
    const offered = new Set(popup.checkboxes.map((box) => box.id));
    return new Set(chosen).size !== chosen.length || chosen.some((id) => !offered.has(id));
  });
}

/** Whether the respondent agreed to this kind of collection: the form asks none, or they ticked one. */
export function consentGiven(
  settings: ConsentSettings,
  kind: ConsentKind,
  chosen: readonly string[] | undefined,
) {
  return offeredConsent(settings, kind) === null || (chosen?.length ?? 0) > 0;
}
