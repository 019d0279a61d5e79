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

const MB = 1024 * 1024;

/**
 * The bit rates a recorder is asked for, in bits a second: the highest give a clear picture and
 * sound; below the lowest a face and a voice are lost.
 */
export const RECORDER_BITRATES = {
  video: { max: 1_000_000, min: 100_000 },
  audio: { max: 64_000, min: 16_000 },
} as const;

/** The share of a recording's size its planned rates take: the rest is for the container and the encoder's overshoot. */
const PLANNED_SHARE = 0.85;

/**
 * The largest file a question takes, in MB: the question's own limit (fieldSettings.maxFileSizeMb)
 * and the server's (UPLOAD_MAX_MB), the smaller; undefined when neither is known.
 */
export function fileSizeLimitMb(fieldMaxMb: number | undefined, serverMaxMb: number | undefined) {
  const limits = [fieldMaxMb, serverMaxMb].filter((mb): mb is number => mb !== undefined && mb > 0);
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

/** The largest recording a question takes, in bytes (see fileSizeLimitMb). */
export function recordingMaxBytes(fieldMaxMb: number | undefined, serverMaxMb: number | undefined) {
  const limit = fileSizeLimitMb(fieldMaxMb, serverMaxMb);
  return limit === undefined ? undefined : Math.round(limit * MB);
}

/**
 * The rates a recorder is asked for so a recording of the question's whole length fits its size:
 * the highest where they fit, else lower, never under the lowest (the recorder then stops by
 * itself at the size).
 */
export function recordingBitrates(
  limitSeconds: number,
  maxBytes: number | undefined,
  video: boolean,
): { video?: number; audio: number } {
  const { video: picture, audio: sound } = RECORDER_BITRATES;
  const within = (rate: number, range: { max: number; min: number }) =>
    Math.round(Math.max(range.min, Math.min(range.max, rate)));
  const budget =
    maxBytes === undefined ? Number.POSITIVE_INFINITY : (maxBytes * 8 * PLANNED_SHARE) / limitSeconds;
  if (!video) return { audio: within(budget, sound) };
  // The sound takes a tenth of what a video may, up to its best; the picture the rest.
  const audio = within(budget / 10, sound);
  return { video: within(budget - audio, picture), audio };
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
  full: "The recording stopped at the largest file this question takes.",
} as const;
