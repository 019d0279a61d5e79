/** Texts and constants of forms.md §9 that more than one layer needs. */
export const DEFAULT_TEXTS = {
  sendButton: "Send",
  thankYouPageText: "Thank you for submitting this form!",
  thankYouPageTitle: "Form [form_title] was submitted successfully!",
  completeFormButton: "Complete form again",
  nextSubmissionText: "You can not submit this form twice in such short time. Please wait!",
  newQuestion: "Here will be your question",
  fieldComment: "Here will be your field comments and rules",
  fieldLabel: "field label",
  newVariant: "Variant",
  otherVariant: "Other",
} as const;

/**
 * What the form itself says to a respondent besides the author's texts, in English; the web
 * app's catalogs translate each (keyed by this wording) into the form's language.
 */
export const RESPONDENT_TEXTS = {
  /** The welcome screen's button, unless its author named it. */
  start: "Start",
  next: "Next",
  back: "Back",
  required: "required",
  progress: "Progress",
  step: "Step {{current}} of {{total}}",
  page: "Page {{current}} of {{total}}",
  chainStep: "Form {{current}} of {{total}}",
  formTime: "Time left for the form",
  stepTime: "Time left for this step",
  timerElement: "Time left",
  timeUpStep: "Time is up: on to the next step",
  timeUpForm: "Time is up: your answers are being sent",
  stepExpired: "Time for this step is up",
  minutesLeft: "{{minutes}} min left",
  secondsLeft: "{{seconds}} s left",
  fixAnswers: "Please correct the marked answers",
  notificationEmail: "Your e-mail address",
  notificationEmailHint: "We will send you an e-mail about your answers.",
  sending: "Sending…",
  send: DEFAULT_TEXTS.sendButton,
  thankYouTitle: DEFAULT_TEXTS.thankYouPageTitle,
  thankYouText: DEFAULT_TEXTS.thankYouPageText,
  completeAgain: DEFAULT_TEXTS.completeFormButton,
  tooSoon: DEFAULT_TEXTS.nextSubmissionText,
  passed: "Passed",
  failed: "Failed",
  yourResult: "Your result",
  scoreOf: "Score: {{score}} of {{max}}",
  completionLink: "Read more",
  capturingHeader: "Video data collection confirmation",
  behavioralHeader: "Behavioral data collection confirmation",
  consentConfirm: "Confirm",
  consentCancel: "Cancel",
  consentPickOne: "Tick at least one option, or choose Cancel",
  behavioralConsentOption: "I agree that what I type, including erased text, is recorded",
  capturingConsentOption: "I agree to video and audio recording",
  sessionHeader: "Session recording confirmation",
  sessionConsentOption: "I agree that my session on this page is recorded for replay",
  capturingAndSessionConsentOption: "I agree to video, audio and session recording",
  recognitionConsentOption:
    "I agree that my camera is used on this device to recognise my face, emotions, age and gender; the video itself is not recorded",
  capturingAndRecognitionConsentOption:
    "I agree to video and audio recording and to face recognition on this device",
  sessionAndRecognitionConsentOption: "I agree to session recording and to face recognition on this device",
  capturingSessionAndRecognitionConsentOption:
    "I agree to video, audio and session recording and to face recognition on this device",
  cursorOutTitle: "You left the form",
  cursorOutCounted: "Leaving the form is counted: {{cases}} of {{allowed}} times allowed.",
  cursorOutPoints: "Points taken off your result for each time beyond that: {{points}}.",
  cursorOutSendNext: "If you leave it again, the form is sent with the answers given so far.",
  cursorOutSending: "You left the form too often: your answers are being sent",
  backToForm: "Back to the form",
  draftRestored: "Your answers from an earlier visit were restored. They have not been sent yet.",
  draftDiscard: "Discard them",
  draftKept: "Your answers are kept on this device and will be sent when the connection is back.",
  resumeAsk: "You started filling in this form before. Your answers were kept.",
  resumeContinue: "Continue where you left off",
  resumeStartOver: "Start over",
  /** Said when a comma is typed into a number with a decimal point: the browser would drop it. */
  numberUsePoint: "Use a point for decimals, as in 2.5",
  waitUntil: "You can submit it again after {{time}}.",
  signIn: "Sign in",
  /** A formula of the score, which the page cannot know until the server marks the answers. */
  formulaAfterSending: "Calculated when you send the form",
  firstName: "First name",
  lastName: "Last name",
  patronymic: "Patronymic",
  amount: "Amount",
  currency: "Currency",
  /** The limit an answer broke, after the error's own words (see `answer-limits.ts`). */
  limitFromTo: "from {{min}} to {{max}}",
  limitAtLeast: "at least {{min}}",
  limitAtMost: "at most {{max}}",
  limitCharactersAtLeast: "at least {{min}} characters",
  limitCharactersAtMost: "at most {{max}} characters",
  limitOptionsAtLeast: "at least {{min}} options",
  limitOptionsAtMost: "at most {{max}} options",
  limitFileSize: "at most {{size}} MB per file",
  limitFileTypes: "accepted: {{types}}",
} as const;

export const FORM_TITLE_PLACEHOLDER = "[form_title]";

/** Fills the form-title placeholder of the thank-you title. */
export function thankYouTitle(template: string, formTitle: string): string {
  return template.split(FORM_TITLE_PLACEHOLDER).join(formTitle);
}
