import type { FieldType } from "@formloom/core/element-schema";
import type { ComponentType } from "react";
import type { FieldProps } from "./field-props.ts";
import { CheckboxField, RadioField, SelectField } from "./fields/choice-fields.tsx";
import { CurrencyField, InitialsField, MultipleInputField } from "./fields/composite-fields.tsx";
import { CorrespondenceField } from "./fields/correspondence-field.tsx";
import { DateTimeField } from "./fields/date-field.tsx";
import { displayComponents } from "./fields/display-fields.tsx";
import { GapTextField } from "./fields/gap-text-field.tsx";
import { ImageChoiceField } from "./fields/image-choice-field.tsx";
import { LocationField, MapField, QrCodeField, SignatureField } from "./fields/lazy-widgets.tsx";
import { MatrixField } from "./fields/matrix-field.tsx";
import { MediaAnswerField } from "./fields/media-answer-field.tsx";
import { withQuestionMedia } from "./fields/question-media.tsx";
import {
  ColourField,
  DecisionBoxField,
  LikeField,
  NpsField,
  RateField,
  ScoringField,
  SliderField,
} from "./fields/scale-fields.tsx";
import { SortableField } from "./fields/sortable-field.tsx";
import {
  CodeField,
  EmailField,
  NumberField,
  PasswordField,
  PhoneField,
  TextareaField,
  TextField,
  WebsiteField,
} from "./fields/text-fields.tsx";
import { UploadField } from "./fields/upload-field.tsx";

/**
 * One input component per answerable field type the renderer can draw. Titles and submit
 * buttons are laid out by the form itself. The builder offers only the types listed here
 * (see `canRender`), so respondents never meet a question they cannot answer.
 */
export const fieldComponents: Partial<Record<FieldType, ComponentType<FieldProps>>> = withQuestionMedia({
  text: TextField,
  phone: PhoneField,
  website: WebsiteField,
  password: PasswordField,
  qrCode: QrCodeField,
  codeHighlight: CodeField,
  multipleChoice: CheckboxField,
  decisionBox: DecisionBoxField,
  nps: NpsField,
  rate: RateField,
  scoring: ScoringField,
  slider: SliderField,
  like: LikeField,
  dateTime: DateTimeField,
  colour: ColourField,
  textarea: TextareaField,
  number: NumberField,
  email: EmailField,
  radio: RadioField,
  checkbox: CheckboxField,
  select: SelectField,
  currency: CurrencyField,
  initials: InitialsField,
  multipleInput: MultipleInputField,
  matrix: MatrixField,
  imageChoice: ImageChoiceField,
  sortable: SortableField,
  gapText: GapTextField,
  correspondence: CorrespondenceField,
  file: UploadField,
  image: UploadField,
  photo: UploadField,
  audio: MediaAnswerField,
  video: MediaAnswerField,
  signature: SignatureField,
  map: MapField,
  location: LocationField,
});

/** Types laid out by the form itself rather than by an input component. */
const LAYOUT_TYPES: ReadonlySet<FieldType> = new Set([
  "title",
  "submitBtn",
  "pageBreak",
  "pageButtons",
  "stepper",
  "timer",
  "fieldGroup",
]);

export function canRender(type: FieldType): boolean {
  return (
    LAYOUT_TYPES.has(type) || fieldComponents[type] !== undefined || displayComponents[type] !== undefined
  );
}
