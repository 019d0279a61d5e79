import type { TElement } from "@formloom/core/element-schema";
import type { ValidationError } from "@formloom/core/errors";
import { type Dispatch, type SetStateAction, useCallback, useRef } from "react";
import type { Pending, ReportPending } from "../upload-context.tsx";

/**
 * Uploads and recordings under way in the form, by their reporter's key: nothing is sent (nor a
 * page left) before they are in. An error one of them set goes when it is over, however it ended
 * (arrived, cancelled, failed with its own message).
 */
export function usePendingWork(setErrors: Dispatch<SetStateAction<Record<string, string>>>) {
  const pending = useRef(new Map<string, Pending>());
  const reportPending = useCallback<ReportPending>(
    (key, work) => {
      const before = pending.current.get(key);
      if (work) pending.current.set(key, work);
      else pending.current.delete(key);
      if (before && before.code !== work?.code)
        setErrors((errors) => {
          if (errors[before.fieldId] !== before.code) return errors;
          const { [before.fieldId]: _, ...rest } = errors;
          return rest;
        });
    },
    [setErrors],
  );
  /** The fields among these whose answers are still on their way, as errors. */
  const waitingFor = (fields: readonly TElement[]): ValidationError[] => {
    const ids = new Set(fields.map((field) => field.id));
    const found = new Map<string, Pending["code"]>();
    for (const work of pending.current.values())
      if (ids.has(work.fieldId) && !found.has(work.fieldId)) found.set(work.fieldId, work.code);
    return [...found].map(([field, code]) => ({ field, code, message: code }));
  };
  return { reportPending, waitingFor };
}
