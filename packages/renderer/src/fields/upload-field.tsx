import type { TFileRef } from "@formloom/core/field-types/file-like";
import { keptFileName, removedFileName } from "@formloom/core/form-post";
import { fileSizeLimitMb } from "@formloom/core/media-questions";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { errorText } from "../flow/error-text.ts";
import { useScripted } from "../scripted.ts";
import { useLocale, useTranslate } from "../translate-context.ts";
import { UploadError, usePending, useUpload } from "../upload-context.tsx";
import "./upload-field.css";

/** What each upload type takes, as the server checks it (features/files/uploads.ts). */
const KINDS: Record<string, { prefix: string; accept?: string; capture?: boolean }> = {
  file: { prefix: "" },
  image: { prefix: "image/", accept: "image/*" },
  photo: { prefix: "image/", accept: "image/*", capture: true },
  audio: { prefix: "audio/", accept: "audio/*" },
  video: { prefix: "video/", accept: "video/*", capture: true },
};

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; name: string; fraction: number }
  | { kind: "error"; code: string };

/** The field's accepted types for the picker: its own list, else its kind. */
function acceptOf(type: string, accept: readonly string[] | undefined): string | undefined {
  const own = accept?.map((a) => a.trim()).filter(Boolean);
  return own?.length ? own.join(",") : KINDS[type]?.accept;
}

