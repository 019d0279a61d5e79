import { Group, NumberInput, Select, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeLimits, changeSettings, type EditorProps, num } from "./controls.tsx";
import { CorrectAnswerList } from "./variant-list.tsx";

const CODE_LANGUAGES = [
  "javascript",
  "typescript",
  "python",
  "java",
  "csharp",
  "cpp",
  "go",
  "rust",
  "sql",
  "html",
  "css",
  "json",
  "bash",
  "php",
  "ruby",
];

export function PlaceholderInput({ checked }: EditorProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t("Placeholder")}
      description={t("Shown in the empty box")}
      value={checked.element.fieldSettings.placeholder ?? ""}
      error={checked.error("fieldSettings.placeholder")}
      onChange={(e) => changeSettings(checked, { placeholder: e.currentTarget.value || undefined })}
    />
  );
}

export function LengthLimits({ checked }: EditorProps) {
  const { t } = useTranslation();
  const limits = checked.element.validationSettings;
  return (
    <Group grow align="flex-start">
      <NumberInput
        label={t("Minimum length")}
        min={0}
        allowDecimal={false}
        value={limits.minLength ?? ""}
        error={checked.error("validationSettings.minLength")}
        onChange={(v) => changeLimits(checked, { minLength: num(v) })}
      />
      <NumberInput
        label={t("Maximum length")}
        min={1}
        allowDecimal={false}
        value={limits.maxLength ?? ""}
        error={checked.error("validationSettings.maxLength")}
        onChange={(v) => changeLimits(checked, { maxLength: num(v) })}
      />
    </Group>
  );
}

/** Short and long text, e-mail, phone, website, password, QR code and code answers. */
export function TextSettings(props: EditorProps) {
  const { t } = useTranslation();
  const { checked } = props;
  const type = checked.element.fieldType;
  return (
    <>
      {type === "codeHighlight" && (
        <Select
          label={t("Code language")}
          data={CODE_LANGUAGES}
          searchable
          value={checked.element.fieldSettings.language ?? "javascript"}
          error={checked.error("fieldSettings.language")}
          onChange={(language) => changeSettings(checked, { language: language ?? undefined })}
        />
      )}
      <PlaceholderInput {...props} />
      <LengthLimits {...props} />
      {type !== "password" && <CorrectAnswerList {...props} />}
    </>
  );
}

/** Several short answers in a column. */
export function MultipleInputSettings(props: EditorProps) {
  return (
    <>
      <PlaceholderInput {...props} />
      <LengthLimits {...props} />
    </>
  );
}
