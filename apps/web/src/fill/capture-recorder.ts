import type { TPublicForm } from "@formloom/core/api/forms";
import { CAPTURE_LIMITS, captureKind } from "@formloom/core/capture";
import { publicApi } from "./public-api.ts";
import type { Recorder } from "./recorders.ts";

/**
 * Records the respondent with the camera or the microphone while they fill the form (issue 30
 * "Capture"), started only once they agreed to capturing: nothing before that moment is kept. The
 * recorder's chunks go one after another to POST /api/forms/answer/upload_capture under the
 * filling's key, each with its place; one that failed is sent again with the same place, which the
 * server keeps once. Loaded only on forms that capture. Without a camera, or when the browser's
 * own question is refused, nothing is recorded and the form is filled as usual.
 */

const ATTEMPTS = 3;
/** How long sending waits for the recording's last chunks: the answers matter more. */
const FINISH_WAIT_MS = 15_000;

/** The first container the browser records: WebM where it can, MP4 (Safari) otherwise. */
function recordedType(video: boolean): string | undefined {
  const types = video
    ? ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"]
    : ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg"];
  return types.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Starts recording this filling (`key`) with the consent options ticked; nothing when it cannot
 * start. Finishing ends the recording and resolves once its chunks are sent, or a while passed.
 */
export async function startCapture(
  form: TPublicForm["form"],
  key: string,
  consent: string[],
): Promise<Recorder | undefined> {
  const kind = captureKind(form);
  if (!kind || !navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") return;
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: kind.video ? { width: { ideal: 640 }, height: { ideal: 480 } } : false,
      audio: kind.audio,
    });
  } catch {
    // No camera or microphone, or the browser's own question was refused.
    return;
  }
  const mimeType = recordedType(kind.video);
  const recorder = new MediaRecorder(stream, {
    ...(mimeType ? { mimeType } : {}),
    videoBitsPerSecond: 300_000,
    audioBitsPerSecond: 48_000,
  });
  let seq = 0;
  let refused = false;
  let sending: Promise<void> = Promise.resolve();

  const sendOnce = async (chunk: Blob, place: number, again: boolean): Promise<boolean> => {
    const body = new FormData();
    body.append("formId", String(form.id));
    body.append("key", key);
    body.append("seq", String(place));
    body.append("capturingConfirmOptions", JSON.stringify(consent));
    body.append("chunk", chunk, "chunk");
    const response = await publicApi("/forms/answer/upload_capture", { method: "POST", body });
    // Refused for good (too large, not agreed): the rest is not sent either.
    if ([400, 403, 404, 413].includes(response.status)) refused = true;
    // A first chunk this filling already holds, sent the first time: an earlier page (before a
    // reload) recorded it. That recording stays whole; this one is not mixed into it.
    if (place === 0 && !again && response.ok && !((await response.json()) as { stored: boolean }).stored) {
      refused = true;
    }
    return response.ok || refused;
  };
  const send = async (chunk: Blob, place: number) => {
    for (let attempt = 0; attempt < ATTEMPTS && !refused; attempt++) {
      if (await sendOnce(chunk, place, attempt > 0).catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  };

  recorder.addEventListener("dataavailable", (event) => {
    if (refused) stop();
    if (event.data.size === 0 || refused || seq > CAPTURE_LIMITS.maxChunksPerFilling) return;
    const place = seq++;
    // In order, one after another: the first holds the container's header.
    sending = sending.then(() => send(event.data, place));
  });
  const ended = new Promise<void>((resolve) => recorder.addEventListener("stop", () => resolve()));
  const stop = () => {
    if (recorder.state !== "inactive") recorder.stop();
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start(CAPTURE_LIMITS.chunkEveryMs);
  const done = async () => {
    stop();
    await ended;
    await sending;
  };
  return {
    finish: () => Promise.race([done(), new Promise<void>((resolve) => setTimeout(resolve, FINISH_WAIT_MS))]),
    stop,
  };
}
