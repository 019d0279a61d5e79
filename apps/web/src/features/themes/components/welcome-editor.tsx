import { isAllowedPicture } from "@formloom/core/style-guard";
import type { TWelcomeScreen } from "@formloom/core/welcome-screen";
import { Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../i18n/i18n.ts";

/** The welcome screen's settings: shown or not, its title, words, picture and button. */
export function WelcomeEditor({
  value,
  onChange,
}: {
  value: TWelcomeScreen;
  onChange(next: TWelcomeScreen): void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<TWelcomeScreen>) => onChange({ ...value, ...patch });
  const pictureError =
    value.picture && !isAllowedPicture(value.picture) ? messageText("style.url.forbidden") : undefined;
  return (
    <Stack gap="xs">
      <Switch
        label={t("Show a welcome screen before the questions")}
        checked={value.show}
        onChange={(event) => set({ show: event.currentTarget.checked })}
      />
      {value.show && (
        <>
          <TextInput
            label={t("Welcome title")}
            placeholder={t("The form's title")}
            value={value.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
          />
          <Textarea
            label={t("Welcome text")}
            autosize
            minRows={2}
            value={value.text}
            onChange={(event) => set({ text: event.currentTarget.value })}
          />
          <TextInput
            label={t("Picture (https address)")}
            value={value.picture}
            error={pictureError}
            onChange={(event) => set({ picture: event.currentTarget.value })}
          />
          <TextInput
            label={t("Start button")}
            placeholder={t("Start")}
            value={value.buttonLabel}
            onChange={(event) => set({ buttonLabel: event.currentTarget.value })}
          />
        </>
      )}
    </Stack>
  );
}
