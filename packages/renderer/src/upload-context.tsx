import type { TFileRef } from "@formloom/core/field-types/file-like";
import { createContext, useContext, useEffect, useId } from "react";

/** Why an upload failed: one of the message codes ("answer.file_type", "answer.file_too_large"…). */
export class UploadError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * Sends one file of a field to the server and resolves with its reference for the answer. It
 * reports progress as a fraction, stops when `signal` aborts, and rejects with an UploadError.
 */
export type UploadFile = {
  (
    file: File,
    fieldId: string,
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<TFileRef>;
  /** The largest file the server takes, in MB (UPLOAD_MAX_MB), where the page knows it. */
  maxMb?: number | undefined;
};

/**
 * The page's upload call, provided by the public form page around the renderer. Without one (the
 * builder's preview) file fields say that uploads work on the public page.
 */
export const UploadContext = createContext<UploadFile | undefined>(undefined);

export const useUpload = () => useContext(UploadContext);

/** Work under way that a field's answer waits for (an upload, a recording), by its message code. */
export interface Pending {
  fieldId: string;
  code: "widget.upload.in_progress" | "widget.record.in_progress";
}

/** Tells the form of a piece of work by its reporter's key: started (the work), or over (null). */
export type ReportPending = (key: string, work: Pending | null) => void;

export const PendingContext = createContext<ReportPending>(() => {});

/**
 * While `code` is set, the form knows the field's answer is not in yet and sends nothing (nor
 * leaves the page) until it is; it says so under the field.
 */
export function usePending(fieldId: string, code: Pending["code"] | null) {
  const report = useContext(PendingContext);
  const key = useId();
  useEffect(() => report(key, code ? { fieldId, code } : null), [report, key, fieldId, code]);
  useEffect(() => () => report(key, null), [report, key]);
}
