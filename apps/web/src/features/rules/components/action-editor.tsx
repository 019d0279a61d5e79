import type { TEmailNotification } from "@formloom/core/api/email-notifications";
import type { TWebhook } from "@formloom/core/api/webhooks";
import type { TElement } from "@formloom/core/element-schema";
import { RULE_ACTION_TYPES, type TRuleAction } from "@formloom/core/rule-schema";
import { Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../components/icon-action.tsx";
import { ACTION_LABELS, fieldLabel, readableFields, targetFields } from "../rule-text.ts";

type ActionType = TRuleAction["type"];

/** A new action of a type, its parameters started from the form's first fields. */
export function newAction(type: ActionType, fields: readonly TElement[]): TRuleAction {
  const first = targetFields(fields)[0]?.id ?? "";
  switch (type) {
    case "publish":
    case "unpublish":
      return { type };
    case "show":
    case "hide":
    case "disable":
    case "enable":
      return { type, fieldIds: [] };
    case "assign":
      return { type, fieldId: readableFields(fields)[0]?.id ?? "", value: "" };
    case "jump":
      return { type, targetFieldId: first };
    case "webhook":
      return { type, webhookId: "" };
    case "sendEmail":
      return { type, notificationId: "" };
  }
}

interface Props {
  /** The list's accessible name: "Then" or "Otherwise". */
  label: string;
  actions: TRuleAction[];
  fields: readonly TElement[];
  webhooks: readonly TWebhook[];
  /** The form's e-mail notifications a rule's "Send e-mail" may call, picked by their names. */
  notifications: readonly TEmailNotification[];
  onChange(actions: TRuleAction[]): void;
  /** Shown under the list, such as "Add at least one action". */
  error?: string;
  /** The rule is on and runs while the form is filled: the fields it shows or enables wait for it. */
  live?: boolean;
  /** The form shows all its questions on one page, where a jump has no page to go to. */
  onePage?: boolean;
}

export function ActionListEditor({
  label,
  actions,
  fields,
  webhooks,
  notifications,
  onChange,
  error,
  live = false,
  onePage = false,
}: Props) {
  const { t } = useTranslation();
  const set = (index: number, action: TRuleAction) =>
    onChange(actions.map((a, i) => (i === index ? action : a)));
  return (
    <Paper withBorder p="sm" role="group" aria-label={label}>
      <Stack gap="sm">
        {actions.map((action, index) => (
          <ActionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: actions have no ids; their place is their identity.
            key={index}
            number={index + 1}
            listLabel={label}
            action={action}
            fields={fields}
            webhooks={webhooks}
            notifications={notifications}
            live={live}
            onePage={onePage}
            onChange={(next) => set(index, next)}
            onRemove={() => onChange(actions.filter((_, i) => i !== index))}
          />
        ))}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...actions, newAction("hide", fields)])}
          >
            {t("Add action")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ActionRow({
  number,
  listLabel,
  action,
  fields,
  webhooks,
  notifications,
  live,
  onePage,
  onChange,
  onRemove,
}: {
  number: number;
  listLabel: string;
  action: TRuleAction;
  fields: readonly TElement[];
  webhooks: readonly TWebhook[];
  notifications: readonly TEmailNotification[];
  live: boolean;
  onePage: boolean;
  onChange(action: TRuleAction): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const name = `${listLabel} ${number}`;
  const options = (list: readonly TElement[]) =>
    list.map((field) => ({ value: field.id, label: fieldLabel(field, field.id, t) }));
  const missing = (id: string) =>
    id && !fields.some((f) => f.id === id) ? t("This field no longer exists") : undefined;

  const params = (() => {
    switch (action.type) {
      case "publish":
      case "unpublish":
        return null;
      case "show":
      case "hide":
      case "disable":
      case "enable":
        return (
          <MultiSelect
            aria-label={t("Fields of action {{name}}", { name })}
            placeholder={action.fieldIds.length === 0 ? t("Pick fields") : undefined}
            searchable
            data={options(targetFields(fields))}
            value={action.fieldIds}
            onChange={(fieldIds) => onChange({ ...action, fieldIds })}
            style={{ flex: "1 1 240px" }}
            error={action.fieldIds.some((id) => missing(id)) ? t("This field no longer exists") : undefined}
          />
        );
      case "assign": {
        const element = fields.find((f) => f.id === action.fieldId);
        const variants = element?.fieldSettings.answerVariants ?? [];
        return (
          <>
            <Select
              aria-label={t("Field of action {{name}}", { name })}
              searchable
              allowDeselect={false}
              data={options(readableFields(fields))}
              value={action.fieldId || null}
              onChange={(fieldId) => fieldId && onChange({ ...action, fieldId, value: "" })}
              style={{ flex: "1 1 200px" }}
              error={missing(action.fieldId)}
            />
            {variants.length > 0 ? (
              <Select
                aria-label={t("Value of action {{name}}", { name })}
                data={variants.map((v) => ({ value: v.id, label: v.title || v.id }))}
                value={typeof action.value === "string" && action.value ? action.value : null}
                onChange={(value) => onChange({ ...action, value: value ?? "" })}
                style={{ flex: "1 1 160px" }}
              />
            ) : (
              <TextInput
                aria-label={t("Value of action {{name}}", { name })}
                placeholder={t("Value")}
                value={action.value === null ? "" : String(action.value)}
                onChange={(event) => onChange({ ...action, value: event.currentTarget.value })}
                style={{ flex: "1 1 160px" }}
              />
            )}
          </>
        );
      }
      case "jump":
        return (
          <Select
            aria-label={t("Jump target of action {{name}}", { name })}
            searchable
            allowDeselect={false}
            data={options(targetFields(fields))}
            value={action.targetFieldId || null}
            onChange={(targetFieldId) => targetFieldId && onChange({ ...action, targetFieldId })}
            style={{ flex: "1 1 240px" }}
            error={missing(action.targetFieldId)}
            // Respondents go from page to page: on one page there is nowhere to jump to.
            description={
              onePage
                ? t(
                    "This form shows all its questions on one page, so a jump does nothing: choose Step by step or Several pages under Settings, Questions and display.",
                  )
                : undefined
            }
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
        );
      case "webhook":
        return webhooks.length > 0 ? (
          <Select
            aria-label={t("Webhook of action {{name}}", { name })}
            placeholder={t("Pick a webhook")}
            allowDeselect={false}
            data={webhooks.map((hook) => ({ value: String(hook.id), label: hook.title }))}
            value={action.webhookId || null}
            onChange={(webhookId) => webhookId && onChange({ ...action, webhookId })}
            style={{ flex: "1 1 240px" }}
          />
        ) : (
          <TextInput
            aria-label={t("Webhook of action {{name}}", { name })}
            description={t("This form has no webhooks yet; enter a webhook's number.")}
            value={action.webhookId}
            onChange={(event) => onChange({ ...action, webhookId: event.currentTarget.value })}
            style={{ flex: "1 1 240px" }}
          />
        );
      case "sendEmail":
        return (
          <Select
            aria-label={t("E-mail notification of action {{name}}", { name })}
            placeholder={t("Pick an e-mail notification")}
            allowDeselect={false}
            data={notifications.map((n) => ({ value: String(n.id), label: n.adminName }))}
            value={action.notificationId || null}
            onChange={(notificationId) => notificationId && onChange({ ...action, notificationId })}
            // A rule calls only notifications sent "When a form rule's action calls it".
            description={
              notifications.length === 0
                ? t("Add an e-mail notification sent when a form rule's action calls it first.")
                : undefined
            }
            disabled={notifications.length === 0}
            style={{ flex: "1 1 240px" }}
          />
        );
    }
  })();

  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        aria-label={t("Action {{name}}", { name })}
        data={RULE_ACTION_TYPES.map((type) => ({ value: type, label: t(ACTION_LABELS[type]) }))}
        value={action.type}
        allowDeselect={false}
        onChange={(type) => type && type !== action.type && onChange(newAction(type as ActionType, fields))}
        w={200}
      />
      {params}
      <IconAction
        label={t("Remove action")}
        ariaLabel={t("Remove action {{name}}", { name })}
        color="red"
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </IconAction>
      {live && action.type === "show" && action.fieldIds.length > 0 && (
        <Text size="xs" c="dimmed" w="100%">
          {t("These fields stay hidden until this rule shows them.")}
        </Text>
      )}
      {live && action.type === "enable" && action.fieldIds.length > 0 && (
        <Text size="xs" c="dimmed" w="100%">
          {t("These fields stay disabled until this rule enables them.")}
        </Text>
      )}
    </Group>
  );
}
