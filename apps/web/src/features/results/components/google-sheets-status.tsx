import type { TGoogleAccount } from "@formloom/core/api/exports";
import { Alert, Button, Group, Loader, Text } from "@mantine/core";
import { IconBrandGoogle, IconCircleCheck, IconPlugConnectedX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { connectGoogle, useDisconnectGoogle } from "../api/google-account.ts";

/** Connect the Google account: to Google's consent page and back to this dialog. */
export function ConnectGoogleButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Group>
        <Button
          leftSection={<IconBrandGoogle size={16} />}
          loading={busy}
          onClick={() => {
            setBusy(true);
            setError(null);
            connectGoogle().catch((failure: unknown) => {
              setBusy(false);
              setError(errorText(failure));
            });
          }}
        >
          {label ?? t("Connect Google account")}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
    </>
  );
}

/**
 * The Google Sheets destination's state: not set up on this server, not connected (with a way
 * to connect), or connected (with a way to disconnect).
 */
export function GoogleSheetsStatus({ account }: { account: TGoogleAccount | undefined }) {
  const { t } = useTranslation();
  const disconnect = useDisconnectGoogle();
  if (!account) return <Loader size="sm" aria-label={t("Checking the Google account")} />;
  if (!account.configured) return <Alert color="gray">{messageText("export.google.not_configured")}</Alert>;
  if (!account.connected) {
    return (
      <Alert
        color="yellow"
        icon={<IconPlugConnectedX size={18} />}
        title={t("Google account not connected")}
        // Dark text on the light yellow: Mantine's yellow title is too pale to read (under 4.5:1).
        styles={{ title: { color: "var(--mantine-color-text)" } }}
      >
        <Text size="sm" mb="sm">
          {t(
            "Connect your Google account to export to Google Sheets. Formloom may only create and fill spreadsheets.",
          )}
        </Text>
        <ConnectGoogleButton />
      </Alert>
    );
  }
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
        <Text size="sm">{t("Google account connected. A new spreadsheet will be created.")}</Text>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        loading={disconnect.isPending}
        onClick={() => disconnect.mutate()}
      >
        {t("Disconnect")}
      </Button>
    </Group>
  );
}
