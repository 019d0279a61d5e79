import type { TElement } from "@formloom/core/element-schema";
import { type TRule, ZRule } from "@formloom/core/rule-schema";
import { validateRules } from "@formloom/core/rules";
import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText, msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { useForm } from "../../forms/api/get-form.ts";
import classes from "../../forms/components/editor/editor.module.css";
import { ReadOnlyNote } from "../../forms/components/editor/read-only-note.tsx";
import { useFormNotifications } from "../../notifications/api/notifications.ts";
import { useSaveRules, useWebhooks } from "../api/rules.ts";
import { ActionListEditor, newAction } from "./action-editor.tsx";
import { ConditionGroupEditor } from "./condition-editor.tsx";

const formRoute = getRouteApi("/layout/account/forms/$id");

const newRuleId = () => `r_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

function blankRule(fields: readonly TElement[]): TRule {
  return {
    id: newRuleId(),
    name: "",
    enabled: true,
    when: "change",
    if: { kind: "group", combinator: "AND", conditions: [] },
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    then: [newAction("hide", fields)],
    else: [],
  };
}

/** :id/rules/add */
export function AddRulePage() {
  return <RuleEditor />;
}

const editRoute = getRouteApi("/layout/account/forms/$id/rules/$rule/edit");

/** :id/rules/:rule/edit */
export function EditRulePage() {
  const { rule } = editRoute.useParams();
  return <RuleEditor ruleId={rule} />;
}

function RuleEditor({ ruleId }: { ruleId?: string }) {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const { data, isPending, error } = useForm(id);
  if (isPending) return <Loader />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  const existing = ruleId ? data.form.conditionalRules.find((rule) => rule.id === ruleId) : undefined;
  // Rules are saved with the form, so the right to edit the form is the right to change them.
  const readOnly = !data.rights.edit;
  if (readOnly && !ruleId) {
    return (
      <Stack>
        <BackLink to="/forms/$id/rules" params={{ id }}>
          {t("Rules")}
        </BackLink>
        <ReadOnlyNote />
      </Stack>
    );
  }
  if (ruleId && !existing) {
    return (
      <Stack>
        <BackLink to="/forms/$id/rules" params={{ id }}>
          {t("Rules")}
        </BackLink>
        <Alert color="red">{t("This rule does not exist. It may have been deleted.")}</Alert>
      </Stack>
    );
  }
  return (
    <RuleForm
      key={ruleId ?? "new"}
      formId={id}
      fields={data.fields}
      rules={data.form.conditionalRules}
      lastChangeDate={data.form.lastChangeDate}
      onePage={data.form.display === "all"}
      initial={existing ?? blankRule(data.fields)}
      isNew={!existing}
      readOnly={readOnly}
    />
  );
}

function RuleForm({
  formId,
  fields,
  rules,
  lastChangeDate,
  onePage,
  initial,
  isNew,
  readOnly,
}: {
  formId: number;
  fields: TElement[];
  rules: TRule[];
  lastChangeDate: string;
  /** The form shows all its questions on one page: a jump has no page to go to. */
  onePage: boolean;
  initial: TRule;
  isNew: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveRules(formId);
  const webhooks = useWebhooks(formId).data?.webhooks ?? [];
  const notifications = (useFormNotifications(formId, { optional: true }).data ?? []).filter(
    (notification) => notification.event === "rules_action",
  );
  const [rule, setRule] = useState<TRule>(initial);
  const [tried, setTried] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);

  const nextRules = useMemo(
    () => (isNew ? [...rules, rule] : rules.map((r) => (r.id === rule.id ? rule : r))),
    [isNew, rules, rule],
  );
  const parsed = ZRule.safeParse(rule);
  const nameIssue = parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === "name");
  const thenIssue = parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === "then");
  // Core's checks over the form's whole set of rules: fields that exist, and no assignment cycles.
  const issues = validateRules(fields, nextRules).filter(
    (issue) => issue.ruleId === rule.id && !issue.code.startsWith("form_rule.name"),
  );
  const otherIssues = parsed.success
    ? []
    : parsed.error.issues.filter((issue) => issue.path[0] !== "name" && issue.path[0] !== "then");

  const submit = () => {
    setTried(true);
    if (readOnly || !parsed.success || issues.length > 0) return;
    const saved = { ...parsed.data, name: parsed.data.name.trim() };
    save.mutate(
      {
        rules: isNew ? [...rules, saved] : rules.map((r) => (r.id === saved.id ? saved : r)),
        lastChangeDate,
      },
      {
        onSuccess: () => {
          notifySuccess(msg("Rule saved"));
          void navigate({ to: "/forms/$id/rules", params: { id: formId } });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <BackLink to="/forms/$id/rules" params={{ id: formId }}>
          {t("Rules")}
        </BackLink>
        {readOnly && <ReadOnlyNote />}
        <Title order={3}>{readOnly ? initial.name : isNew ? t("New rule") : t("Edit rule")}</Title>
        {/* A disabled fieldset turns off every control of the rule at once, as in the builder. */}
        <fieldset disabled={readOnly} className={classes.panels}>
          <Stack gap="md">
            <Group align="flex-start" wrap="wrap" gap="md">
              <TextInput
                label={t("Rule name")}
                required
                value={rule.name}
                onChange={(event) => setRule({ ...rule, name: event.currentTarget.value })}
                onBlur={() => setNameTouched(true)}
                error={(tried || nameTouched) && nameIssue ? messageText(nameIssue.message) : undefined}
                style={{ flex: "1 1 260px" }}
                maxLength={200}
              />
              <Switch
                mt={30}
                label={t("Enabled")}
                checked={rule.enabled}
                onChange={(event) => setRule({ ...rule, enabled: event.currentTarget.checked })}
              />
            </Group>
            <Radio.Group
              label={t("Runs")}
              value={rule.when}
              onChange={(when) => setRule({ ...rule, when: when as TRule["when"] })}
            >
              <Group gap="md" mt={4}>
                <Radio value="change" label={t("While the form is filled")} />
                <Radio value="submit" label={t("When the form is sent")} />
              </Group>
            </Radio.Group>
            <Title order={4}>{t("If")}</Title>
            <ConditionGroupEditor
              group={rule.if}
              fields={fields}
              onChange={(group) => setRule({ ...rule, if: group })}
            />
            <Title order={4}>{t("Then")}</Title>
            <ActionListEditor
              label={t("Then")}
              actions={rule.then}
              fields={fields}
              webhooks={webhooks}
              notifications={notifications}
              onePage={onePage}
              live={rule.enabled && rule.when === "change"}
              onChange={(then) => setRule({ ...rule, then })}
              error={tried && thenIssue ? t("Add at least one action, with its fields.") : undefined}
            />
            <Title order={4}>{t("Otherwise")}</Title>
            <Text size="sm" c="dimmed">
              {t("Actions taken while the conditions do not hold (optional).")}
            </Text>
            <ActionListEditor
              label={t("Otherwise")}
              actions={rule.else}
              fields={fields}
              webhooks={webhooks}
              notifications={notifications}
              onePage={onePage}
              live={rule.enabled && rule.when === "change"}
              onChange={(otherwise) => setRule({ ...rule, else: otherwise })}
            />
          </Stack>
        </fieldset>
        {!readOnly && issues.length > 0 && (
          <Alert color="red" title={t("This rule cannot be saved yet")} role="alert">
            <List size="sm">
              {issues.map((issue) => (
                <List.Item key={issue.code}>{messageText(issue.code)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {tried && otherIssues.length > 0 && (
          <Alert color="red" role="alert">
            {t("Some conditions or actions are incomplete: pick their fields and values.")}
          </Alert>
        )}
        {save.error && (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        {!readOnly && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t("Save rule")}
            </Button>
            <Button
              variant="default"
              onClick={() => void navigate({ to: "/forms/$id/rules", params: { id: formId } })}
            >
              {t("Cancel")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
