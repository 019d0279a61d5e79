import type { TPublicForm } from "@formloom/core/api/forms";
import {
  EMOTIONS,
  RECOGNITION_LIMITS,
  type RecognitionSample,
  recognitionKind,
} from "@formloom/core/recognition";
import * as faceapi from "@vladmandic/face-api";
import { jsonBody, publicApi } from "./public-api.ts";
import type { Recorder } from "./recorders.ts";

/**
 * On-device recognition: once the respondent agreed to capturing, the page looks at the camera
 * about once a second while a question is answered (the one holding the focus, else the one on
 * screen) and keeps, per question, the faces seen and, of the largest face, the seven emotions
 * and the age and gender, as far as the form recognises them. The models run here, in the browser, loaded from this app's own server
 * (/recognition-models); no picture leaves the device, only these numbers, sent under the
 * filling's key to POST /api/forms/answer/recognition. This module (and the models' library) is
 * loaded only on forms that recognise. Without a camera, or when the browser's own question is
 * refused, nothing is recognised and the form is filled as usual.
 */

const MODELS = "/recognition-models";
/** What one request carries at most, well inside the server's limit (a question's samples take up to ~100 KB). */
const REQUEST_BYTES = RECOGNITION_LIMITS.requestBytes / 2;
/** Browsers refuse a request kept alive past the page's end with a body over 64 KB. */
const KEEPALIVE_BYTES = 60_000;
/** How long sending waits for the last results: the answers matter more. */
const FINISH_WAIT_MS = 10_000;

/** The question holding the focus, as the behaviour logger counts it. */
const fieldOf = (target: Element | null): string | undefined =>
  target?.closest("[data-field-id]")?.getAttribute("data-field-id") ?? undefined;

/** The question across the middle of the screen (or nearest it): the one read before it is answered. */
function fieldOnScreen(): string | undefined {
  const middle = window.innerHeight / 2;
  let nearest: { id: string; distance: number } | undefined;
  for (const element of document.querySelectorAll("[data-field-id]")) {
    const box = element.getBoundingClientRect();
    if (box.height === 0 || box.bottom < 0 || box.top > window.innerHeight) continue;
    const distance =
      box.top <= middle && box.bottom >= middle
        ? 0
        : Math.min(Math.abs(box.top - middle), Math.abs(box.bottom - middle));
    const id = element.getAttribute("data-field-id");
    if (id && (!nearest || distance < nearest.distance)) nearest = { id, distance };
  }
  return nearest?.id;
}

/** Whether the browser draws WebGL with a graphics card, not in software on the processor. */
function hasGraphicsCard(): boolean {
  const gl = document.createElement("canvas").getContext("webgl");
  if (!gl) return false;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "";
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return !/swiftshader|llvmpipe|software/i.test(renderer);
}

/**
 * The fastest backend the browser has: WebGL on a graphics card; the processor otherwise, which
 * beats WebGL drawn in software (no shaders to compile, fewer copies).
 */
async function chooseBackend(): Promise<void> {
  // The bundled TensorFlow.js has these; the library's types name only what it uses itself.
  const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
  const webgl = hasGraphicsCard() && (await tf.setBackend("webgl").catch(() => false));
  if (!webgl) await tf.setBackend("cpu");
  await tf.ready();
}

/**
 * Starts recognising this filling (`key`) with the consent options ticked; nothing when there is
 * no camera. Finishing stops looking and resolves once every question's results are sent.
 */
