import { CURRENCIES, type Currency, type PaymentProviderId } from "@formloom/core/api/billing";
import {
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors } from "../../../lib/error-text.ts";
import { type DonationProject, usePaymentProviders, useStartPayment } from "../api/billing.ts";

interface Props {
  /** The project a donation goes to; absent: the account's balance. */
  project?: DonationProject;
  /** Amounts offered to pick with one click (the donation page); a custom amount is always possible. */
  presets?: readonly number[];
  /** Currencies offered; the balance is kept in one. */
  currencies?: readonly Currency[];
}

/** Amount, currency and method, then the provider's page (platform.md §5: amount and currency required). */
export function PaymentForm({ project, presets = [], currencies = CURRENCIES }: Props) {
  const { t } = useTranslation();
  const providers = usePaymentProviders();
  const start = useStartPayment(project);
  const [amount, setAmount] = useState<number | "">(presets[1] ?? "");
  const [currency, setCurrency] = useState<Currency | null>(
    currencies.length === 1 ? (currencies[0] ?? null) : null,
  );
  const [provider, setProvider] = useState<PaymentProviderId | null>(null);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const available = providers.data?.providers ?? [];
  const method = provider ?? available[0] ?? null;
  const serverErrors = fieldErrors(start.error);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (amount === "" || amount <= 0) problems.amount = t("codes.billing.amount.required");
    if (!currency) problems.currency = t("codes.billing.currency.required");
    setMissing(problems);
    if (Object.keys(problems).length > 0 || !currency || amount === "" || !method) return;
    start.mutate({ amount, currency, provider: method });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        {presets.length > 0 && (
          <Chip.Group value={String(amount)} onChange={(value) => setAmount(Number(value))}>
            <Group gap="xs" role="group" aria-label={t("Amount")}>
              {presets.map((preset) => (
                <Chip key={preset} value={String(preset)}>
                  {preset}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        <NumberInput
          label={presets.length > 0 ? t("Custom amount") : t("Amount")}
          required
          min={0}
          decimalScale={2}
          value={amount}
          onChange={(value) => setAmount(typeof value === "number" ? value : "")}
          error={missing.amount ?? serverErrors.amount}
        />
        <Select
          label={t("Currency")}
          required
          data={[...currencies]}
          value={currency}
          onChange={(value) => setCurrency(value as Currency | null)}
          error={missing.currency ?? serverErrors.currency}
        />
        {available.length > 1 && (
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("Payment method")}
            </Text>
            <SegmentedControl
              value={method ?? undefined}
              onChange={(value) => setProvider(value as PaymentProviderId)}
              data={available.map((id) => ({
                value: id,
                label: id === "stripe" ? t("Card (Stripe)") : t("Offline (test)"),
              }))}
            />
          </div>
        )}
        {providers.isSuccess && available.length === 0 && (
          <Alert color="yellow">{t("No payment method is set up on this server.")}</Alert>
        )}
        {start.error && Object.keys(serverErrors).length === 0 && (
          <Alert color="red" role="alert">
            {errorText(start.error)}
          </Alert>
        )}
        <Button type="submit" loading={start.isPending} disabled={!method}>
          {t("Pay")}
        </Button>
      </Stack>
    </form>
  );
}
