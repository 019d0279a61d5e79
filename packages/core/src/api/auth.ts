import { z } from "zod";
import { LOCALES } from "../locales.ts";
import { requireChange } from "./updates.ts";

/** Request and response shapes of sign-in, registration and accounts, shared by server and web. */

/** A new password: the rules of registration, reset and change alike. */
export const ZPassword = z
  .string()
  .min(8, "register.password.too_short")
  .max(200, "request.invalid")
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), "register.password.too_simple");

/**
 * "Passwords are not equal", checked even while other fields are wrong (zod skips an object's
 * refinements after any issue unless told when to run them), so a form shows every error at once.
 */
const confirmationMatches = {
  message: "register.password_confirmation.not_equal",
  path: ["passwordConfirmation"],
  when: ({ value }: { value: unknown }) => {
    // Runs on any input, a body of null or a number too.
    if (typeof value !== "object" || value === null) return false;
    const body = value as { password?: unknown; passwordConfirmation?: unknown };
    return typeof body.password === "string" && typeof body.passwordConfirmation === "string";
  },
};

export const ZRegisterBody = z
  .object({
    // No "@": sign-in by e-mail matches addresses only, and no username can pass for one.
    username: z
      .string()
      .trim()
      .min(3, "register.username.length")
      .max(16, "register.username.length")
      .refine((name) => !name.includes("@"), "register.username.email_like"),
    email: z.string().trim().min(1, "register.email.required").pipe(z.email("register.email.invalid")),
    password: ZPassword,
    passwordConfirmation: z.string().min(1, "register.password_confirmation.required"),
    inviteCode: z.string().max(200).optional(),
    acceptTermsAndConditionsAgreement: z.literal(true, "register.terms.required"),
    acceptPrivacyPolicyAgreement: z.literal(true, "register.privacy.required"),
    registerParams: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => body.password === body.passwordConfirmation, confirmationMatches);
export type TRegisterBody = z.input<typeof ZRegisterBody>;

/**
 * The answer to a registration that cannot sign in yet: look in the inbox of the address given.
 * (Sent when the address already has an account; the mail there says how to sign in.)
 */
export const ZRegisterCheckEmail = z.object({ checkEmail: z.literal(true) });
export type TRegisterCheckEmail = z.infer<typeof ZRegisterCheckEmail>;

/** Where registration's terms and privacy policy are read (the operator's pages, or the app's own). */
export const ZLegalLinks = z.object({ termsUrl: z.string(), privacyUrl: z.string() });
export type TLegalLinks = z.infer<typeof ZLegalLinks>;

export const ZResetRequestBody = z.object({
  email: z.string().trim().min(1, "register.email.required").pipe(z.email("register.email.invalid")),
});

export const ZResetConfirmBody = z
  .object({
    code: z.string().min(10, "reset.invalid").max(200, "reset.invalid"),
    password: ZPassword,
    passwordConfirmation: z.string().min(1, "register.password_confirmation.required"),
  })
  .refine((body) => body.password === body.passwordConfirmation, confirmationMatches);
export type TResetConfirmBody = z.input<typeof ZResetConfirmBody>;

export const ZLoginBody = z.object({
  username: z.string().trim().min(1, "auth.bad_credentials").max(200),
  password: z.string().trim().min(1, "auth.bad_credentials").max(200),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

/** A refused sign-in try: wait `retryAfter` seconds (also sent as the Retry-After header). */
export const ZSignInLimited = z.object({
  code: z.literal("auth.rate_limited"),
  message: z.string(),
  retryAfter: z.number().int().positive(),
});

export const ZTokens = z.object({ token: z.string(), refresh_token: z.string() });
export type TTokens = z.infer<typeof ZTokens>;

export const ZRefreshBody = z.object({ refresh_token: z.string().min(1).max(500) });

/** Log out: the sign-in a refresh token belongs to, or with `everywhere` every sign-in of its user. */
export const ZLogoutBody = ZRefreshBody.extend({ everywhere: z.boolean().default(false) });

export const ACCOUNT_TYPES = ["individual", "company"] as const;

export const ZAccount = z.object({
  id: z.number(),
  name: z.string(),
  subdomain: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  status: z.string(),
  /**
   * Days what was recorded of respondents (session recordings, video and audio captures, behaviour
   * events, on-device recognition) is kept before it is removed; null: as long as the submission.
   */
  recordingsRetentionDays: z.number().int().nullable(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZCreateAccountBody = z.object({
  name: z.string().trim().min(2, "request.invalid").max(100),
  subdomain: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, "request.invalid")
    .max(63)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "request.invalid"),
  type: z.enum(ACCOUNT_TYPES).default("individual"),
  acceptDpa: z.literal(true, "account.dpa.required"),
});
export type TCreateAccountBody = z.input<typeof ZCreateAccountBody>;

export { LOCALES, type Locale } from "../locales.ts";

/** A time zone name the platform's Intl knows, such as "Europe/Rome". */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const ZUserSettings = z.object({
  locale: z.enum(LOCALES, "user.locale.invalid"),
  timezone: z.string().max(64).refine(isTimeZone, "user.timezone.invalid"),
  currency: z.string().regex(/^[A-Z]{3}$/, "user.currency.invalid"),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;
export const ZUserSettingsPatch = requireChange(ZUserSettings.partial());

export const ZUserInfo = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  locale: z.string(),
  timezone: z.string(),
  currency: z.string(),
  isAccountAdmin: z.boolean(),
  emailConfirmed: z.boolean(),
  /** What the user may do in their account (core's Permission names); empty without an account. */
  permissions: z.array(z.string()),
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
  account: ZAccount.nullable(),
  /** The groups the user is in, so a member whose groups give no rights is told which they are. */
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;
