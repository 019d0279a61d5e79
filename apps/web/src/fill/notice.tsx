import { MESSAGES, type MessageCode } from "@formloom/core/errors";

/** A full-page notice for a form that cannot be filled: not found, closed, restricted, offline. */
export function Notice({ code }: { code: string }) {
  const text = MESSAGES[code as MessageCode] ?? MESSAGES["server.error"];
  const loginHref = `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`;
  return (
    <main className="fill-notice" role="alert">
      <h1>{code === "form.not_found" ? "404" : "Formloom"}</h1>
      <p>{text}</p>
      {code === "form.access_denied" && (
        <a className="fill-button" href={loginHref}>
          Sign in
        </a>
      )}
    </main>
  );
}