export async function startRecognition(
  form: TPublicForm["form"],
  key: string,
  consent: string[],
): Promise<Recorder | undefined> {
  const kind = recognitionKind(form);
  if (!kind || !navigator.mediaDevices?.getUserMedia) return;
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 640 }, height: { ideal: 480 } },
      audio: false,
    });
  } catch {
    return;
  }
  let stopped = false;
  const stopCamera = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  try {
    await chooseBackend();
    await Promise.all([
      faceapi.nets.tinyFaceDetector.loadFromUri(MODELS),
      kind.emotions ? faceapi.nets.faceExpressionNet.loadFromUri(MODELS) : null,
      kind.ageGender ? faceapi.nets.ageGenderNet.loadFromUri(MODELS) : null,
    ]);
  } catch {
    stopCamera();
    return;
  }
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play().catch(() => {});
  const detector = new faceapi.TinyFaceDetectorOptions({ inputSize: 224, scoreThreshold: 0.5 });

  /** Each question's samples, when it was first looked at, and whether the server has them all. */
  const fields = new Map<string, { start: number; samples: RecognitionSample[]; sent: boolean }>();
  let last: string | undefined;
  let sending: Promise<unknown> = Promise.resolve();

  const send = (ids: string[]) => {
    const unsent = ids.flatMap((id) => {
      const field = fields.get(id);
      if (!field || field.sent || field.samples.length === 0) return [];
      field.sent = true;
      return [{ fieldId: id, samples: [...field.samples] }];
    });
    // Requests of a few questions each, within the server's size and count.
    const requests: (typeof unsent)[] = [];
    let size = 0;
    for (const field of unsent) {
      const bytes = JSON.stringify(field).length;
      const open = requests.at(-1);
      if (!open || open.length >= RECOGNITION_LIMITS.fieldsPerRequest || size + bytes > REQUEST_BYTES) {
        requests.push([field]);
        size = bytes;
      } else {
        open.push(field);
        size += bytes;
      }
    }
    for (const part of requests) {
      const body = { formId: form.id, key, capturingConfirmOptions: consent, fields: part };
      // Kept alive past the page's end where the browser allows it: bodies under 64 KB.
      const keepalive = JSON.stringify(body).length < KEEPALIVE_BYTES;
      sending = sending
        .then(() => publicApi("/forms/answer/recognition", jsonBody("POST", body, { keepalive })))
        .catch(() => {});
    }
  };

  const look = async (): Promise<RecognitionSample | undefined> => {
    if (video.readyState < 2 || video.videoWidth === 0) return;
    const faces = await faceapi.detectAllFaces(video, detector);
    if (faces.length === 0) return { at: 0, faces: 0 };
    const largest = faces.reduce((best, face) => (face.box.area > best.box.area ? face : best));
    const sample: RecognitionSample = { at: 0, faces: faces.length };
    if (!kind.emotions && !kind.ageGender) return sample;
    const [crop] = await faceapi.extractFaces(video, [largest]);
    if (!crop) return sample;
    if (kind.emotions) {
      const scores = (await faceapi.nets.faceExpressionNet.predictExpressions(
        crop,
      )) as faceapi.FaceExpressions;
      sample.emotions = Object.fromEntries(
        EMOTIONS.map((emotion) => [
          emotion,
          Math.round(Math.min(1, Math.max(0, scores[emotion])) * 1000) / 1000,
        ]),
      );
    }
    if (kind.ageGender) {
      const guess = (await faceapi.nets.ageGenderNet.predictAgeAndGender(
        crop,
      )) as faceapi.AgeAndGenderPrediction;
      sample.age = Math.round(Math.min(120, Math.max(0, guess.age)) * 10) / 10;
      sample.gender = guess.gender === "female" ? "female" : "male";
    }
    return sample;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    // The question in hand, else the one on screen; while a dialog covers the form, none.
    const field = document.querySelector("[aria-modal=true]")
      ? undefined
      : (fieldOf(document.activeElement) ?? fieldOnScreen() ?? last);
    // Moving on from a question sends what was seen there.
    if (last && field !== last) send([last]);
    last = field;
    if (field && document.visibilityState === "visible") {
      const begun = performance.now();
      const sample = await look().catch(() => undefined);
      const current = fields.get(field) ?? { start: begun, samples: [], sent: false };
      if (sample && !stopped && current.samples.length < RECOGNITION_LIMITS.samplesPerField) {
        current.samples.push({ ...sample, at: Math.round(begun - current.start) });
        current.sent = false;
        fields.set(field, current);
      }
    }
    // At most one look a second, and never two at once: a slow device looks less often.
    if (!stopped) timer = setTimeout(tick, RECOGNITION_LIMITS.sampleEveryMs);
  };
  timer = setTimeout(tick, 0);

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    stopCamera();
    video.srcObject = null;
  };
  return {
    finish: () => {
      stop();
      send([...fields.keys()]);
      return Promise.race([sending, new Promise((resolve) => setTimeout(resolve, FINISH_WAIT_MS))]).then(
        () => {},
      );
    },
    stop,
  };
}
