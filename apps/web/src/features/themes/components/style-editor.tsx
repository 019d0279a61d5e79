import { ANIMATIONS } from "@formloom/core/css-values";
import type { FieldType } from "@formloom/core/element-schema";
import { FONTS } from "@formloom/core/fonts";
import { styleProblems } from "@formloom/core/style-guard";
import type { TStyle } from "@formloom/core/style-schema";
import {
  Accordion,
  ColorInput,
  NumberInput,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../i18n/i18n.ts";
import { BackgroundLibrary } from "./background-library.tsx";
import { ContrastHint } from "./contrast-hint.tsx";

/** Which level a style belongs to: the form itself has the page, width and break points. */
export type StyleLevel = "form" | "fields";

interface Props {
  level: StyleLevel;
  value: TStyle;
  onChange(next: TStyle): void;
  /** The background the text of this level reads on, when the level itself sets none. */
  inheritedBackground?: string | undefined;
  /** The field type this level styles, for its helper (forms.md §4): matrices and page breaks have one. */
  fieldType?: FieldType | undefined;
}

type Key = keyof TStyle & string;

/**
 * Every property of the styling model for one level (forms.md §3 "Styling", §9 defaults as
 * placeholders). A value core's grammar refuses shows its message under the input; emptying an
 * input removes the property, so the level below shows through.
 */
export function StyleEditor({ level, value, onChange, inheritedBackground, fieldType }: Props) {
  const { t } = useTranslation();
  const problems = new Map(styleProblems(value).map((problem) => [problem.property, problem.code]));
  const error = (key: Key) => (problems.has(key) ? messageText(problems.get(key) as string) : undefined);
  const set = (key: Key, next: unknown) => {
    const copy: Record<string, unknown> = { ...value };
    if (next === "" || next === undefined || next === null) delete copy[key];
    else copy[key] = next;
    onChange(copy as TStyle);
  };
  const colour = (key: Key, label: string) => (
    <ColorInput
      label={label}
      format="hexa"
      value={typeof value[key] === "string" ? (value[key] as string) : ""}
      onChange={(next) => set(key, next)}
      error={error(key)}
      data-style={key}
    />
  );
  const number = (key: Key, label: string, placeholder?: number, max = 200) => (
    <NumberInput
      label={label}
      value={typeof value[key] === "number" ? (value[key] as number) : ""}
      placeholder={placeholder === undefined ? undefined : String(placeholder)}
      onChange={(next) => set(key, typeof next === "number" ? next : undefined)}
      max={max}
      error={error(key)}
      data-style={key}
    />
  );
  const text = (key: Key, label: string, placeholder?: string, rightSection?: ReactNode) => (
    <TextInput
      label={label}
      value={typeof value[key] === "string" ? (value[key] as string) : ""}
      placeholder={placeholder}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={error(key)}
      data-style={key}
      rightSection={rightSection}
    />
  );
  /** A background from the library; the level's own gradient would be drawn over it, so it goes. */
  const library = (key: "background" | "pageBackground", label: string) => (
    <BackgroundLibrary
      label={label}
      onPick={(next) => {
        const copy: Record<string, unknown> = { ...value, [key]: next };
        if (key === "background") delete copy.gradient;
        onChange(copy as TStyle);
      }}
    />
  );
  const choice = (key: Key, label: string, options: readonly string[]) => (
    <Select
      label={label}
      data={options.map((option) => ({ value: option, label: t(option) }))}
      value={typeof value[key] === "string" ? (value[key] as string) : null}
      onChange={(next) => set(key, next)}
      clearable
      comboboxProps={{ withinPortal: true }}
      data-style={key}
    />
  );
  const background =
    typeof value.background === "string" && value.background.startsWith("#")
      ? value.background
      : inheritedBackground;

  return (
    <Accordion multiple variant="separated">
      <Accordion.Item value="background">
        <Accordion.Control>{t("Background")}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            {level === "form" &&
              text(
                "pageBackground",
                t("Page around the form"),
                "#f4f6fa",
                library("pageBackground", t("Page around the form")),
              )}
            {text(
              "background",
              t("Colour or picture (https address)"),
              level === "form" ? "#ffffff" : "",
              library("background", level === "form" ? t("Form") : t("Fields")),
            )}
            {text("gradient", t("Gradient"), "linear-gradient(90deg, #ffffff, #e7f5ff)")}
            <SimpleGrid cols={3} spacing="xs">
              {choice("backgroundPosition", t("Picture position"), [
                "center",
                "top",
                "bottom",
                "left",
                "right",
              ])}
              {choice("backgroundSize", t("Picture size"), ["cover", "contain", "auto"])}
              {choice("backgroundRepeat", t("Repeat"), ["no-repeat", "repeat", "repeat-x", "repeat-y"])}
            </SimpleGrid>
            <Text size="sm">{t("Opacity")}</Text>
            <Slider
              min={0.3}
              max={1}
              step={0.05}
              value={typeof value.opacity === "number" ? value.opacity : 1}
              onChange={(next) => set("opacity", next === 1 ? undefined : next)}
              label={(shown) => `${Math.round(shown * 100)} %`}
              aria-label={t("Opacity")}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="colours">
        <Accordion.Control>{t("Colours")}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            {colour("color", t("Text colour"))}
            <ContrastHint text={value.color} background={background} onUse={(next) => set("color", next)} />
            <SimpleGrid cols={2} spacing="xs">
              {colour("titleColor", t("Title colour"))}
              {colour("questionColor", t("Question colour"))}
              {colour("valueColor", t("Answer colour"))}
              {colour("placeholderColor", t("Placeholder colour"))}
              {colour("commentColor", t("Comment colour"))}
              {colour("buttonColor", t("Button colour"))}
              {colour("buttonTextColor", t("Button text colour"))}
            </SimpleGrid>
            <ContrastHint
              text={value.buttonTextColor}
              background={value.buttonColor}
              onUse={(next) => set("buttonTextColor", next)}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="borders">
        <Accordion.Control>{t("Borders and corners")}</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={2} spacing="xs">
            {choice("borderStyle", t("Border style"), ["none", "solid", "dashed", "dotted", "double"])}
            {number("borderWidth", t("Border width (px)"), 1, 50)}
            {colour("borderColor", t("Border colour"))}
            {number("radius", t("Corner radius (px)"), 4)}
            {number("buttonRadius", t("Button corner radius (px)"), 3)}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="spacing">
        <Accordion.Control>{t("Size and spacing")}</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={2} spacing="xs">
            {number("margin", t("Margin (px)"), 10, 500)}
            {number("padding", t("Padding (px)"), 10, 500)}
            {text("width", t("Width"), level === "form" ? "90%" : "auto")}
            {choice("position", t("Position"), ["left", "center", "right"])}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="fonts">
        <Accordion.Control>{t("Fonts")}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            <Select
              label={t("Font")}
              searchable
              clearable
              data={FONTS.map((font) => ({ value: font.family, label: font.family }))}
              value={typeof value.fontFamily === "string" ? value.fontFamily : null}
              onChange={(next) => set("fontFamily", next)}
              error={error("fontFamily")}
              comboboxProps={{ withinPortal: true }}
              data-style="fontFamily"
            />
            <SimpleGrid cols={2} spacing="xs">
              {number("fontWeight", t("Question weight"), 600, 900)}
              {number("titleFontSize", t("Title size (px)"), level === "form" ? 30 : 18)}
              {level === "form" && number("descriptionFontSize", t("Description size (px)"), 20)}
              {/* Set on the form, the sizes of field texts are every field's, unless a field level sets its own. */}
              {number("questionFontSize", t("Question size (px)"), 16)}
              {number("valueFontSize", t("Answer size (px)"), 14)}
              {number("placeholderFontSize", t("Placeholder size (px)"), 14)}
              {number("commentFontSize", t("Comment size (px)"), 13)}
            </SimpleGrid>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      {fieldType === "matrix" && (
        <Accordion.Item value="matrix">
          <Accordion.Control>{t("Matrix")}</Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={2} spacing="xs">
              {colour("matrixHeadColor", t("Header row background"))}
              {colour("matrixStripeColor", t("Every second row's background"))}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      )}
      {fieldType === "pageBreak" && (
        <Accordion.Item value="page-break">
          <Accordion.Control>{t("Page break")}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {t("Page breaks put Next and Back buttons between pages: style them here.")}
              </Text>
              <SimpleGrid cols={2} spacing="xs">
                {colour("buttonColor", t("Next button colour"))}
                {colour("buttonTextColor", t("Next button text colour"))}
                {number("buttonRadius", t("Next and Back corner radius (px)"), 3)}
              </SimpleGrid>
              <ContrastHint
                text={value.buttonTextColor}
                background={value.buttonColor}
                onUse={(next) => set("buttonTextColor", next)}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      )}
      <Accordion.Item value="motion">
        <Accordion.Control>{t("Animation and break points")}</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={level === "form" ? 3 : 1} spacing="xs">
            {choice("animation", t("Animation"), ANIMATIONS)}
            {level === "form" && number("oneColumnBreakpoint", t("One column below (px)"), 480, 4000)}
            {level === "form" && number("twoColumnBreakpoint", t("Two columns below (px)"), 800, 4000)}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
