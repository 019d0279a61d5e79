import {
  EMAIL_NOTIFICATION_EVENTS,
  EMAIL_PLACEHOLDERS,
  type TEmailNotification,
  type TEmailNotificationCreateBody,
  type TEmailRecipients,
  ZEmailNotificationCreateBody,
} from "@formloom/core/api/email-notifications";
import type { TElement } from "@formloom/core/element-schema";
import { isAnswerable } from "@formloom/core/field-registry";
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { useAccountUsers, useGroups } from "../../groups/api/groups.ts";

export const EVENT_LABELS: Record<(typeof EMAIL_NOTIFICATION_EVENTS)[number], string> = {
  form_submitted: msg("When the form is submitted"),
  rules_action: msg("When a form rule's action sends it"),
};

/** The kinds of recipient that are a plain yes or no (platform.md §3). */
const SWITCHES = [
  ["accountUsers", msg("All users of the account")],
  ["accountAdmin", msg("The account's admins")],
  ["formAuthor", msg("The form's author")],
  ["respondent", msg("The respondent")],
  ["loggedInUser", msg("The signed-in user who submitted")],
  ["askRespondent", msg("The address the respondent is asked for")],
] as const;

const PLACEHOLDER_LABELS: Record<(typeof EMAIL_PLACEHOLDERS)[number], string> = {
  form_title: msg("Form title"),
  answer_id: msg("Submission number"),
  submit_time: msg("Submission time"),
  score: msg("Score"),
  all_answers: msg("All answers"),
};

const NONE: TEmailRecipients = {
  accountUsers: false,
  groupIds: [],
  userIds: [],
  respondent: false,
  emailFieldIds: [],
  loggedInUser: false,
  accountAdmin: false,
  formAuthor: true,
  askRespondent: false,
};

const fieldTitle = (field: TElement) =>
  (field.question || field.title || field.fieldLabel || field.id).replace(/<[^>]*>/g, "").trim() || field.id;

/** An e-mail notification's settings: who gets it, what it says, and when it is sent. */
export function NotificationForm({
  notification,
  fields,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  notification?: TEmailNotification;
  fields: readonly TElement[];
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit(body: TEmailNotificationCreateBody): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const groups = useGroups();
  const users = useAccountUsers();
  const [adminName, setAdminName] = useState(notification?.adminName ?? "");
  const [from, setFrom] = useState(notification?.from ?? "");
  const [to, setTo] = useState<TEmailRecipients>(notification?.to ?? NONE);
  const [subject, setSubject] = useState(notification?.subject ?? t("New submission of [form_title]"));
  const [message, setMessage] = useState(notification?.message ?? "<p>[all_answers]</p>");
  const [event, setEvent] = useState<TEmailNotificationCreateBody["event"]>(
    notification?.event ?? "form_submitted",
  );
  const [enabled, setEnabled] = useState(notification?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const shown = { ...fieldErrors(serverError), ...errors };
  // Only questions hold answers: page breaks, headings, buttons and other decoration are left out.
  const answerable = fields.filter(isAnswerable);
  const emailFields = fields.filter((field) => field.fieldType === "email");

  const change = (patch: Partial<TEmailRecipients>) => {
    setTo((current) => ({ ...current, ...patch }));
    // A recipient chosen answers "select at least one"; the next Create checks again.
    setErrors(({ to: _answered, ...rest }) => rest);
  };

  /** Puts a placeholder where the cursor is in the message. */
  const insert = (placeholder: string) => {
    const area = messageRef.current;
    const at = area?.selectionStart ?? message.length;
    const end = area?.selectionEnd ?? at;
    setMessage(message.slice(0, at) + placeholder + message.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + placeholder.length, at + placeholder.length);
    });
  };

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const parsed = ZEmailNotificationCreateBody.safeParse({
      adminName,
      from,
      to,
      subject,
      message,
      event,
      enabled,
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("Name")}
            description={t("Shown only to the form's editors")}
            required
            autoFocus
            value={adminName}
            error={shown.adminName}
            onChange={(e) => setAdminName(e.currentTarget.value)}
          />
          <TextInput
            label={t("From")}
            description={t("The sender's name the message shows")}
            value={from}
            error={shown.from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Fieldset legend={t("Recipients")} aria-describedby={shown.to ? "recipients-error" : undefined}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {SWITCHES.map(([key, label]) => (
                <Checkbox
                  key={key}
                  label={t(label)}
                  checked={to[key]}
                  onChange={(e) => change({ [key]: e.currentTarget.checked })}
                />
              ))}
            </SimpleGrid>
            <MultiSelect
              label={t("E-mail fields")}
              description={t("The addresses the respondent typed in these fields")}
              data={emailFields.map((field) => ({ value: field.id, label: fieldTitle(field) }))}
              value={to.emailFieldIds}
              nothingFoundMessage={t("This form has no e-mail field")}
              error={shown["to.emailFieldIds"]}
              onChange={(value) => change({ emailFieldIds: value })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MultiSelect
                label={t("Groups")}
                data={(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
                value={to.groupIds.map(String)}
                searchable
                error={shown["to.groupIds"]}
                onChange={(value) => change({ groupIds: value.map(Number) })}
              />
              <MultiSelect
                label={t("Users")}
                data={(users.data ?? []).map((user) => ({
                  value: String(user.id),
                  label: `${user.username} (${user.email})`,
                }))}
                value={to.userIds.map(String)}
                searchable
                error={shown["to.userIds"]}
                onChange={(value) => change({ userIds: value.map(Number) })}
              />
            </SimpleGrid>
            {shown.to && (
              <Input.Error id="recipients-error" role="alert">
                {shown.to}
              </Input.Error>
            )}
          </Stack>
        </Fieldset>
        <TextInput
          label={t("Subject")}
          required
          value={subject}
          error={shown.subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Textarea
          ref={messageRef}
          label={t("Message")}
          description={t("HTML is allowed; scripts and unsafe links are removed when it is sent.")}
          required
          autosize
          minRows={5}
          maxRows={16}
          value={message}
          error={shown.message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="placeholders-label">
            {t("Insert into the message")}
          </Text>
          <Group gap="xs" role="group" aria-labelledby="placeholders-label">
            {EMAIL_PLACEHOLDERS.map((name) => (
              <Button key={name} size="compact-sm" variant="light" onClick={() => insert(`[${name}]`)}>
                {t(PLACEHOLDER_LABELS[name])}
              </Button>
            ))}
            <Select
              aria-label={t("An answer")}
              placeholder={t("An answer…")}
              size="xs"
              w={200}
              data={answerable.map((field) => ({ value: field.id, label: fieldTitle(field) }))}
              value={null}
              onChange={(value) => value && insert(`[answer:${value}]`)}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t("The respondent's answers are inserted as text, never as HTML.")}
          </Text>
        </Stack>
        <Radio.Group
          label={t("When to send")}
          value={event}
          onChange={(value) => setEvent(value as typeof event)}
        >
          <Stack gap="xs" mt="xs">
            {EMAIL_NOTIFICATION_EVENTS.map((value) => (
              <Radio key={value} value={value} label={t(EVENT_LABELS[value])} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Switch
            label={t("Enabled")}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
        </Group>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
