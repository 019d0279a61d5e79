import { z } from "zod";

/**
 * One level of styling (forms.md §3 "Styling"): background, colours, gradients, opacity, border,
 * radius, spacing, width, position, fonts, animations and column break points.
 */
export const ZStyle = z.looseObject({
  background: z.string().max(500).optional(),
  color: z.string().max(60).optional(),
  gradient: z.string().max(500).optional(),
  opacity: z.number().min(0).max(1).optional(),
  borderStyle: z.enum(["none", "solid", "dashed", "dotted", "double"]).optional(),
  borderWidth: z.number().min(0).max(50).optional(),
  borderColor: z.string().max(60).optional(),
  radius: z.number().min(0).max(200).optional(),
  margin: z.number().min(0).max(500).optional(),
  padding: z.number().min(0).max(500).optional(),
  width: z.string().max(20).optional(),
  position: z.enum(["left", "center", "right"]).optional(),
  fontFamily: z.string().max(200).optional(),
  titleFontSize: z.number().min(6).max(200).optional(),
  questionFontSize: z.number().min(6).max(200).optional(),
  valueFontSize: z.number().min(6).max(200).optional(),
  placeholderFontSize: z.number().min(6).max(200).optional(),
  commentFontSize: z.number().min(6).max(200).optional(),
  descriptionFontSize: z.number().min(6).max(200).optional(),
  /** One of ANIMATIONS in css-values.ts; others draw nothing. */
  animation: z.string().max(100).optional(),
  oneColumnBreakpoint: z.number().int().min(0).max(4000).optional(),
  twoColumnBreakpoint: z.number().int().min(0).max(4000).optional(),
  buttonColor: z.string().max(60).optional(),
  buttonRadius: z.number().min(0).max(200).optional(),
});
export type TStyle = z.infer<typeof ZStyle>;
