import { z } from "zod";

/** Every field type the registry knows. Adding a type: one name here, one file in field-types/. */
export const FIELD_TYPES = [
  "title",
  "submitBtn",
  "text",
  "textarea",
  "number",
  "email",
  "radio",
  "checkbox",
  "select",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const ZAnswerVariant = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(500),
  value: z.string().max(500).default(""),
  checkValue: z.boolean().default(false),
  defaultChecked: z.boolean().default(false),
});
export type TAnswerVariant = z.infer<typeof ZAnswerVariant>;

/** Type-specific settings; unknown keys are kept so newer field types round-trip unharmed. */
export const ZFieldSettings = z.looseObject({
  answerVariants: z.array(ZAnswerVariant).max(500).optional(),
  hasOtherVariant: z.boolean().optional(),
  placeholder: z.string().max(500).optional(),
});
export type TFieldSettings = z.infer<typeof ZFieldSettings>;

export const ZValidationSettings = z.looseObject({
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  maxLength: z.number().int().positive().optional(),
});
export type TValidationSettings = z.infer<typeof ZValidationSettings>;

export const ZElement = z.object({
  id: z.string().min(1).max(64),
  fieldType: z.enum(FIELD_TYPES),
  title: z.string().max(1000).default(""),
  formulaName: z.string().max(100).default(""),
  fieldOrder: z.number().int().nonnegative().default(0),
  question: z.string().max(5000).default(""),
  fieldLabel: z.string().max(1000).default(""),
  fieldComment: z.string().max(5000).default(""),
  fieldSettings: ZFieldSettings.default({}),
  validationSettings: ZValidationSettings.default({}),
  isHidden: z.boolean().default(false),
  isDisabled: z.boolean().default(false),
  isRequired: z.boolean().default(false),
  isNotCalculable: z.boolean().default(false),
  isNonField: z.boolean().default(false),
  fieldColumn: z.string().max(40).default("col-first"),
});
export type TElement = z.infer<typeof ZElement>;
export type TElementInput = z.input<typeof ZElement>;

export const ZElements = z
  .array(ZElement)
  .max(1000)
  .superRefine((elements, ctx) => {
    const seen = new Set<string>();
    elements.forEach((element, index) => {
      if (seen.has(element.id)) {
        ctx.addIssue({ code: "custom", path: [index, "id"], message: "Element ids must be unique" });
      }
      seen.add(element.id);
    });
  });
