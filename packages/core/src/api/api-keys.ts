import { z } from "zod";

/** Keys of third-party services an account stores for the product to use (account/api_keys). */
const ZKeyFields = z.object({
  name: z.string().trim().min(2, "api_key.name.too_short").max(100),
  service: z.string().trim().min(2, "api_key.service.required").max(60),
});

export const ZApiKeyAddBody = ZKeyFields.extend({
  key: z.string().trim().min(8, "api_key.key.too_short").max(2000),
});
export type TApiKeyAddBody = z.input<typeof ZApiKeyAddBody>;

/** A blank key keeps the stored one. */
export const ZApiKeyEditBody = ZKeyFields.extend({
  key: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === "" || value.length >= 8, "api_key.key.too_short")
    .default(""),
});
export type TApiKeyEditBody = z.input<typeof ZApiKeyEditBody>;

export const ZApiKey = z.object({
  id: z.number(),
  name: z.string(),
  service: z.string(),
  /** The key's last characters, to tell keys apart; the key itself is never sent back. */
  keyEnd: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
