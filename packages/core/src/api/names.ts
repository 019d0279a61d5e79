import { z } from "zod";

/** Characters that show nothing: a name holding them would look like another and not be it. */
const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;

/**
 * A required text: missing, or not a text, it says `code` (the spec's "empty" message); its
 * other checks say their own.
 */
export const requiredText = (code: string) =>
  z.string({ error: (issue) => (issue.code === "invalid_type" ? code : undefined) });

/**
 * A name people tell apart by how it looks (a group's, a theme's, a chain's): composed, so an
 * accented letter is one character however it was typed, and without invisible characters.
 */
export const seenName = (code: string) =>
  requiredText(code).overwrite((text) => text.normalize("NFC").replace(INVISIBLE, ""));
