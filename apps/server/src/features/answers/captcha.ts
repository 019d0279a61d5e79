import { createHmac } from "node:crypto";
import type { TElement } from "@formloom/core/element-schema";
import { validationError } from "@formloom/core/errors";
import type { TFormSettings } from "@formloom/core/form-schema";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { captchaSolutions } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";

/** How long a challenge may be solved and sent. */
const CHALLENGE_TTL_MS = 20 * 60 * 1000;
/**
 * The proof of work: the browser tries numbers up to this one, about a quarter of a second on a
 * phone on average, and a sender of many submissions pays it for each.
 */
const MAX_NUMBER = 50_000;

/** A solution that passed its check, waiting to be taken once. */
export interface CheckedCaptcha {
  signature: string;
  expiresAt: Date;
}

/** Whether a submission to this form must carry a solved captcha, and under which field it is reported. */
export function captchaField(settings: TFormSettings, fields: readonly TElement[]): string | null {
  const element = fields.find((field) => field.fieldType === "captcha");
  if (element) return element.id;
  return settings.hasCaptcha ? "captcha" : null;
}

/**
 * ALTCHA on our own server: challenges signed with a key derived from SECRET_KEY (so every
 * process of one installation accepts the others'), each solution accepted once.
 */
export function createCaptcha(db: Db, secretKey: string) {
  const hmacKey = createHmac("sha256", secretKey).update("altcha-captcha").digest("base64url");

  return {
    challenge: () =>
      createChallenge({
        hmacKey,
        maxNumber: MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),

    /** The solution's check: signed by us, solved, and not expired; else the field's error. */
    async check(payload: string | undefined, field: string): Promise<CheckedCaptcha> {
      if (!payload?.trim())
        throw badRequest("submission.invalid", [validationError(field, "answer.captcha_required")]);
      const refused = badRequest("submission.invalid", [validationError(field, "answer.captcha_invalid")]);
      let parsed: { signature?: unknown; salt?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as typeof parsed;
      } catch {
        throw refused;
      }
      if (typeof parsed?.signature !== "string" || typeof parsed.salt !== "string") throw refused;
      const expires = Number(extractParams(payload).expires);
      if (!Number.isFinite(expires)) throw refused;
      const valid = await verifySolution(payload, hmacKey, true).catch(() => false);
      if (!valid) throw refused;
      return { signature: parsed.signature, expiresAt: new Date(expires * 1000) };
    },

    /** Takes the solution; false when it was taken before (also by a request at the same moment). */
    async claim(checked: CheckedCaptcha): Promise<boolean> {
      const taken = await db
        .insert(captchaSolutions)
        .values(checked)
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature });
      return taken.length === 1;
    },

    refusal: (field: string) =>
      badRequest("submission.invalid", [validationError(field, "answer.captcha_invalid")]),
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;

/** Forgets solutions whose challenge has expired: they are refused by their date anyway. */
export async function forgetExpiredSolutions(db: Db): Promise<number> {
  const removed = await db
    .delete(captchaSolutions)
    .where(lt(captchaSolutions.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ signature: captchaSolutions.signature });
  return removed.length;
}
