import { useEffect, useState } from "react";
import { publicApi } from "./public-api.ts";

/**
 * When this respondent may send the form again, asked as the page opens so a form that would be
 * refused says so before it is filled. The server decides again when it is sent.
 */
export function useSubmitAfter(formId: number, active: boolean): Date | null {
  const [at, setAt] = useState<Date | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    publicApi(`/forms/${formId}/next-submission`)
      .then((response) => (response.ok ? (response.json() as Promise<{ submitAfter: string | null }>) : null))
      .then((body) => {
        if (live && body?.submitAfter) setAt(new Date(body.submitAfter));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [formId, active]);
  return at;
}
