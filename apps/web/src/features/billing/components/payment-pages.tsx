import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { Link, useParams, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { money, usePayment, useSettleOffline } from "../api/billing.ts";
import { PaymentForm } from "./payment-form.tsx";

/** Where a payment of this purpose lands and what its pages link back to. */
function homeOf(purpose: string): { to: string; label: string } {
  if (purpose === "balance") return { to: "/account/billing", label: msg("Back to billing") };
  return { to: `/projects/${purpose}/payment`, label: msg("Back to the donation page") };
}

/** The success page: it waits for the provider to settle the payment, then says it went through. */
export function PaymentSuccessPage() {
  const { t, i18n } = useTranslation();
  const { payment: publicId } = useSearch({ strict: false }) as { payment?: string };
  const payment = usePayment(publicId);
  if (payment.data?.status === "failed") return <PaymentFailPage />;
  const settled = payment.data?.status === "paid";
  return (
    <Center p="xl">
      <Card withBorder maw={480} w="100%">
        <Stack align="center">
          {settled ? (
            <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
          ) : (
            <Loader />
          )}
          <Title order={2}>
            {settled
              ? t("Thank you! Your payment went through.")
              : t("Waiting for the payment to be confirmed…")}
          </Title>
          {payment.data && (
            <Text>{money(payment.data.amountCents, payment.data.currency, i18n.language)}</Text>
          )}
          <Anchor component={Link} to={homeOf(payment.data?.purpose ?? "balance").to}>
            {t(homeOf(payment.data?.purpose ?? "balance").label)}
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
}

/** platform.md §8: "There were problems with your payment!" */
export function PaymentFailPage() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { project?: string };
  const home = homeOf(params.project ?? "balance");
  return (
    <Center p="xl">
      <Card withBorder maw={480} w="100%">
        <Stack align="center">
          <IconCircleX size={48} color="var(--mantine-color-red-7)" aria-hidden />
          <Title order={2} role="alert">
            {t("codes.payment.failed")}
          </Title>
          <Text>{t("No money was taken. You can try again.")}</Text>
          <Anchor component={Link} to={home.to}>
            {t(home.label)}
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
}

const DONATION_AMOUNTS = [5, 10, 25, 50, 100] as const;

/** The public donation page of a project: /projects/freedom/payment and /projects/support/payment. */
export function DonationPage() {
  const { t } = useTranslation();
  const { project } = useParams({ strict: false }) as { project: "freedom" | "support" };
  return (
    <Center p="xl">
      <Card withBorder maw={520} w="100%">
        <Stack>
          <Title order={1} size="h2">
            {project === "freedom" ? t("Support freedom of speech") : t("Support Formloom")}
          </Title>
          <Text>
            {project === "freedom"
              ? t("Your donation helps people ask questions and be heard where that is hard.")
              : t("Your donation keeps Formloom free and open for everyone.")}
          </Text>
          <PaymentForm project={project} presets={DONATION_AMOUNTS} />
        </Stack>
      </Card>
    </Center>
  );
}

/** The offline provider's page: no money moves, the payer confirms or declines (development only). */
export function OfflinePaymentPage() {
  const { t, i18n } = useTranslation();
  const { publicId } = useParams({ strict: false }) as { publicId: string };
  const payment = usePayment(publicId);
  const settle = useSettleOffline(publicId);
  const data = payment.data;
  const back = (outcome: "success" | "fail") => {
    const base =
      data?.purpose === "balance" ? "/account/billing/payment" : `/projects/${data?.purpose}/payment`;
    window.location.assign(`${base}/${outcome}?payment=${publicId}`);
  };
  return (
    <Center p="xl">
      <Card withBorder maw={480} w="100%">
        <Stack>
          <Title order={1} size="h2">
            {t("Offline payment")}
          </Title>
          <Alert color="yellow">{t("A test payment: no money moves. Confirm to settle it as paid.")}</Alert>
          {payment.error && <Alert color="red">{errorText(payment.error)}</Alert>}
          {data && (
            <Text size="xl" fw={700}>
              {money(data.amountCents, data.currency, i18n.language)}
            </Text>
          )}
          {settle.error && <Alert color="red">{errorText(settle.error)}</Alert>}
          <Group>
            <Button
              disabled={data?.status !== "pending"}
              loading={settle.isPending}
              onClick={() => settle.mutate("confirm", { onSuccess: () => back("success") })}
            >
              {t("Confirm payment")}
            </Button>
            <Button
              variant="default"
              disabled={data?.status !== "pending"}
              onClick={() => settle.mutate("decline", { onSuccess: () => back("fail") })}
            >
              {t("Decline")}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
