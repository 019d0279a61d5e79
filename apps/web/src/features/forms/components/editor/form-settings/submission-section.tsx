import { FORM_TITLE_PLACEHOLDER } from "@formloom/core/defaults";
import { isExternalLink, normalizeExternalLink } from "@formloom/core/links";
import { Select, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DraftSettings } from "../use-form-draft.ts";
import type { SectionProps } from "./types.ts";

type Actions = DraftSettings["afterFormFillingActions"];

/** The send button, and what happens once the form is sent: a thank-you page, the form again, or a redirect. */
export function SubmissionSection({ settings, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  const actions = settings.afterFormFillingActions;
  const setActions = (patch: Partial<Actions>) =>
    onChange({ afterFormFillingActions: { ...actions, ...patch } });
  const rules = settings.completionRules;
  const setRules = (patch: Partial<DraftSettings["completionRules"]>) =>
    onChange({ completionRules: { ...rules, ...patch } });
  return (
    <Stack gap="sm">
      <TextInput
        label={t("Send button text")}
        maxLength={200}
        value={settings.submitButtonDescription}
        error={errors.submitButtonDescription}
        onChange={(e) => onChange({ submitButtonDescription: e.currentTarget.value })}
      />
      <Textarea
        label={t("Text under the send button")}
        autosize
        minRows={1}
        maxLength={5000}
        value={settings.textAfterButton}
        onChange={(e) => onChange({ textAfterButton: e.currentTarget.value })}
      />
      <Select
        label={t("After submission")}
        allowDeselect={false}
        value={actions.submissionAction}
        data={[
          { value: "showThankYouPage", label: t("Show the thank-you page") },
          { value: "showFormAgain", label: t("Show the form again") },
          { value: "redirectToUrl", label: t("Redirect to a link") },
        ]}
        onChange={(value) =>
          setActions({ submissionAction: (value ?? "showThankYouPage") as Actions["submissionAction"] })
        }
      />
      {actions.submissionAction === "redirectToUrl" && (
        <TextInput
          label={t("Redirect link")}
          description={t("A website address; http:// is added when you leave it out")}
          placeholder="https://example.com/thanks"
          type="url"
          maxLength={2000}
          value={actions.customUrl}
          error={errors["afterFormFillingActions.customUrl"]}
          onChange={(e) => setActions({ customUrl: e.currentTarget.value })}
          onBlur={(e) => {
            const value = e.currentTarget.value.trim();
            if (value && !isExternalLink(value)) setActions({ customUrl: normalizeExternalLink(value) });
          }}
        />
      )}
      {actions.submissionAction === "showThankYouPage" && (
        <>
          <TextInput
            label={t("Thank-you title")}
            description={t("{{placeholder}} stands for the form's title", {
              placeholder: FORM_TITLE_PLACEHOLDER,
            })}
            maxLength={500}
            value={actions.thankYouPageTitle}
            error={errors["afterFormFillingActions.thankYouPageTitle"]}
            onChange={(e) => setActions({ thankYouPageTitle: e.currentTarget.value })}
          />
          <Textarea
            label={t("Thank-you text")}
            autosize
            minRows={2}
            maxLength={5000}
            value={actions.thankYouPageText}
            error={errors["afterFormFillingActions.thankYouPageText"]}
            onChange={(e) => setActions({ thankYouPageText: e.currentTarget.value })}
          />
        </>
      )}
      {actions.submissionAction !== "redirectToUrl" && (
        <TextInput
          label={t("Fill-again button text")}
          maxLength={200}
          value={actions.completeFormButton}
          onChange={(e) => setActions({ completeFormButton: e.currentTarget.value })}
        />
      )}
      <Switch
        label={t("Show completion rules after submission")}
        checked={rules.show}
        onChange={(e) => setRules({ show: e.currentTarget.checked })}
      />
      {rules.show && (
        <>
          <Textarea
            label={t("Completion rules")}
            autosize
            minRows={2}
            maxLength={5000}
            value={rules.message}
            onChange={(e) => setRules({ message: e.currentTarget.value })}
          />
          <TextInput
            label={t("Completion rules link")}
            description={t("A website, mailto: or tel: link")}
            maxLength={2000}
            value={rules.link}
            error={errors["completionRules.link"]}
            onChange={(e) => setRules({ link: e.currentTarget.value })}
            onBlur={(e) => {
              const value = e.currentTarget.value.trim();
              if (value && !isExternalLink(value)) setRules({ link: normalizeExternalLink(value) });
            }}
          />
        </>
      )}
    </Stack>
  );
}
