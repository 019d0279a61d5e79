import type { TFileRef } from "@formloom/core/field-types/file-like";
import {
  recordingBitrates,
  recordingLimitSeconds,
  recordingMaxBytes,
  RECORDER_TEXTS as TEXT,
} from "@formloom/core/media-questions";
import fixWebmDuration from "fix-webm-duration";
import { useEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { fillVars } from "../flow/translate.ts";
import { useTranslate } from "../translate-context.ts";
import { UploadError, usePending, useUpload } from "../upload-context.tsx";
import { localProblem } from "./upload-field.tsx";
import "./widgets.css";

/** The containers a recorder is asked for, best first; the browser's own choice otherwise. */
const CONTAINERS = {
  video: ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"],
  audio: ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"],
};

/** What is kept free under the size a question takes: the header the recording's length is written into. */
const HEADROOM_BYTES = 16 * 1024;

/**
 * The container the recorder writes, of those the browser records and the question takes (its
 * kind and its own accepted types): none where it takes none of them. With no list of its own,
 * the browser may choose.
 */
function containerFor(fieldType: string, accept: readonly string[] | undefined): string | undefined | null {
  const found = CONTAINERS[fieldType === "video" ? "video" : "audio"].find((container) => {
    if (!MediaRecorder.isTypeSupported(container)) return false;
    const type = container.split(";")[0] ?? "";
    const file = new File([], `recording.${type.split("/")[1]}`, { type });
    return localProblem(file, fieldType, accept) === null;
  });
  return found ?? (accept?.some((entry) => entry.trim()) ? null : undefined);
}

/** Minutes and seconds, as a player shows them: 1:05. */
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

type Phase =
  | { kind: "idle" }
  | { kind: "asking" }
  | { kind: "recording"; started: number }
  | { kind: "saving"; fraction: number }
  | { kind: "failed"; code: string }
  | { kind: "unavailable" };

interface Clip {
  url: string;
  seconds: number;
  ref: TFileRef;
  /** It stopped by itself at the size the question takes. */
  full: boolean;
}

/**
 * A video or audio question answered by recording in the page: start and stop, a running clock
 * against the question's limit (the recording stops by itself there), the recording played
 * back, recorded again or removed. The recording goes through the page's upload call like every
 * file answer does, so it keeps to the largest file the question and the server take: its bit
 * rates are chosen for its whole length to fit, and near that size it stops by itself, keeping
 * what was recorded. Where the camera or microphone cannot be used, the question takes no file
 * the browser records, or the respondent would rather, a file is uploaded instead, in the
 * field's upload drawn after this.
 */
export default function RecordedAnswer(props: FieldProps) {
  const { element, value, onChange, inputId, describedBy, invalid, disabled } = props;
  const translate = useTranslate();
  const upload = useUpload();
  const video = element.fieldType === "video";
  const limit = recordingLimitSeconds(element.fieldSettings);
  const { accept, maxFileSizeMb } = element.fieldSettings;
  const maxBytes = recordingMaxBytes(maxFileSizeMb, upload?.maxMb);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [elapsed, setElapsed] = useState(0);
  const [clip, setClip] = useState<Clip | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const controller = useRef<AbortController | null>(null);
  const live = useRef<HTMLVideoElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const statusId = `${inputId}-recorder-status`;
  const limitId = `${inputId}-recorder-limit`;
  const supported =
    typeof MediaRecorder !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia) && Boolean(upload);
  const [container] = useState(() => (supported ? containerFor(element.fieldType, accept) : undefined));
  const canRecord = supported && container !== null;
  const files = Array.isArray(value) ? (value as TFileRef[]) : [];
  // The answer is this recording while the field still holds it.
  const recorded = clip !== null && files[0]?.id !== undefined && files[0].id === clip.ref.id;

  const stopTracks = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  };

  useEffect(
    () => () => {
      controller.current?.abort();
      if (recorder.current?.state === "recording") {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  useEffect(() => () => (clip ? URL.revokeObjectURL(clip.url) : undefined), [clip]);

  usePending(
    element.id,
    phase.kind === "recording"
      ? "widget.record.in_progress"
      : phase.kind === "saving"
        ? "widget.upload.in_progress"
        : null,
  );
  const started = phase.kind === "recording" ? phase.started : null;
  useEffect(() => {
    if (started === null) return;
    if (video && live.current && stream.current) {
      live.current.srcObject = stream.current;
      void live.current.play().catch(() => {});
    }
    const tick = setInterval(() => setElapsed(Math.min(limit, (Date.now() - started) / 1000)), 250);
    // At the question's limit the recording stops by itself.
    const end = setTimeout(() => recorder.current?.stop(), limit * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(end);
    };
  }, [started, limit, video]);

  const save = async (recorded: Blob, seconds: number, full: boolean) => {
    if (!upload) return;
    const type = recorded.type || (video ? "video/webm" : "audio/webm");
    // A browser's recorder writes a WebM without its length, so players show 0:00 and cannot
    // seek: the length measured here is written into its header.
    const blob = type.endsWith("/webm")
      ? await fixWebmDuration(recorded, seconds * 1000, { logger: false }).catch(() => recorded)
      : recorded;
    const extension = type.split("/")[1]?.replace(/[^a-z0-9]/g, "") || "webm";
    const file = new File([blob], `recording.${extension}`, { type });
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setPhase({ kind: "saving", fraction: 0 });
    try {
      const ref = await upload(
        file,
        element.id,
        (fraction) => setPhase({ kind: "saving", fraction }),
        own.signal,
      );
      if (own.signal.aborted) return;
      setClip({ url: URL.createObjectURL(blob), seconds, ref, full });
      onChange([ref]);
      setPhase({ kind: "idle" });
    } catch (error) {
      if (own.signal.aborted) return;
      setPhase({ kind: "failed", code: error instanceof UploadError ? error.code : "widget.upload.failed" });
    }
  };

  const start = async () => {
    setPhase({ kind: "asking" });
    try {
      const media = await navigator.mediaDevices.getUserMedia(
        video ? { video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true } : { audio: true },
      );
      stream.current = media;
      const rates = recordingBitrates(limit, maxBytes, video);
      const next = new MediaRecorder(media, {
        ...(container ? { mimeType: container } : {}),
        ...(rates.video ? { videoBitsPerSecond: rates.video } : {}),
        audioBitsPerSecond: rates.audio,
      });
      const chunks: Blob[] = [];
      const began = Date.now();
      let total = 0;
      let biggest = 0;
      let full = false;
      next.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        total += event.data.size;
        biggest = Math.max(biggest, event.data.size);
        // Near the size the question takes the recording stops by itself, and is kept: what the
        // recorder still holds comes as one more piece, taken to be as large as the largest before.
        if (
          maxBytes !== undefined &&
          next.state === "recording" &&
          total + 2 * biggest + HEADROOM_BYTES > maxBytes
        ) {
          full = true;
          next.stop();
        }
      };
      next.onstop = () => {
        stopTracks();
        recorder.current = null;
        // Should that last piece still pass the size, the recording ends before it.
        while (maxBytes !== undefined && chunks.length > 1 && total + HEADROOM_BYTES > maxBytes) {
          total -= chunks.pop()?.size ?? 0;
          full = true;
        }
        const type = (next.mimeType || container || "").split(";")[0] ?? "";
        void save(new Blob(chunks, { type }), Math.min(limit, (Date.now() - began) / 1000), full);
      };
      recorder.current = next;
      next.start(1000);
      setElapsed(0);
      setPhase({ kind: "recording", started: began });
    } catch {
      stopTracks();
      setPhase({ kind: "unavailable" });
    }
  };

  const remove = () => {
    setClip(null);
    onChange(undefined);
    setPhase({ kind: "idle" });
    button.current?.focus();
  };

  const busy = phase.kind === "asking" || phase.kind === "saving";
  const status =
    phase.kind === "asking"
      ? translate(TEXT.asking)
      : phase.kind === "recording"
        ? fillVars(translate(TEXT.recording), { elapsed: clock(elapsed), limit: clock(limit) })
        : phase.kind === "saving"
          ? `${translate(TEXT.uploading)} ${Math.round(phase.fraction * 100)}%`
          : phase.kind === "unavailable"
            ? translate(video ? TEXT.noCamera : TEXT.noMicrophone)
            : recorded
              ? `${fillVars(translate(TEXT.recorded), { length: clock(clip.seconds) })}. ${
                  clip.full ? `${translate(TEXT.full)} ` : ""
                }${translate(TEXT.saved)}`
              : "";
  const error = phase.kind === "failed" ? translate(phase.code) : "";
  // The question takes no file the browser records: it is answered by the upload alone.
  if (container === null) return null;

  return (
    // The field's upload follows this (media-answer-field.tsx): hidden while recording, and while a
    // recording is the answer.
    <div
      className="fl-recorder"
      data-invalid={invalid || error ? true : undefined}
      data-hides-upload={recorded || phase.kind === "recording" || undefined}
    >
      {phase.kind === "recording" && video && (
        <video ref={live} className="fl-recorder-video" muted playsInline aria-label={translate(TEXT.live)} />
      )}
      {recorded && phase.kind !== "recording" && clip && (
        <div className="fl-recorder-clip">
          {video ? (
            // biome-ignore lint/a11y/useMediaCaption: the respondent's own recording has no captions
            <video
              className="fl-recorder-video"
              src={clip.url}
              controls
              playsInline
              aria-label={translate(TEXT.preview)}
            />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: the respondent's own recording has no captions
            <audio
              className="fl-recorder-audio"
              src={clip.url}
              controls
              aria-label={translate(TEXT.preview)}
            />
          )}
        </div>
      )}
      {canRecord && (
        <div className="fl-recorder-row">
          {/* One button starts and stops, so the keyboard's focus stays on it. */}
          <button
            ref={button}
            type="button"
            className={phase.kind === "recording" ? "fl-widget-button fl-widget-primary" : "fl-widget-button"}
            disabled={phase.kind !== "recording" && disabled}
            // Kept focusable while the camera starts and the recording is saved, so focus stays here.
            aria-disabled={busy || undefined}
            aria-invalid={invalid || Boolean(error) || undefined}
            aria-describedby={[describedBy, statusId, limitId].filter(Boolean).join(" ")}
            onClick={() => {
              if (phase.kind === "recording") recorder.current?.stop();
              else if (!busy) void start();
            }}
          >
            {phase.kind === "recording" && <span className="fl-recorder-dot" aria-hidden="true" />}
            {translate(
              phase.kind === "recording"
                ? TEXT.stop
                : recorded
                  ? TEXT.again
                  : video
                    ? TEXT.recordVideo
                    : TEXT.recordAudio,
            )}
          </button>
          {recorded && phase.kind !== "recording" && (
            <button type="button" className="fl-widget-button" disabled={disabled || busy} onClick={remove}>
              {translate(TEXT.remove)}
            </button>
          )}
        </div>
      )}
      <p className="fl-recorder-status" id={statusId} aria-live="polite">
        {status}
        {phase.kind === "saving" && (
          <progress max={1} value={phase.fraction} aria-label={translate(TEXT.uploading)} />
        )}
      </p>
      {canRecord && phase.kind !== "unavailable" && (
        <p className="fl-comment" id={limitId}>
          {fillVars(translate(TEXT.limit), { limit: clock(limit) })}
        </p>
      )}
      <p className="fl-upload-error" role="alert">
        {error}
      </p>
      {canRecord && !recorded && phase.kind !== "recording" && (
        <p className="fl-recorder-or">{translate(TEXT.orUpload)}</p>
      )}
    </div>
  );
}
