import type { TPublicForm } from "@formloom/core/api/forms";
import type { ApiErrorBody } from "@formloom/core/errors";
import { formLocale } from "@formloom/core/locales";
import { START_PARAM } from "@formloom/core/path-args";
import { englishText, type Translate } from "@formloom/renderer/form-renderer";
import { useEffect, useRef, useState } from "react";
import { bootTranslate, type FillBoot } from "./boot.ts";
import { FillForm } from "./fill-form.tsx";
import { type FillLocation, fillPath, formApiPath, linkPath, postPath, readLocation } from "./location.ts";
import { Notice } from "./notice.tsx";
import { publicApi } from "./public-api.ts";
import { loadTranslate } from "./respondent-language.ts";
import { ThankYou } from "./thank-you.tsx";
import { ThemedPage } from "./themed-page.tsx";
import { WelcomeScreen } from "./welcome-screen.tsx";

type State =
  | { kind: "loading" }
  | { kind: "ready"; data: TPublicForm; translate: Translate }
  | { kind: "failed"; code: string };

/**
 * The public page: shows the published form, or its thank-you page. The server renders it with
 * `boot` (the form it found) and the browser takes that over; without it, the form is loaded here.
 */
export function FillApp({
  boot,
  onTakenOver,
}: {
  boot?: FillBoot | null;
  /** Called once the server's page has been taken over (hydrated). */
  onTakenOver?: () => void;
}) {
  // Effects run once the whole page is taken over: answers given before then go in from here.
  const takenOver = useRef(onTakenOver);
  useEffect(() => takenOver.current?.(), []);
  const [location, setLocation] = useState<FillLocation | null>(() =>
    boot ? boot.location : readLocation(new URL(window.location.href)),
  );
  const [state, setState] = useState<State>(() =>
    !boot
      ? { kind: "loading" }
      : boot.form.kind === "ready"
        ? { kind: "ready", data: boot.form.data, translate: bootTranslate(boot.catalog) }
        : boot.form,
  );
  // The form the server already sent is not fetched again; a notice is (a signed-in member may
  // fill a form the server, which does not know them, refused).
  // The result the server drew the thank-you page with, until the respondent moves on.
  const [drawnOutcome, setDrawnOutcome] = useState(boot?.outcome);
  const [drawnEnding, setDrawnEnding] = useState(boot?.ending);
  // Past the welcome screen: its button was pressed, or followed as a link without JavaScript.
  const [started, setStarted] = useState(
    () => boot?.submitted !== undefined || boot?.sentAgain !== undefined || location?.started === true,
  );
  const shown = useRef(
    boot?.location && boot.form.kind === "ready" ? `${boot.location.alias}/${boot.location.subdomain}` : "",
  );

  useEffect(() => {
    const onPop = () => setLocation(readLocation(new URL(window.location.href)));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const alias = location?.alias;
  const subdomain = location?.subdomain;
  useEffect(() => {
    if (!alias || subdomain === undefined || shown.current === `${alias}/${subdomain}`) return;
    publicApi(formApiPath({ alias, subdomain }))
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

  if (!location) return <Notice code={state.kind === "failed" ? state.code : "form.not_found"} />;
  if (state.kind === "loading") return <div className="fill-loading" aria-busy="true" />;
  if (state.kind === "failed")
    return <Notice code={state.code} path={fillPath(location, location.thankYou)} />;

  const go = (thankYou: boolean) => {
    setDrawnOutcome(undefined);
    setDrawnEnding(undefined);
    window.history.pushState(null, "", fillPath(location, thankYou));
    setLocation({ ...location, thankYou });
    window.scrollTo(0, 0);
  };

  const { form } = state.data;
  const welcome = form.welcomeScreen;
  const startHref = `${linkPath(location)}${linkPath(location).includes("?") ? "&" : "?"}${START_PARAM}=1`;
  return (
    <ThemedPage form={form}>
      {location.thankYou ? (
        <ThankYou
          form={form}
          translate={state.translate}
          againHref={linkPath(location)}
          {...(drawnOutcome !== undefined ? { outcome: drawnOutcome } : {})}
          {...(drawnEnding !== undefined ? { ending: drawnEnding } : {})}
        />
      ) : welcome?.show && !started ? (
        <WelcomeScreen
          screen={welcome}
          formTitle={form.title}
          translate={state.translate}
          startHref={startHref}
          onStart={() => {
            setStarted(true);
            window.scrollTo(0, 0);
          }}
        />
      ) : (
        <FillForm
          data={state.data}
          translate={state.translate}
          action={postPath(location)}
          posted={boot?.submitted}
          sentAgain={boot?.sentAgain}
          onSent={() => go(true)}
        />
      )}
      {form.customCss ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server read it with a CSS parser and put every rule under the themed root (core's custom-css.ts); it holds no "<"
        <style dangerouslySetInnerHTML={{ __html: form.customCss }} />
      ) : null}
    </ThemedPage>
  );
}
