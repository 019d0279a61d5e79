import { z } from "zod";
import { ACCOUNT_TYPES, ZPassword } from "./auth.ts";
import { ZRowId } from "./ids.ts";
import { requireChange } from "./updates.ts";

export const GENDERS = ["female", "male", "unknown"] as const;

/** A user as the account sees them (platform.md §3 "User"). */
export const ZUserProfile = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  dateOfBirth: z.string().nullable(),
  website: z.string(),
  gender: z.enum(GENDERS),
  about: z.string(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  lastActivityDate: z.string().nullable(),
  registrationDate: z.string(),
  locale: z.string(),
  timezone: z.string(),
  currency: z.string(),
  isAccountAdmin: z.boolean(),
  roles: z.array(z.string()),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

const text = (max: number) => z.string().trim().max(max, "request.invalid");

export const ZUserEditBody = requireChange(
  z.object({
    email: z
      .string()
      .trim()
      .min(1, "register.email.required")
      .pipe(z.email("register.email.invalid"))
      .optional(),
    firstName: text(100).optional(),
    middleName: text(100).optional(),
    lastName: text(100).optional(),
    city: text(100).optional(),
    country: text(100).optional(),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+\d\s()-]*$/, "user.phone.invalid")
      .optional(),
    dateOfBirth: z.iso.date("user.date_of_birth.invalid").nullable().optional(),
    website: z
      .string()
      .trim()
      .max(300)
      .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), "user.website.invalid")
      .optional(),
    gender: z.enum(GENDERS).optional(),
    about: text(2000).optional(),
    /** Only an admin may change this, and not for themselves. */
    isAccountAdmin: z.boolean().optional(),
    /** The caller's own password: required when the e-mail changes, since resets go there. */
    currentPassword: z.string().max(200, "request.invalid").optional(),
  }),
);
export type TUserEditBody = z.input<typeof ZUserEditBody>;

/**
 * POST /update-password (platform.md §7): the signed-in person's current password and a new one
 * with its confirmation, under the same rules as at registration.
 */
export const ZUpdatePasswordBody = z
  .object({
    currentPassword: z.string().min(1, "auth.current_password.required").max(200, "request.invalid"),
    password: ZPassword,
    passwordConfirmation: z.string().min(1, "register.password_confirmation.required"),
  })
  .refine((body) => body.password === body.passwordConfirmation, {
    message: "register.password_confirmation.not_equal",
    path: ["passwordConfirmation"],
  });
export type TUpdatePasswordBody = z.input<typeof ZUpdatePasswordBody>;

/** The days an account may keep what was recorded of its respondents (null: as long as the submission). */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

export const ZAccountEditBody = requireChange(
  z.object({
    name: z.string().trim().min(2, "request.invalid").max(100).optional(),
    type: z.enum(ACCOUNT_TYPES).optional(),
    /** Days recordings of respondents are kept, 1–3650; null keeps them as long as the submission. */
    recordingsRetentionDays: z
      .number("account.retention.invalid")
      .int("account.retention.invalid")
      .min(RETENTION_DAYS.min, "account.retention.invalid")
      .max(RETENTION_DAYS.max, "account.retention.invalid")
      .nullable()
      .optional(),
  }),
);

/** A day of a report's period; PostgreSQL's calendar has no year 0, which the ISO format allows. */
const ZQueryDate = z.iso
  .date("resources.date.invalid")
  .refine((value) => !value.startsWith("0000"), "resources.date.invalid");

export const ZAccountResourcesQuery = z
  .object({
    date_from: ZQueryDate.optional(),
    date_to: ZQueryDate.optional(),
    form_id: ZRowId.optional(),
    group_id: ZRowId.optional(),
    user_id: ZRowId.optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    message: "resources.date.order",
    path: ["date_from"],
  });
export type TAccountResourcesQuery = z.input<typeof ZAccountResourcesQuery>;

/** How much of the account a period (and optionally a form, group or user) used. */
export const ZAccountResources = z.object({
  forms: z.number(),
  answers: z.number(),
  users: z.number(),
  groups: z.number(),
  invitations: z.number(),
  externalApps: z.number(),
});
export type TAccountResources = z.infer<typeof ZAccountResources>;
