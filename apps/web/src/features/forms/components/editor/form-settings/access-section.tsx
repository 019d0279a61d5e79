import { isValidInterval } from "@formloom/core/interval";
import { SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../../../i18n/i18n.ts";
import type { DraftSettings } from "../use-form-draft.ts";
import { ClosingFields } from "./closing-fields.tsx";
import type { SectionProps } from "./types.ts";

/** Who may fill the form, how often and until when, the robot check and the owner's notifications. */
export function AccessSection({ settings, errors, onChange, onDisplay }: SectionProps) {
  const { t } = useTranslation();
  const intervalError =
    errors.nextSubmissionTime ??
    (isValidInterval(settings.nextSubmissionTime)
      ? undefined
      : messageText("form.next_submission_time.invalid"));
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="form-access-label">
          {t("Who can fill the form")}
        </Text>
        <SegmentedControl
          aria-labelledby="form-access-label"
          value={settings.hasAnonymousFilling}
          onChange={(value) =>
            onChange({ hasAnonymousFilling: value as DraftSettings["hasAnonymousFilling"] })
          }
          data={[
            { value: "anonymous", label: t("Anyone") },
            { value: "registered", label: t("Account users") },
          ]}
        />
      </Stack>
      <Switch
        label={t("Captcha")}
        description={t("Respondents prove they are not robots before sending")}
        checked={settings.hasCaptcha}
        onChange={(e) => onChange({ hasCaptcha: e.currentTarget.checked })}
      />
      <Switch
        label={t("Hide from search engines")}
        description={t("Search engines are asked not to list the form's public page")}
        checked={settings.hideFromSearchEngines}
        onChange={(e) => onChange({ hideFromSearchEngines: e.currentTarget.checked })}
      />
      <TextInput
        label={t("Time between submissions")}
        description={t("For example 1d 6h or 2m 30s; empty means no limit")}
        value={settings.nextSubmissionTime}
        error={intervalError}
        onChange={(e) => onChange({ nextSubmissionTime: e.currentTarget.value })}
      />
      <Textarea
        label={t("Message when sent again too soon")}
        autosize
        minRows={2}
        maxLength={1000}
        value={settings.nextSubmissionText}
        error={errors.nextSubmissionText}
        onChange={(e) => onChange({ nextSubmissionText: e.currentTarget.value })}
      />
      <ClosingFields settings={settings} errors={errors} onChange={onChange} onDisplay={onDisplay} />
      <Switch
        label={t("Notify me of new submissions")}
        description={t("The form's author gets an e-mail with the answers of each submission")}
        checked={settings.hasAnswerNotifications}
        onChange={(e) => onChange({ hasAnswerNotifications: e.currentTarget.checked })}
      />
    </Stack>
  );
}
