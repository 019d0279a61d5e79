import {
  addMonths,
  checkExpiry,
  defaultExpiry,
  MAX_TOKEN_MONTHS,
  type TExternalApp,
  type TExternalAppBody,
  ZExternalAppBody,
} from "@formloom/core/api/external-apps";
import { Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import dayjs from "dayjs";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { messageText } from "../../../i18n/i18n.ts";
import { fieldErrors, issueErrors } from "../../../lib/error-text.ts";

/** Addresses typed one per line, or separated by spaces or commas. */
const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The name, description, allowed addresses, expiry and status of an external app's token. */
export function ExternalAppForm({
  app,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  app?: TExternalApp;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit(body: TExternalAppBody): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [name, setName] = useState(app?.name ?? "");
  const [description, setDescription] = useState(app?.description ?? "");
  const [addresses, setAddresses] = useState(app?.allowedIps.join("\n") ?? "");
  // A date in the form; the token lasts to the end of that day (blank means half a year).
  const [expiry, setExpiry] = useState(app ? dayjs(app.expiresAt).format("YYYY-MM-DD") : "");
  const [status, setStatus] = useState<"active" | "disabled">(app?.status ?? "active");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...fieldErrors(serverError), ...errors };
  const today = dayjs().format("YYYY-MM-DD");
  const latest = dayjs(addMonths(new Date(), MAX_TOKEN_MONTHS)).format("YYYY-MM-DD");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiry ? dayjs(`${expiry}T23:59:59`).toISOString() : undefined;
    const body = { name, description, allowedIps: splitAddresses(addresses), expiresAt, status };
    const parsed = ZExternalAppBody.safeParse(body);
    const found = parsed.success ? {} : issueErrors(parsed.error.issues);
    const expiryProblem = expiresAt ? checkExpiry(new Date(expiresAt), new Date()) : null;
    if (expiryProblem) found.expiresAt = messageText(expiryProblem);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("Name")}
          description={t("More than 3 characters")}
          required
          autoFocus
          value={name}
          error={shown.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Textarea
          label={t("Allowed IP addresses")}
          description={t(
            "One per line; ranges such as 10.0.0.0/8 are allowed. The token works only from these.",
          )}
          required
          autosize
          minRows={2}
          value={addresses}
          error={shown.allowedIps}
          onChange={(event) => setAddresses(event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t("Expires on")}
            description={t("At most 6 months ahead; blank means {{date}}", {
              date: format.date(defaultExpiry(new Date())),
            })}
            min={today}
            max={latest}
            value={expiry}
            error={shown.expiresAt}
            onChange={(event) => setExpiry(event.currentTarget.value)}
          />
          <Select
            label={t("Status")}
            allowDeselect={false}
            data={[
              { value: "active", label: t("Active") },
              { value: "disabled", label: t("Disabled") },
            ]}
            value={status}
            onChange={(value) => value && setStatus(value as "active" | "disabled")}
          />
        </Group>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
