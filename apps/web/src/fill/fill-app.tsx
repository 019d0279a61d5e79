import type { TPublicForm } from "@formloom/core/api/forms";
import type { ApiErrorBody } from "@formloom/core/errors";
import { englishText, type Translate } from "@formloom/renderer/form-renderer";
import { useEffect, useState } from "react";
import { FillForm } from "./fill-form.tsx";
import { type FillLocation, fillPath, readLocation } from "./location.ts";
import { Notice } from "./notice.tsx";
import { formLocale, loadTranslate } from "./respondent-language.ts";
import { storedToken } from "./stored-token.ts";
import { ThankYou } from "./thank-you.tsx";

type State =
  | { kind: "loading" }
  | { kind: "ready"; data: TPublicForm; translate: Translate }
  | { kind: "failed"; code: string };

/** The public page: loads the published form and shows it, or its thank-you page. */
export function FillApp() {
  const [location, setLocation] = useState<FillLocation | null>(() =>
    readLocation(new URL(window.location.href)),
  );
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    const onPop = () => setLocation(readLocation(new URL(window.location.href)));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const alias = location?.alias;
  const subdomain = location?.subdomain;
  useEffect(() => {
    if (!alias || !subdomain) return;
    const token = storedToken();
    fetch(`/api/forms/path/${encodeURIComponent(alias)}/${encodeURIComponent(subdomain)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
      .then(async (response) => {
        if (response.ok) {
          const data = (await response.json()) as TPublicForm;
          // The form speaks its own language, whatever the respondent's browser prefers.
          const locale = formLocale(data.form.language);
          document.documentElement.lang = locale;
          const translate = await loadTranslate(locale).catch(() => englishText);
          return setState({ kind: "ready", data, translate });
        }
        const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
        setState({ kind: "failed", code: body?.code ?? "server.error" });
      })
      .catch(() => setState({ kind: "failed", code: navigator.onLine ? "server.error" : "network.offline" }));
  }, [alias, subdomain]);

  useEffect(() => {
    if (state.kind === "ready") document.title = state.data.form.title || "Form";
  }, [state]);

  if (!location) return <Notice code="form.not_found" />;
  if (state.kind === "loading") return <div className="fill-loading" aria-busy="true" />;
  if (state.kind === "failed") return <Notice code={state.code} />;

  const go = (thankYou: boolean) => {
    window.history.pushState(null, "", fillPath(location, thankYou));
    setLocation({ ...location, thankYou });
    window.scrollTo(0, 0);
  };

  if (location.thankYou)
    return <ThankYou form={state.data.form} translate={state.translate} onAgain={() => go(false)} />;
  return <FillForm data={state.data} translate={state.translate} onSent={() => go(true)} />;
}
