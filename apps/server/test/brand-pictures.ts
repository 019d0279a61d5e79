import type { ApiClient } from "./harness.ts";

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Uploads a picture for the account's brand kit as `as` (anonymous without a token). */
export async function uploadBrandPicture(
  serverUrl: string,
  as: ApiClient,
  bytes: Buffer = PNG,
  name = "logo.png",
  type = "image/png",
) {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${serverUrl}/api/account/brand-kit/images`, {
    method: "POST",
    body,
    headers: as.token ? { authorization: `Bearer ${as.token}` } : {},
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}
