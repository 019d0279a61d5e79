import type { TPublicForm } from "@formloom/core/api/forms";
import { captureKind } from "@formloom/core/capture";
import { recognitionKind } from "@formloom/core/recognition";
import { replayRecordsPointer, replayShowsTyping } from "@formloom/core/session-recording";

/** One recorder of the filling: the session replay, or the camera and microphone. */
export interface Recorder {
  /** Sends what is recorded so far; resolves when it is stored (or failed, or a while passed). */
  finish(): Promise<void>;
  stop(): void;
}

const replayer = () => import("./session-replay.ts");
const capturer = () => import("./capture-recorder.ts");
/** The face models' library is large: only forms that recognise load it. */
const recogniser = () => import("./face-recognition.ts");

/** Downloads the recorders this form will start once the respondent agrees. */
export function preload(form: TPublicForm["form"]): void {
  if (form.hasSessionRecording) replayer().catch(() => {});
  if (captureKind(form)) capturer().catch(() => {});
  if (recognitionKind(form)) recogniser().catch(() => {});
}

/**
 * Starts what the form records once the respondent agreed to capturing: the session for replay
 * (rrweb) where it records sessions, the camera or microphone where it captures video or audio.
 * Each is downloaded only when its form needs it, so capturing never loads rrweb and a replay
 * never loads the recorder. One that has not started yet is not waited for.
 */
export function startRecorders(
  form: TPublicForm["form"],
  key: string,
  capturing: string[],
  /** The behavioural consent: undefined where none is asked. */
  behavioural: string[] | undefined,
): Recorder {
  const running: Recorder[] = [];
  let stopped = false;
  const add = (recorder: Recorder | undefined) => {
    if (!recorder) return;
    if (stopped) recorder.stop();
    else running.push(recorder);
  };
  if (form.hasSessionRecording)
    replayer()
      .then(({ startSessionRecording }) => {
        const replay = startSessionRecording({
          formId: form.id,
          key: () => key,
          consent: capturing,
          realCharacters: replayShowsTyping(form, behavioural),
          behavioural,
          pointer: replayRecordsPointer(form, behavioural),
        });
        add({ finish: replay.flush, stop: replay.stop });
      })
      .catch(() => {});
  if (captureKind(form))
    capturer()
      .then(({ startCapture }) => startCapture(form, key, capturing))
      .then(add)
      .catch(() => {});
  if (recognitionKind(form))
    recogniser()
      .then(({ startRecognition }) => startRecognition(form, key, capturing))
      .then(add)
      .catch(() => {});
  return {
    finish: () => Promise.all(running.map((recorder) => recorder.finish())).then(() => {}),
    stop() {
      stopped = true;
      for (const recorder of running) recorder.stop();
    },
  };
}
