import type { ApiErrorBody } from "@formloom/core/errors";
import type { TFileRef } from "@formloom/core/field-types/file-like";
import { UploadError, type UploadFile } from "@formloom/renderer/upload-context";
import { session } from "../lib/session.ts";

/**
 * The public page's upload call (POST /api/forms/upload_file) for one form, with the largest file
 * the server takes where the form's data says it. XMLHttpRequest, not fetch, because only it
 * reports the progress of what it sends.
 */
export function uploaderFor(formId: number, fillingKey: () => string, maxMb?: number): UploadFile {
  const upload: UploadFile = (file, fieldId, onProgress, signal) =>
    new Promise<TFileRef>((resolve, reject) => {
      const body = new FormData();
      body.append("formId", String(formId));
      body.append("fieldId", fieldId);
      // The filling the file belongs to: the server holds each filling to its share of files.
      body.append("key", fillingKey());
      body.append("file", file, file.name);
      const request = new XMLHttpRequest();
      request.open("POST", "/api/forms/upload_file");
      const token = session.token();
      if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(request.responseText);
        } catch {
          // A proxy's page, not ours.
        }
        if (request.status === 201) return resolve(parsed as TFileRef);
        const failure = parsed as ApiErrorBody | null;
        const code = failure?.validationErrors?.[0]?.code ?? failure?.code;
        reject(
          new UploadError(
            request.status === 413 ? "answer.file_too_large" : (code ?? "widget.upload.failed"),
          ),
        );
      };
      request.onerror = () =>
        reject(new UploadError(navigator.onLine ? "widget.upload.failed" : "network.offline"));
      signal.addEventListener("abort", () => request.abort(), { once: true });
      request.send(body);
    });
  upload.maxMb = maxMb;
  return upload;
}
