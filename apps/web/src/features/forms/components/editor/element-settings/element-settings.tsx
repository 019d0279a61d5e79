import type { FieldType, TElement } from "@formloom/core/element-schema";
import { fieldTypes, isAnswerable } from "@formloom/core/field-registry";
import { Badge, Divider, Group, Stack } from "@mantine/core";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import {
  ColourSettings,
  DateTimeSettings,
  DecisionBoxSettings,
  FileSettings,
  FormulaSettings,
  InitialsSettings,
  PlaceSettings,
  TimerSettings,
} from "./answer-settings.tsx";
import { ChoiceSettings, SortableSettings } from "./choice-settings.tsx";
import { Hint, MoreSettings, QuestionBasics, StateSwitches } from "./common-settings.tsx";
import type { EditorProps } from "./controls.tsx";
import {
  ContentInput,
  ImagesSettings,
  PageButtonsSettings,
  StepSettings,
  TitleInput,
} from "./display-settings.tsx";
import { type FormAccess, FormWideSettings } from "./form-wide-settings.tsx";
import {
  CurrencySettings,
  NpsSettings,
  NumberSettings,
  RateSettings,
  ScoringSettings,
  SliderSettings,
} from "./number-settings.tsx";
import { CorrespondenceSettings, GapTextSettings, MatrixSettings } from "./structured-settings.tsx";
import { MultipleInputSettings, TextSettings } from "./text-settings.tsx";
import { useCheckedElement } from "./use-checked-element.ts";

export type { FormAccess } from "./form-wide-settings.tsx";

/** The settings only one family of types has, after the question and its comment. */
const TYPE_EDITORS: Partial<Record<FieldType, ComponentType<EditorProps>>> = {
  radio: ChoiceSettings,
  checkbox: ChoiceSettings,
  select: ChoiceSettings,
  multipleChoice: ChoiceSettings,
  imageChoice: ChoiceSettings,
  sortable: SortableSettings,
  matrix: MatrixSettings,
  correspondence: CorrespondenceSettings,
  gapText: GapTextSettings,
  text: TextSettings,
  textarea: TextSettings,
  email: TextSettings,
  phone: TextSettings,
  website: TextSettings,
  password: TextSettings,
  qrCode: TextSettings,
  codeHighlight: TextSettings,
  multipleInput: MultipleInputSettings,
  timer: TimerSettings,
  number: NumberSettings,
  currency: CurrencySettings,
  slider: SliderSettings,
  rate: RateSettings,
  scoring: ScoringSettings,
  nps: NpsSettings,
  dateTime: DateTimeSettings,
  decisionBox: DecisionBoxSettings,
  initials: InitialsSettings,
  colour: ColourSettings,
  file: FileSettings,
  image: FileSettings,
  photo: FileSettings,
  audio: FileSettings,
  video: FileSettings,
  map: PlaceSettings,
  location: PlaceSettings,
  formula: FormulaSettings,
};

interface Props {
  element: TElement;
  /** The whole form's elements: core checks an element among them (formula names are unique). */
  fields: readonly TElement[];
  onChange(patch: Partial<TElement>): void;
  form: FormAccess;
}

/** The selected element's settings window: every option of its type's model, checked by core. */
export function ElementSettings({ element, fields, onChange, form }: Props) {
  const { t } = useTranslation();
  const checked = useCheckedElement(element, fields, onChange);
  const props: EditorProps = { checked, fields };
  const type = element.fieldType;
  const TypeEditor = TYPE_EDITORS[type];
  const asks = isAnswerable(element);
  const isStep = type === "pageBreak" || type === "stepper" || type === "pageButtons";

  return (
    <Stack gap="sm" data-testid="element-settings">
      <Group justify="space-between" gap="xs">
        <Badge variant="light">{t(fieldTypes[type].label)}</Badge>
      </Group>
      {displayFirst(type, props, t)}
      {(asks || type === "formula") && <QuestionBasics {...props} />}
      {TypeEditor && <TypeEditor {...props} />}
      {type === "pageButtons" && <PageButtonsSettings {...props} />}
      {isStep && <StepSettings {...props} form={form} />}
      <StateSwitches {...props} required={asks} />
      {asks && <FormWideSettings form={form} />}
      <Divider />
      <MoreSettings {...props} question={asks} />
    </Stack>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** What display elements show, first in their window. */
function displayFirst(type: FieldType, props: EditorProps, t: T) {
  switch (type) {
    case "title":
    case "fieldGroup":
      return <TitleInput {...props} />;
    case "submitBtn":
      return <TitleInput {...props} label={t("Button text")} />;
    case "timer":
      return <TitleInput {...props} />;
    case "markup":
      return <ContentInput {...props} />;
    case "popup":
      return (
        <>
          <TitleInput {...props} label={t("Button and window title")} />
          <ContentInput {...props} />
        </>
      );
    case "imagePromo":
    case "imageSlider":
      return (
        <>
          <TitleInput {...props} label={t("Description of the pictures")} />
          <ImagesSettings {...props} />
        </>
      );
    case "captcha":
      return <Hint>{t("Respondents solve a captcha here before the form is sent.")}</Hint>;
    case "pageBreak":
      return <Hint>{t("The form continues on a new page here.")}</Hint>;
    case "stepper":
      return <Hint>{t("Shows how far through the form's pages the respondent is.")}</Hint>;
    default:
      return null;
  }
}
