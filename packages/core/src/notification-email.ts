import { z } from "zod/mini";
import type { MessageCode } from "./errors.ts";

/**
 * The address a respondent gives where the form's e-mail notification is sent "to the respondent,
 * who is asked for it" (platform.md §3): carried by a submission as `miscData.notificationEmail`,
 * posted without JavaScript under `fl-notification-email`.
 */
export const NOTIFICATION_EMAIL_KEY = "notificationEmail";
export const NOTIFICATION_EMAIL_INPUT = "fl-notification-email";

/** The longest address mail can be sent to (RFC 5321's path limit less its brackets). */
export const NOTIFICATION_EMAIL_MAX = 254;

const format = z.email();

/**
 * What is wrong with an address the respondent typed: nothing for a valid one or none at all
 * (giving it is up to them), else the message code said beside the input.
 */
export function notificationEmailProblem(value: unknown): MessageCode | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return "submission.notification_email.invalid";
  const address = value.trim();
  if (address === "") return null;
  return address.length <= NOTIFICATION_EMAIL_MAX && format.safeParse(address).success
    ? null
    : "submission.notification_email.invalid";
}
