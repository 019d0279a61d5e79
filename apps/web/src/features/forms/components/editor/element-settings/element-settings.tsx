import type { FieldType, TElement } from "@formloom/core/element-schema";
import { fieldTypes, isAnswerable } from "@formloom/core/field-registry";
import { formLocale } from "@formloom/core/locales";
import type { TRule } from "@formloom/core/rule-schema";
import { revealingRules, rulesUsingField } from "@formloom/core/rules";
import { Badge, Divider, Group, Stack } from "@mantine/core";
import { type ComponentType, memo, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAfterPaint } from "../../../../../lib/use-after-paint.ts";
import classes from "../editor.module.css";
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
  /** Asked once as the window opens: true when it should take the keyboard's focus. */
  takeFocus?: (() => boolean) | undefined;
}

/** The selected element's settings window: every option of its type's model, checked by core. */
export function ElementSettings({ element, fields, onChange, form, takeFocus }: Props) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  // Opened for a field just added: the keyboard goes on in its first setting (its question),
  // whose starting text is selected, so what is typed replaces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the window opens
  useEffect(() => {
    if (!takeFocus?.()) return;
    const first = root.current?.querySelector<HTMLElement>(
      "[data-autofocus], input:not([type=hidden]), textarea, select",
    );
    first?.focus();
    if (first instanceof HTMLInputElement || first instanceof HTMLTextAreaElement) first.select();
  }, []);
  const checked = useCheckedElement(element, fields, onChange);
  const props: EditorProps = {
    checked,
    fields,
    quiz: form.settings.type === "calculation",
    locale: formLocale(form.settings.language),
  };
  const type = element.fieldType;
  const TypeEditor = TYPE_EDITORS[type];
  const asks = isAnswerable(element);
  const isStep = type === "pageBreak" || type === "stepper" || type === "pageButtons";
  const usedBy = rulesUsingField(form.settings.conditionalRules, element.id);
  // A field a rule shows (enables) waits for it: said here, since nothing else on it changes.
  const waitsFor = revealingRules(form.settings.conditionalRules, element.id);
  const names = (rules: readonly TRule[]) => rules.map((rule) => `“${rule.name}”`).join(", ");

  return (
    <Stack gap="sm" data-testid="element-settings" ref={root}>
      <Group justify="space-between" gap="xs">
        <Badge variant="light">{t(fieldTypes[type].label)}</Badge>
      </Group>
      {usedBy.length > 0 && (
        <Hint>
          {t("Used by the rules {{rules}}: deleting it changes them.", {
            rules: usedBy.map((rule) => `“${rule.name}”`).join(", "),
          })}
        </Hint>
      )}
      {waitsFor.shows.length > 0 && (
        <Hint>
          {t("Shown only when a rule shows it: {{rules}}. Until then respondents do not see it.", {
            rules: names(waitsFor.shows),
          })}
        </Hint>
      )}
      {waitsFor.enables.length > 0 && (
        <Hint>
          {t("Answerable only when a rule enables it: {{rules}}. Until then it is disabled.", {
            rules: names(waitsFor.enables),
          })}
        </Hint>
      )}
      <Part of={DisplayFirst} props={props} />
      {(asks || type === "formula") && <Part of={QuestionBasics} props={props} />}
      {TypeEditor && <Part of={TypeEditor} props={props} />}
      {type === "pageButtons" && <Part of={PageButtonsSettings} props={props} />}
      {isStep && <Part of={StepSettings} props={{ ...props, form }} />}
      <Part of={StateSwitches} props={{ ...props, required: asks }} />
      {asks && <Part of={FormWideSettings} props={{ form }} />}
      <Divider />
      <Part
        of={MoreSettings}
        props={{ ...props, question: asks, recognisesEmotions: form.settings.hasEmotionsRecognition }}
      />
    </Stack>
  );
}

/** Each part of the window once as a memo: it is drawn again only when its props change. */
const memos = new WeakMap<ComponentType<never>, ComponentType<never>>();
function memoOf<P extends object>(component: ComponentType<P>): ComponentType<P> {
  let kept = memos.get(component as ComponentType<never>);
  if (!kept) {
    kept = memo(component) as unknown as ComponentType<never>;
    memos.set(component as ComponentType<never>, kept);
  }
  return kept as unknown as ComponentType<P>;
}

/**
 * One part of the window. A keystroke changes the element the whole window shows: the part being
 * typed in is drawn at once, with the preview; the others in the drawing that follows the paint,
 * so a long window does not hold the preview back.
 */
function Part<P extends object>({ of, props }: { of: ComponentType<P>; props: P }) {
  const later = useAfterPaint(props);
  const Kept = memoOf(of);
  // The part that holds the focus (its pop-ups included, which React's focus events reach) takes the keystrokes.
  const [typing, setTyping] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only notes where the focus is; its inputs are what one uses.
    <div
      className={classes.part}
      onFocus={() => setTyping(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setTyping(false);
      }}
    >
      <Kept {...(typing ? props : later)} />
    </div>
  );
}

/** What display elements show, first in their window. */
function DisplayFirst(props: EditorProps) {
  const { t } = useTranslation();
  switch (props.checked.element.fieldType) {
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
