import { z } from "zod";
import { ZRowId } from "./ids.ts";

/** How a form sits on another site: a frame in the page, a button that opens it, or a side panel. */
export const EMBEDDING_TYPES = ["iframe", "popup_button", "panel_widget"] as const;
export type EmbeddingType = (typeof EMBEDDING_TYPES)[number];

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** What a site owner may tune; each option is used by the types it makes sense for. */
export const ZEmbeddingOptions = z.object({
  /** The frame's height before the form tells its own (iframe), in pixels. */
  height: z
    .number()
    .int()
    .min(200, "embedding.height.invalid")
    .max(3000, "embedding.height.invalid")
    .default(600),
  /** The text of the button that opens the form (popup button, panel widget); blank: the form's title. */
  buttonText: z.string().trim().max(60, "embedding.button_text.too_long").default(""),
  buttonColor: z.string().regex(HEX_COLOUR, "embedding.color.invalid").default("#3b5bdb"),
  /** Where the panel widget slides in from. */
  side: z.enum(["right", "left"]).default("right"),
});
export type TEmbeddingOptions = z.infer<typeof ZEmbeddingOptions>;

export const ZEmbeddingBody = z.object({
  name: z.string().trim().min(1, "embedding.name.empty").min(2, "embedding.name.too_short").max(100),
  type: z.enum(EMBEDDING_TYPES, "embedding.type.invalid"),
  options: ZEmbeddingOptions.default(ZEmbeddingOptions.parse({})),
});
export type TEmbeddingBody = z.input<typeof ZEmbeddingBody>;

export const ZEmbedding = z.object({
  id: z.number(),
  formId: z.number(),
  name: z.string(),
  type: z.enum(EMBEDDING_TYPES),
  options: ZEmbeddingOptions,
  created: z.string(),
  updated: z.string(),
});
export type TEmbedding = z.infer<typeof ZEmbedding>;

/** `/forms/:id/embeddings/:embeddingId` */
export const ZEmbeddingParams = z.object({ id: ZRowId, embeddingId: ZRowId });
