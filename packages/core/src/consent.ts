import { RESPONDENT_TEXTS } from "./defaults.ts";
import type { TFormSettings } from "./form-schema.ts";

/**
 * The consent pop-ups a public form opens with (forms.md §3, §5, §9): one for video and audio
 * capturing, one for behavioural data. A pop-up is offered when the form shows it with options of
 * the author's and collects that kind of data, and always when the form collects what nobody may
 * record unasked: typed and erased characters, video, audio, recognition, a session recording. Where the author gave no
 * options then, the pop-up comes with one of ours. The respondent ticks at least one option or
 * cancels; cancelling is an empty choice, and that kind of data is then not collected.
 */
export type ConsentKind = "capturing" | "behavioral";
export const CONSENT_KINDS: readonly ConsentKind[] = ["capturing", "behavioral"];

export type ConsentSettings = Pick<
  TFormSettings,
  | "capturingConfirmPopup"
  | "behavioralConfirmPopup"
  | "collectBehaviorData"
  | "collectRealCharacters"
  | "hasVideoCapturing"
  | "hasAudioCapturing"
  | "isCaptureVideo"
  | "isCaptureAudio"
  | "hasFaceRecognition"
  | "hasEmotionsRecognition"
  | "hasAgeGenderRecognition"
  | "hasSessionRecording"
>;

export type ConsentPopup = TFormSettings["capturingConfirmPopup"];

/** Where the submission carries each pop-up's choice. */
export const CONSENT_FIELDS = {
  capturing: "capturingConfirmOptions",
  behavioral: "behavioralConfirmOptions",
} as const satisfies Record<ConsentKind, string>;

/** Whether the form records the camera or microphone. */
const recordsMedia = (settings: ConsentSettings) =>
  settings.hasVideoCapturing ||
  settings.hasAudioCapturing ||
  settings.isCaptureVideo ||
  settings.isCaptureAudio;

/** Whether the respondent's device recognises faces, emotions, age or gender from the camera. */
const recognises = (settings: ConsentSettings) =>
  settings.hasFaceRecognition || settings.hasEmotionsRecognition || settings.hasAgeGenderRecognition;

/** Whether the form records the camera or microphone, or recognises faces. */
const capturesMedia = (settings: ConsentSettings) => recordsMedia(settings) || recognises(settings);

function collects(settings: ConsentSettings, kind: ConsentKind): boolean {
  if (kind === "behavioral") return settings.collectBehaviorData;
  return capturesMedia(settings) || settings.hasSessionRecording;
}

/**
 * Whether the form collects data of this kind that is never recorded without the respondent's
 * yes: then the pop-up is asked whatever the author chose.
 */
export function consentRequired(settings: ConsentSettings, kind: ConsentKind): boolean {
  if (kind === "behavioral") return settings.collectBehaviorData && settings.collectRealCharacters;
  return collects(settings, kind);
}

/**
 * The option a pop-up the author gave none comes with; its label is English, translated on the
 * page like the other respondent texts.
 */
export const DEFAULT_CONSENT_OPTIONS = {
  capturing: { id: "default-capturing", label: RESPONDENT_TEXTS.capturingConsentOption, checked: false },
  behavioral: { id: "default-behavioral", label: RESPONDENT_TEXTS.behavioralConsentOption, checked: false },
} as const satisfies Record<ConsentKind, ConsentPopup["checkboxes"][number]>;

/** The header a pop-up comes with (forms.md §7), as its settings store it. */
const HEADERS = {
  capturing: RESPONDENT_TEXTS.capturingHeader,
  behavioral: RESPONDENT_TEXTS.behavioralHeader,
} as const;

/**
 * Our option's words by what the camera and page are used for: recording the camera or
 * microphone, recognising faces on the device, recording the session.
 */
const CAPTURING_OPTIONS: Record<`${boolean}-${boolean}-${boolean}`, string> = {
  "true-false-false": RESPONDENT_TEXTS.capturingConsentOption,
  "false-true-false": RESPONDENT_TEXTS.recognitionConsentOption,
  "false-false-true": RESPONDENT_TEXTS.sessionConsentOption,
  "true-true-false": RESPONDENT_TEXTS.capturingAndRecognitionConsentOption,
  "true-false-true": RESPONDENT_TEXTS.capturingAndSessionConsentOption,
  "false-true-true": RESPONDENT_TEXTS.sessionAndRecognitionConsentOption,
  "true-true-true": RESPONDENT_TEXTS.capturingSessionAndRecognitionConsentOption,
  "false-false-false": RESPONDENT_TEXTS.capturingConsentOption,
};

/**
 * The header and option a pop-up comes with where the author left them as they came, saying what
 * the form records: a form that records the session but uses no camera or microphone asks about
 * the session; otherwise the option names each of recording, recognition on the device and the
 * session that the form does. English, translated on the page.
 */
export function consentDefaults(
  settings: ConsentSettings,
  kind: ConsentKind,
): { header: string; option: ConsentPopup["checkboxes"][number] } {
  const option = DEFAULT_CONSENT_OPTIONS[kind];
  if (kind === "behavioral") return { header: HEADERS[kind], option };
  const uses = `${recordsMedia(settings)}-${recognises(settings)}-${settings.hasSessionRecording}` as const;
  return {
    header:
      capturesMedia(settings) || !settings.hasSessionRecording
        ? HEADERS.capturing
        : RESPONDENT_TEXTS.sessionHeader,
    option: { ...option, label: CAPTURING_OPTIONS[uses] },
  };
}

/** Whether this option is one of ours rather than the author's, so its label is translated. */
export const isDefaultConsentOption = (id: string): boolean =>
  CONSENT_KINDS.some((kind) => DEFAULT_CONSENT_OPTIONS[kind].id === id);

/** The pop-up of this kind the respondent is asked, or null when the form asks none. */
export function offeredConsent(settings: ConsentSettings, kind: ConsentKind): ConsentPopup | null {
  const stored = kind === "capturing" ? settings.capturingConfirmPopup : settings.behavioralConfirmPopup;
  if (!collects(settings, kind)) return null;
  const defaults = consentDefaults(settings, kind);
  // A header left as it came says what this form records.
  const popup =
    !stored.header || stored.header === HEADERS[kind] ? { ...stored, header: defaults.header } : stored;
  const authored = popup.checkboxes.length > 0;
  if (popup.show && authored) return popup;
  // Hiding the pop-up cannot silence the question while such data is collected.
  if (!consentRequired(settings, kind)) return null;
  return { ...popup, show: true, checkboxes: authored ? popup.checkboxes : [defaults.option] };
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
