import { Stack, Text, Textarea, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The form's own style sheet (advanced). The server reads it with a CSS parser when the form is
 * saved, refuses what could hide the form or reach outside it, and puts every rule under the form's
 * root; the refusal comes back as this input's error. The preview draws it as it is typed.
 */
export function CustomCssEditor({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange(next: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={4} size="sm">
        {t("Custom CSS (advanced)")}
      </Title>
      <Text size="xs" c="dimmed">
        {t(
          "Applies to this form's public page and to the preview here: each rule is kept inside the form. Imports, scripts, addresses other than https pictures or files uploaded here, and rules that hide or move fields are refused when the form is saved.",
        )}
      </Text>
      <Textarea
        label={t("Style sheet")}
        placeholder={".fl-title {\n  letter-spacing: 0.02em;\n}"}
        autosize
        minRows={4}
        maxRows={16}
        maxLength={20_000}
        spellCheck={false}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Stack>
  );
}
