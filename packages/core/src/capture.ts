/**
 * A filling's video or audio capture (issue 30 "Capture"): the public page records the respondent
 * with MediaRecorder once they agreed to capturing, and sends the recorder's chunks in order to
 * POST /api/forms/answer/upload_capture under the filling's key.
 */
export const CAPTURE_LIMITS = {
  /** Bytes of one chunk: the page cuts one every few seconds, far below this. */
  chunkBytes: 4 * 1024 * 1024,
  maxChunksPerFilling: 2000,
  /** The page asks the recorder for a chunk this often. */
  chunkEveryMs: 4000,
} as const;

/** The recorders' containers a capture may be stored as, and played back as. */
export const CAPTURE_TYPES = ["video/webm", "audio/webm", "video/mp4", "audio/mp4", "audio/ogg"] as const;
export type CaptureType = (typeof CAPTURE_TYPES)[number];

/**
 * What the form captures, from its settings: nothing, the microphone, or the camera (with sound
 * when asked). The builder's switches (hasVideoCapturing, hasAudioCapturing) and the older names
 * the API also takes (isCaptureVideo, isCaptureAudio) mean the same.
 */
export function captureKind(settings: {
  hasVideoCapturing: boolean;
  hasAudioCapturing: boolean;
  isCaptureVideo: boolean;
  isCaptureAudio: boolean;
}): { video: boolean; audio: boolean } | null {
  const video = settings.hasVideoCapturing || settings.isCaptureVideo;
  const audio = settings.hasAudioCapturing || settings.isCaptureAudio;
  return video || audio ? { video, audio } : null;
}