/** A check in the browser before sending: the server checks again, by the file's bytes. */
export function localProblem(
  file: File,
  type: string,
  accept: readonly string[] | undefined,
  maxMb?: number,
) {
  if (maxMb !== undefined && file.size > maxMb * 1024 * 1024) return "answer.file_too_large";
  const prefix = KINDS[type]?.prefix ?? "";
  if (prefix && file.type && !file.type.startsWith(prefix)) return "answer.file_type";
  const own = accept?.map((a) => a.trim().toLowerCase()).filter(Boolean);
  if (own?.length) {
    const name = file.name.toLowerCase();
    const ok = own.some((entry) =>
      entry.startsWith(".")
        ? name.endsWith(entry)
        : entry.endsWith("/*")
          ? file.type.startsWith(entry.slice(0, -1))
          : file.type === entry,
    );
    if (!ok) return "answer.file_type";
  }
  return null;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A file, picture, photo (the camera on phones) or sound answered by uploading it through the
 * page's upload call: progress with cancel, a preview, replace and remove, and the reason a file
 * was refused, before sending and after the server's check. Sound and video are recorded in the
 * page by the recorder (recorded-answer.tsx), which falls back on this.
 */
export function UploadField({
  element,
  value,
  onChange,
  inputId,
  describedBy,
  invalid,
  disabled,
}: FieldProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const upload = useUpload();
  const type = element.fieldType;
  const { accept, maxFileSizeMb } = element.fieldSettings;
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [preview, setPreview] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const files = Array.isArray(value) ? (value as TFileRef[]) : [];
  const current = files[0];
  const statusId = `${inputId}-upload-status`;
  const errorId = `${inputId}-upload-error`;

  usePending(element.id, phase.kind === "uploading" ? "widget.upload.in_progress" : null);
  const hydrated = useScripted();
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const send = async (file: File) => {
    if (!upload) return;
    // An empty file is said to be empty here; the recorder asks localProblem of empty files it
    // makes up only to learn which formats the question takes.
    const problem =
      file.size === 0
        ? "answer.file_empty"
        : localProblem(file, type, accept, fileSizeLimitMb(maxFileSizeMb, upload.maxMb));
    if (problem) {
      setPhase({ kind: "error", code: problem });
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setPhase({ kind: "uploading", name: file.name, fraction: 0 });
    try {
      const ref = await upload(
        file,
        element.id,
        (fraction) => setPhase({ kind: "uploading", name: file.name, fraction }),
        own.signal,
      );
      if (own.signal.aborted) return;
      setPreview(type === "file" ? null : URL.createObjectURL(file));
      setPhase({ kind: "idle" });
      onChange([ref]);
    } catch (error) {
      if (own.signal.aborted) return setPhase({ kind: "idle" });
      setPhase({ kind: "error", code: error instanceof UploadError ? error.code : "widget.upload.failed" });
    } finally {
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void send(file);
  };

  const cancel = () => {
    controller.current?.abort();
    setPhase({ kind: "idle" });
    inputRef.current?.focus();
  };

  const remove = () => {
    setPreview(null);
    setPhase({ kind: "idle" });
    onChange(undefined);
    inputRef.current?.focus();
  };

  if (!upload) {
    return (
      <div className="fl-upload">
        <input
          id={inputId}
          type="file"
          className="fl-upload-input"
          disabled
          aria-describedby={[describedBy, statusId].filter(Boolean).join(" ")}
        />
        <p className="fl-upload-status" id={statusId}>
          {translate("widget.upload.public_only")}
        </p>
      </div>
    );
  }

  const busy = phase.kind === "uploading";
  // Replace and Remove run in the script: until it runs (or without one) the picker itself stays
  // in sight to choose another file.
  const replaceable = Boolean(current) && !busy && hydrated;
  const error =
    phase.kind === "error"
      ? errorText(element, phase.code, { translate, locale, uploadMaxMb: upload.maxMb })
      : "";
  const kind = KINDS[type];
  return (
    <div className="fl-upload" data-invalid={invalid || error ? true : undefined}>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        // Posted by the browser itself when the page runs no script (public-post-files.ts).
        name={element.id}
        // Once a file is in, Replace opens the picker: the browser's "no file chosen" would mislead.
        className={replaceable ? "fl-upload-input fl-upload-input-replaced" : "fl-upload-input"}
        tabIndex={replaceable ? -1 : undefined}
        accept={acceptOf(type, accept)}
        {...(kind?.capture ? { capture: "environment" as const } : {})}
        disabled={disabled || busy}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={[describedBy, statusId, error && errorId].filter(Boolean).join(" ") || undefined}
        onChange={picked}
      />
      {!busy && current?.id && <input type="hidden" name={keptFileName(element.id)} value={current.id} />}
      <div className="fl-upload-status" id={statusId} aria-live="polite">
        {busy && (
          <span className="fl-upload-progress">
            <span>
              {translate("widget.upload.uploading")} {phase.name} {Math.round(phase.fraction * 100)}%
            </span>
            <progress max={1} value={phase.fraction} aria-label={translate("widget.upload.uploading")} />
          </span>
        )}
        {!busy && current && (
          <span>
            {translate("widget.upload.done")}: {current.name} ({formatSize(current.size)})
          </span>
        )}
      </div>
      {!hydrated && current?.id && (
        // Without the script, a box to drop the kept file (public-post-files.ts); Remove needs it.
        <label className="fl-choice fl-upload-remove">
          <input type="checkbox" name={removedFileName(element.id)} disabled={disabled} />
          {translate("widget.upload.remove")}
        </label>
      )}
      {busy && (
        <button type="button" className="fl-widget-button" onClick={cancel}>
          {translate("widget.upload.cancel")}
        </button>
      )}
      {replaceable && current && (
        <div className="fl-upload-file">
          {preview && current.mimeType.startsWith("image/") && (
            <img className="fl-upload-preview" src={preview} alt={current.name} />
          )}
          {preview && current.mimeType.startsWith("video/") && (
            // biome-ignore lint/a11y/useMediaCaption: the respondent's own recording has no captions
            <video className="fl-upload-preview" src={preview} controls />
          )}
          {preview && current.mimeType.startsWith("audio/") && (
            // biome-ignore lint/a11y/useMediaCaption: the respondent's own recording has no captions
            <audio className="fl-upload-audio" src={preview} controls />
          )}
          <div className="fl-upload-row">
            <button
              type="button"
              className="fl-widget-button"
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
            >
              {translate("widget.upload.replace")}
            </button>
            <button type="button" className="fl-widget-button" disabled={disabled} onClick={remove}>
              {translate("widget.upload.remove")}
            </button>
          </div>
        </div>
      )}
      <p className="fl-upload-error" id={errorId} role="alert">
        {error}
      </p>
    </div>
  );
}
