import { z } from "zod";
import { styleProblems } from "./style-guard.ts";

const fontSize = z.number().max(200).optional();

/**
 * One level of styling (forms.md §3 "Styling"): background, colours, gradients, opacity, border,
 * radius, spacing, width, position, fonts, animations and column break points. Values are held
 * to the CSS grammar of style-guard.ts: a refused one names its property and why.
 */
export const ZStyle = z
  .looseObject({
    background: z.string().max(2000).optional(),
    /** The page around the form (form level only): a colour, a gradient or a picture. */
    pageBackground: z.string().max(2000).optional(),
    /** How a background picture sits: CSS background-position/-size/-repeat keywords. */
    backgroundPosition: z.enum(["center", "top", "bottom", "left", "right"]).optional(),
    backgroundSize: z.enum(["cover", "contain", "auto"]).optional(),
    backgroundRepeat: z.enum(["no-repeat", "repeat", "repeat-x", "repeat-y"]).optional(),
    color: z.string().max(60).optional(),
    gradient: z.string().max(500).optional(),
    opacity: z.number().max(1).optional(),
    borderStyle: z.enum(["none", "solid", "dashed", "dotted", "double"]).optional(),
    borderWidth: z.number().min(0, "style.value.invalid").max(50).optional(),
    borderColor: z.string().max(60).optional(),
    radius: z.number().min(0, "style.value.invalid").max(200).optional(),
    margin: z.number().max(500).optional(),
    padding: z.number().max(500).optional(),
    width: z.string().max(20).optional(),
    position: z.enum(["left", "center", "right"]).optional(),
    fontFamily: z.string().max(200).optional(),
    fontWeight: z.number().int().min(100).max(900).optional(),
    titleFontSize: fontSize,
    questionFontSize: fontSize,
    valueFontSize: fontSize,
    placeholderFontSize: fontSize,
    commentFontSize: fontSize,
    descriptionFontSize: fontSize,
    titleColor: z.string().max(60).optional(),
    questionColor: z.string().max(60).optional(),
    valueColor: z.string().max(60).optional(),
    placeholderColor: z.string().max(60).optional(),
    commentColor: z.string().max(60).optional(),
    /** One of ANIMATIONS in css-values.ts. */
    animation: z.string().max(100).optional(),
    oneColumnBreakpoint: z.number().int().min(0).max(4000).optional(),
    twoColumnBreakpoint: z.number().int().min(0).max(4000).optional(),
    buttonColor: z.string().max(60).optional(),
    buttonTextColor: z.string().max(60).optional(),
    buttonRadius: z.number().min(0, "style.value.invalid").max(200).optional(),
    /** The matrix helper (forms.md §4): the header row's background and every second row's. */
    matrixHeadColor: z.string().max(60).optional(),
    matrixStripeColor: z.string().max(60).optional(),
  })
  .superRefine((style, context) => {
    for (const problem of styleProblems(style))
      context.addIssue({ code: "custom", message: problem.code, path: [problem.property] });
  });
export type TStyle = z.infer<typeof ZStyle>;
