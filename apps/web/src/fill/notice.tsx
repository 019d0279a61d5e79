import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { MESSAGES } from "@formloom/core/errors";
import { formLocale } from "@formloom/core/locales";
import { englishText, type Translate } from "@formloom/renderer/form-renderer";
import { useEffect, useState } from "react";
import { loadTranslate } from "./respondent-language.ts";

/**
 * The texts in the visitor's own language: a form that cannot be shown does not say its own.
 * English as the server draws the page, the browser's language once it has taken it over.
 */
function useVisitorTranslate(): Translate {
  const [translate, setTranslate] = useState<Translate>(() => englishText);
  useEffect(() => {
    const locale = formLocale(navigator.language);
    if (locale === "en") return;
    loadTranslate(locale)
      .then((found) => setTranslate(() => found))
      .catch(() => undefined);
  }, []);
  return translate;
}

/** A full-page notice for a form that cannot be filled: not found, closed, restricted, offline. */
export function Notice({
  code,
  path,
}: {
  code: string;
  /** The page's path, to return to after signing in. */
  path?: string;
}) {
  const translate = useVisitorTranslate();
  const text = translate(code in MESSAGES ? code : "server.error");
  const here =
    path ?? (typeof window === "undefined" ? "/" : window.location.pathname + window.location.search);
  // Signing in brings the visitor back here, where the form then knows them.
  const loginHref = `/login?redirect=${encodeURIComponent(here)}`;
  return (
    <main className="fill-notice" role="alert">
      <h1>{code === "form.not_found" ? "404" : "Formloom"}</h1>
      <p>{text}</p>
      {code === "form.access_denied" && (
        <a className="fill-button" href={loginHref}>
          {translate(RESPONDENT_TEXTS.signIn)}
        </a>
      )}
    </main>
  );
}
