import type { FieldType, TElement } from "./element-schema.ts";
import { audio } from "./field-types/audio.ts";
import { captcha } from "./field-types/captcha.ts";
import { checkbox } from "./field-types/checkbox.ts";
import { codeHighlight } from "./field-types/code-highlight.ts";
import { colour } from "./field-types/colour.ts";
import { correspondence } from "./field-types/correspondence.ts";
import { currency } from "./field-types/currency.ts";
import { dateTime } from "./field-types/date-time.ts";
import { decisionBox } from "./field-types/decision-box.ts";
import type { FieldTypeDefinition } from "./field-types/definition.ts";
import { email } from "./field-types/email.ts";
import { fieldGroup } from "./field-types/field-group.ts";
import { file } from "./field-types/file.ts";
import { formula } from "./field-types/formula.ts";
import { gapText } from "./field-types/gap-text.ts";
import { image } from "./field-types/image.ts";
import { imageChoice } from "./field-types/image-choice.ts";
import { imagePromo } from "./field-types/image-promo.ts";
import { imageSlider } from "./field-types/image-slider.ts";
import { initials } from "./field-types/initials.ts";
import { like } from "./field-types/like.ts";
import { location } from "./field-types/location.ts";
import { map } from "./field-types/map.ts";
import { markup } from "./field-types/markup.ts";
import { matrix } from "./field-types/matrix.ts";
import { multipleChoice } from "./field-types/multiple-choice.ts";
import { multipleInput } from "./field-types/multiple-input.ts";
import { nps } from "./field-types/nps.ts";
import { number } from "./field-types/number.ts";
import { pageBreak } from "./field-types/page-break.ts";
import { pageButtons } from "./field-types/page-buttons.ts";
import { password } from "./field-types/password.ts";
import { phone } from "./field-types/phone.ts";
import { photo } from "./field-types/photo.ts";
import { popup } from "./field-types/popup.ts";
import { qrCode } from "./field-types/qr-code.ts";
import { radio } from "./field-types/radio.ts";
import { rate } from "./field-types/rate.ts";
import { scoring } from "./field-types/scoring.ts";
import { select } from "./field-types/select.ts";
import { signature } from "./field-types/signature.ts";
import { slider } from "./field-types/slider.ts";
import { sortable } from "./field-types/sortable.ts";
import { stepper } from "./field-types/stepper.ts";
import { submitBtn } from "./field-types/submit-btn.ts";
import { text } from "./field-types/text.ts";
import { textarea } from "./field-types/textarea.ts";
import { timer } from "./field-types/timer.ts";
import { title } from "./field-types/title.ts";
import { video } from "./field-types/video.ts";
import { website } from "./field-types/website.ts";

/** The field-type registry: an explicit map, so a missing type is a compile error. */
export const fieldTypes: Record<FieldType, FieldTypeDefinition> = {
  markup,
  imageSlider,
  popup,
  submitBtn,
  captcha,
  title,
  imagePromo,
  stepper,
  pageBreak,
  pageButtons,
  fieldGroup,
  imageChoice,
  checkbox,
  radio,
  matrix,
  decisionBox,
  scoring,
  text,
  textarea,
  number,
  dateTime,
  phone,
  email,
  currency,
  initials,
  website,
  password,
  multipleInput,
  multipleChoice,
  slider,
  sortable,
  nps,
  gapText,
  select,
  signature,
  map,
  video,
  qrCode,
  file,
  image,
  rate,
  like,
  colour,
  audio,
  location,
  codeHighlight,
  photo,
  correspondence,
  timer,
  formula,
};

/** Whether the element takes an answer from the respondent. */
export function isAnswerable(element: TElement): boolean {
  return fieldTypes[element.fieldType].answerSchema !== undefined && !element.isNonField;
}

/**
 * Whether a submission holds a value for the element: the respondent's answer, or a formula's
 * value, which the server computes and stores beside the answers.
 */
export function holdsValue(element: TElement): boolean {
  return isAnswerable(element) || element.fieldType === "formula";
}

/** An answer as one line of text, for tables and exports; "" when the answer is absent. */
export function answerToText(element: TElement, answer: unknown): string {
  if (answer === undefined || answer === null) return "";
  const definition = fieldTypes[element.fieldType];
  const parsed = definition.answerSchema?.safeParse(answer);
  if (!parsed?.success) return typeof answer === "string" ? answer : JSON.stringify(answer);
  return definition.toText(element, parsed.data);
}
