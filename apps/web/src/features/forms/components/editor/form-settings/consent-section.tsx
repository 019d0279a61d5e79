import { consentDefaults, consentRequired } from "@formloom/core/consent";
import { CONSENT_HEADERS } from "@formloom/core/form-schema";
import { ActionIcon, Button, Checkbox, Fieldset, Group, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { DraftSettings } from "../use-form-draft.ts";
import type { SectionProps } from "./types.ts";

type Popup = DraftSettings["capturingConfirmPopup"];
type PopupKey = "capturingConfirmPopup" | "behavioralConfirmPopup";

const MAX_OPTIONS = 20;
const newOptionId = () => `c_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** What the form collects about respondents, and the consent pop-ups that ask them first. */
export function ConsentSection({ settings, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  const capturing = settings.hasVideoCapturing || settings.hasAudioCapturing || settings.hasSessionRecording;
  return (
    <Stack gap="sm">
      <Switch
        label={t("Collect behaviour data")}
        description={t("Mouse, keyboard and timing of each answer")}
        checked={settings.collectBehaviorData}
        onChange={(e) => onChange({ collectBehaviorData: e.currentTarget.checked })}
      />
      <Switch
        label={t("Collect every character typed")}
        description={t("Keeps what respondents typed and then erased")}
        checked={settings.collectRealCharacters}
        onChange={(e) => onChange({ collectRealCharacters: e.currentTarget.checked })}
      />
      <Switch
        label={t("Save partial responses")}
        description={t(
          "Keeps respondents' answers on the server as they fill the form; unfinished ones show in the results as partial responses",
        )}
        checked={settings.savePartialResponses}
        onChange={(e) => onChange({ savePartialResponses: e.currentTarget.checked })}
      />
      <Switch
        label={t("Capture video")}
        checked={settings.hasVideoCapturing}
        onChange={(e) => onChange({ hasVideoCapturing: e.currentTarget.checked })}
      />
      <Switch
        label={t("Capture audio")}
        checked={settings.hasAudioCapturing}
        onChange={(e) => onChange({ hasAudioCapturing: e.currentTarget.checked })}
      />
      <Switch
        label={t("Ask video and audio questions")}
        description={t(
          "Video and audio questions are answered by recording in the page, with a file upload for those who cannot record",
        )}
        checked={settings.hasVideoAudioQuestions}
        onChange={(e) => onChange({ hasVideoAudioQuestions: e.currentTarget.checked })}
      />
      <Switch
        label={t("Record the session for replay")}
        description={t(
          "Records the page as the respondent fills it, once they agree, to be replayed with the submission; what is typed is hidden unless every character is collected and they agreed to that too",
        )}
        checked={settings.hasSessionRecording}
        onChange={(e) => onChange({ hasSessionRecording: e.currentTarget.checked })}
      />
      <PopupEditor
        legend={t("Behaviour data consent pop-up")}
        popup={settings.behavioralConfirmPopup}
        defaultHeader={CONSENT_HEADERS.behavioral}
        active={settings.collectBehaviorData}
        inactiveText={t("Shown only while behaviour data is collected")}
        defaultOption={consentDefaults(settings, "behavioral").option.label}
        required={consentRequired(settings, "behavioral")}
        requiredText={t("Always asked while the form keeps every character typed")}
        error={firstError(errors, "behavioralConfirmPopup")}
        onChange={(popup) => onChange({ behavioralConfirmPopup: popup })}
        name="behavioralConfirmPopup"
      />
      <PopupEditor
        legend={t("Video and audio consent pop-up")}
        popup={settings.capturingConfirmPopup}
        defaultHeader={CONSENT_HEADERS.capturing}
        active={capturing}
        inactiveText={t("Shown only while video, audio or the session is recorded")}
        defaultOption={consentDefaults(settings, "capturing").option.label}
        required={consentRequired(settings, "capturing")}
        requiredText={t("Always asked while video, audio, faces or the session are recorded")}
        error={firstError(errors, "capturingConfirmPopup")}
        onChange={(popup) => onChange({ capturingConfirmPopup: popup })}
        name="capturingConfirmPopup"
      />
    </Stack>
  );
}

/** The first message about a pop-up or anything inside it. */
const firstError = (errors: Record<string, string>, key: PopupKey) =>
  Object.entries(errors).find(([path]) => path === key || path.startsWith(`${key}.`))?.[1];

interface PopupEditorProps {
  legend: string;
  popup: Popup;
  defaultHeader: string;
  active: boolean;
  inactiveText: string;
  /** The option respondents are offered where the author gave none. */
  defaultOption: string;
  /** Asked whatever the switch says: the form collects what is never recorded unasked. */
  required: boolean;
  requiredText: string;
  error: string | undefined;
  name: PopupKey;
  onChange(popup: Popup): void;
}

function PopupEditor({
  legend,
  popup,
  defaultHeader,
  active,
  inactiveText,
  defaultOption,
  required,
  requiredText,
  error,
  name,
  onChange,
}: PopupEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<Popup>) => onChange({ ...popup, ...patch });
  const setOption = (id: string, patch: Partial<Popup["checkboxes"][number]>) =>
    set({ checkboxes: popup.checkboxes.map((box) => (box.id === id ? { ...box, ...patch } : box)) });
  const shown = popup.show || required;
  const empty = shown && active && popup.checkboxes.length === 0;
  return (
    <Fieldset legend={legend} p="sm" data-testid={name}>
      <Stack gap="xs">
        <Switch
          label={t("Ask for consent first")}
          description={required ? requiredText : undefined}
          checked={shown}
          disabled={required}
          onChange={(e) => set({ show: e.currentTarget.checked })}
        />
        {!active && (
          <Text size="xs" c="dimmed">
            {inactiveText}
          </Text>
        )}
        {shown && (
          <>
            <TextInput
              label={t("Pop-up header")}
              placeholder={t(defaultHeader)}
              maxLength={500}
              value={popup.header}
              onChange={(e) => set({ header: e.currentTarget.value })}
            />
            <Text size="sm" fw={500}>
              {t("Options to tick")}
            </Text>
            {popup.checkboxes.map((box, index) => (
              <Group key={box.id} gap="xs" wrap="nowrap" align="center">
                <Checkbox
                  aria-label={t("Ticked at first")}
                  title={t("Ticked at first")}
                  checked={box.checked}
                  onChange={(e) => setOption(box.id, { checked: e.currentTarget.checked })}
                />
                <TextInput
                  aria-label={t("Option {{number}}", { number: index + 1 })}
                  style={{ flex: 1 }}
                  maxLength={500}
                  value={box.label}
                  error={!box.label.trim() ? t("Write the option's text") : undefined}
                  onChange={(e) => setOption(box.id, { label: e.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("Remove option {{number}}", { number: index + 1 })}
                  onClick={() => set({ checkboxes: popup.checkboxes.filter((other) => other.id !== box.id) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {error && (
              <Text size="xs" c="red">
                {error}
              </Text>
            )}
            {!error && empty && required && (
              <Text size="xs" c="dimmed">
                {t("Without options of yours, respondents are offered: “{{option}}”", {
                  option: t(defaultOption),
                })}
              </Text>
            )}
            {!error && empty && !required && (
              <Text size="xs" c="orange.8">
                {t("Add at least one option: a pop-up without options is not shown")}
              </Text>
            )}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={popup.checkboxes.length >= MAX_OPTIONS}
              onClick={() =>
                set({ checkboxes: [...popup.checkboxes, { id: newOptionId(), label: "", checked: true }] })
              }
            >
              {t("Add an option")}
            </Button>
            <Text size="xs" c="dimmed">
              {t("Respondents tick at least one option or choose Cancel")}
            </Text>
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
