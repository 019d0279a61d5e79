import type { Translate } from "@formloom/renderer/form-renderer";
import { useId, useState } from "react";
import "./captcha-check.css";
import { publicApi } from "./public-api.ts";

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

type Phase = "idle" | "verifying" | "verified" | "failed";

/**
 * Fetches a proof-of-work challenge from our server and solves it here (altcha-lib, loaded only
 * now): the encoded solution a submission sends as `captcha`.
 */
export async function solveCaptcha(): Promise<string> {
  const [{ solveChallenge }, response] = await Promise.all([
    import("altcha-lib/v1"),
    publicApi("/forms/captcha/challenge", { cache: "no-store" }),
  ]);
  if (!response.ok) throw new Error(String(response.status));
  const { algorithm, challenge, maxnumber, salt, signature } = (await response.json()) as Challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error("unsolved");
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }));
}

/**
 * The form's captcha: ticking the box solves a challenge of our server in the browser. The
 * solution is what the submission sends as `captcha`; the server takes each one once.
 */
export function CaptchaCheck({
  translate,
  onSolved,
  error,
}: {
  translate: Translate;
  /** The encoded solution, or null when there is none (yet, or any more). */
  onSolved(payload: string | null): void;
  /** A message code the server or the form gave for the captcha. */
  error: string | null;
}) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>("idle");

  const solve = async () => {
    setPhase("verifying");
    onSolved(null);
    try {
      onSolved(await solveCaptcha());
      setPhase("verified");
    } catch {
      setPhase("failed");
    }
  };

  const status =
    phase === "verifying"
      ? translate("widget.captcha.verifying")
      : phase === "verified"
        ? translate("widget.captcha.verified")
        : phase === "failed"
          ? translate("widget.captcha.failed")
          : "";
  const shownError = phase === "verified" || phase === "verifying" ? null : error;
  return (
    <div className="fill-captcha" data-invalid={shownError ? true : undefined}>
      <label className="fill-captcha-box" htmlFor={`${id}-box`}>
        <input
          id={`${id}-box`}
          type="checkbox"
          checked={phase === "verifying" || phase === "verified"}
          disabled={phase === "verifying" || phase === "verified"}
          aria-describedby={`${id}-status ${id}-error`}
          aria-invalid={shownError ? true : undefined}
          onChange={(event) => {
            if (event.target.checked) void solve();
          }}
        />
        <span>{translate("widget.captcha.label")}</span>
        {phase === "verifying" && <span className="fill-captcha-spinner" aria-hidden="true" />}
      </label>
      <p className="fill-captcha-status" id={`${id}-status`} aria-live="polite">
        {status}
      </p>
      <p className="fill-captcha-error" id={`${id}-error`} role="alert">
        {shownError ? translate(shownError) : ""}
      </p>
    </div>
  );
}
