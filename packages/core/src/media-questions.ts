/**
 * Video and audio questions (forms.md §1 hasVideoAudioQuestions): with the form's setting on, its
 * video and audio fields are answered by recording in the page, or by uploading a file where the
 * page cannot record. Kept free of schemas: the public page's script reads it.
 */

/** The field types a video or audio question is asked with. */
export const MEDIA_QUESTION_TYPES: readonly string[] = ["video", "audio"];

export const isMediaQuestionType = (fieldType: string): boolean => MEDIA_QUESTION_TYPES.includes(fieldType);

/** How long a recording may run when the question sets no limit of its own, in seconds. */
export const DEFAULT_RECORDING_SECONDS = 120;
/** The bounds of a question's own limit (fieldSettings.maxRecordingSeconds), in seconds. */
export const RECORDING_SECONDS_RANGE = { min: 5, max: 600 } as const;

/** The longest recording the question takes, in seconds. */
export function recordingLimitSeconds(fieldSettings: { maxRecordingSeconds?: number | undefined }): number {
  const own = fieldSettings.maxRecordingSeconds;
  if (own === undefined || !Number.isFinite(own)) return DEFAULT_RECORDING_SECONDS;
  return Math.min(RECORDING_SECONDS_RANGE.max, Math.max(RECORDING_SECONDS_RANGE.min, Math.round(own)));
}

/**
 * What the page says while a video or audio question is recorded, in English: the key the web
 * app's catalogs translate it under. Read by the recorder alone, which loads only on such forms.
 */
export const RECORDER_TEXTS = {
  recordVideo: "Record a video",
  recordAudio: "Record audio",
  stop: "Stop recording",
  again: "Record again",
  remove: "Remove the recording",
  asking: "Asking for the camera and microphone…",
  recording: "Recording: {{elapsed}} of {{limit}}",
  recorded: "Recorded: {{length}}",
  limit: "A recording stops by itself after {{limit}}.",
  uploading: "Saving the recording…",
  saved: "The recording is saved with your answers.",
  live: "What the camera sees",
  preview: "Your recording",
  noCamera: "The camera could not be used. Upload a video file instead.",
  noMicrophone: "The microphone could not be used. Upload a sound file instead.",
  orUpload: "Or upload a file",
} as const;
