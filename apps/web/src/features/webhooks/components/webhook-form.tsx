import {
  type TWebhook,
  type TWebhookAuthorization,
  type TWebhookCreateBody,
  type TWebhookFormat,
  WEBHOOK_CONDITIONS,
  WEBHOOK_DATA_OPTIONS,
  WEBHOOK_REQUEST_TYPES,
  ZWebhookAuthorization,
  ZWebhookCreateBody,
} from "@formloom/core/api/webhooks";
import {
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { fieldErrors, issueErrors } from "../../../lib/error-text.ts";

type AuthorizationType = TWebhookAuthorization["type"];

export const AUTHORIZATION_LABELS: Record<AuthorizationType, string> = {
  none: msg("None"),
  basic: msg("Basic (user name and password)"),
  bearer: msg("Bearer token"),
  header: msg("Custom header"),
};

export const CONDITION_LABELS: Record<(typeof WEBHOOK_CONDITIONS)[number], string> = {
  each_submission: msg("On each submission"),
  rules_action: msg("When a form rule's action calls it"),
};

export const FORMAT_LABELS: Record<TWebhookFormat, string> = {
  standard: msg("Signed JSON payload"),
  slack: msg("Slack message"),
  discord: msg("Discord message"),
  teams: msg("Microsoft Teams message"),
};

const DATA_OPTION_LABELS: Record<(typeof WEBHOOK_DATA_OPTIONS)[number], string> = {
  form_answer: msg("Form answer"),
  calculation_results: msg("Calculation results"),
  score_and_tags: msg("Answer score and tags"),
  respondent_info: msg("Respondent info"),
  geo: msg("Geo location"),
  device: msg("Device"),
  behaviour: msg("Behaviour"),
};

/** What the form sends: without `authorization` when the saved one stays. */
export type WebhookBody = Omit<TWebhookCreateBody, "authorization"> & {
  authorization?: TWebhookAuthorization;
};

/**
 * A webhook's settings. Saved credentials never come back from the server, so when editing, the
 * authorization is sent only if its kind changes or new credentials are typed.
 */
export function WebhookForm({
  webhook,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  webhook?: TWebhook;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit(body: WebhookBody): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(webhook?.title ?? "");
  const [endpoint, setEndpoint] = useState(webhook?.endpoint ?? "");
  const [requestType, setRequestType] = useState<TWebhookCreateBody["requestType"]>(
    webhook?.requestType ?? "POST",
  );
  const [format, setFormat] = useState<TWebhookFormat>(webhook?.format ?? "standard");
  const [authType, setAuthType] = useState<AuthorizationType>(webhook?.authorizationType ?? "none");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [token, setToken] = useState("");
  const [headerName, setHeaderName] = useState("");
  const [headerValue, setHeaderValue] = useState("");
  const [condition, setCondition] = useState<TWebhookCreateBody["condition"]>(
    webhook?.condition ?? "each_submission",
  );
  const [dataOptions, setDataOptions] = useState<string[]>(webhook?.dataOptions ?? ["form_answer"]);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...fieldErrors(serverError), ...errors };
  // Editing with the saved kind and nothing typed keeps the saved credentials.
  const keepsSaved =
    webhook !== undefined &&
    authType === webhook.authorizationType &&
    authType !== "none" &&
    !username &&
    !password &&
    !token &&
    !headerName &&
    !headerValue;

  const authorization = (): TWebhookAuthorization => {
    switch (authType) {
      case "basic":
        return { type: "basic", username, password };
      case "bearer":
        return { type: "bearer", token };
      case "header":
        return { type: "header", name: headerName, value: headerValue };
      default:
        return { type: "none" };
    }
  };

  const authorizationErrors = (): Record<string, string> => {
    if (keepsSaved || ZWebhookAuthorization.safeParse(authorization()).success) return {};
    if (authType === "basic") return { username: t("Please input the user name") };
    if (authType === "bearer") return { token: t("Please input the token") };
    if (
      !headerName ||
      !ZWebhookAuthorization.safeParse({ type: "header", name: headerName, value: "" }).success
    )
      return {
        headerName: t(
          "Letters, digits and dashes only; names starting with webhook- or content- are reserved",
        ),
      };
    return { headerValue: t("The value must fit on one line") };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title,
      endpoint,
      requestType,
      format,
      authorization: authorization(),
      condition,
      dataOptions,
      enabled,
    };
    const parsed = ZWebhookCreateBody.omit({ authorization: true }).safeParse(body);
    const found = { ...(parsed.success ? {} : issueErrors(parsed.error.issues)), ...authorizationErrors() };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { authorization: sentAuthorization, ...rest } = ZWebhookCreateBody.parse({
      ...body,
      authorization: keepsSaved ? { type: "none" } : body.authorization,
    });
    onSubmit(keepsSaved ? rest : { ...rest, authorization: sentAuthorization });
  };

  const savedHint = keepsSaved || (webhook && authType === webhook.authorizationType && authType !== "none");

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("Title")}
          required
          autoFocus
          value={title}
          error={shown.title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <TextInput
          label={t("Endpoint")}
          description={
            webhook?.endpointHidden
              ? t(
                  "Only who may read everything this webhook sends sees its whole address, which may be its key",
                )
              : t("The address the request goes to, such as https://example.com/hooks/forms")
          }
          placeholder="https://"
          required
          type="url"
          readOnly={webhook?.endpointHidden}
          value={endpoint}
          error={shown.endpoint}
          onChange={(event) => setEndpoint(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("Request type")}
            allowDeselect={false}
            data={WEBHOOK_REQUEST_TYPES.map((type) => ({ value: type, label: type }))}
            value={requestType}
            onChange={(value) => value && setRequestType(value as typeof requestType)}
          />
          <Select
            label={t("Message format")}
            allowDeselect={false}
            data={Object.entries(FORMAT_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
            value={format}
            onChange={(value) => value && setFormat(value as TWebhookFormat)}
          />
          <Select
            label={t("Authorization type")}
            allowDeselect={false}
            data={Object.entries(AUTHORIZATION_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
            value={authType}
            onChange={(value) => value && setAuthType(value as AuthorizationType)}
          />
        </SimpleGrid>
        {authType === "basic" && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("User name")}
              autoComplete="off"
              placeholder={savedHint ? t("Saved; type to replace") : undefined}
              value={username}
              error={shown.username ?? shown["authorization.username"]}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <PasswordInput
              label={t("Password")}
              autoComplete="new-password"
              placeholder={savedHint ? t("Saved; type to replace") : undefined}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        {authType === "bearer" && (
          <PasswordInput
            label={t("Token")}
            autoComplete="off"
            placeholder={savedHint ? t("Saved; type to replace") : undefined}
            value={token}
            error={shown.token ?? shown["authorization.token"]}
            onChange={(event) => setToken(event.currentTarget.value)}
          />
        )}
        {authType === "header" && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("Header name")}
              autoComplete="off"
              placeholder={savedHint ? t("Saved; type to replace") : "X-Api-Key"}
              value={headerName}
              error={shown.headerName ?? shown["authorization.name"]}
              onChange={(event) => setHeaderName(event.currentTarget.value)}
            />
            <PasswordInput
              label={t("Header value")}
              autoComplete="off"
              value={headerValue}
              error={shown.headerValue ?? shown["authorization.value"]}
              onChange={(event) => setHeaderValue(event.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        <Radio.Group
          label={t("When to send")}
          value={condition}
          onChange={(value) => setCondition(value as typeof condition)}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_CONDITIONS.map((value) => (
              <Radio key={value} value={value} label={t(CONDITION_LABELS[value])} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox.Group label={t("Data to send")} value={dataOptions} onChange={setDataOptions}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {WEBHOOK_DATA_OPTIONS.map((value) => (
              <Checkbox key={value} value={value} label={t(DATA_OPTION_LABELS[value])} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group>
          <Switch
            label={t("Enabled")}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
        </Group>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
