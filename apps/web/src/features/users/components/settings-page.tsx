import { LOCALES } from "@formloom/core/api/auth";
import { Alert, Button, Group, Paper, Select, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, msg } from "../../../i18n/i18n.ts";
import { openConfirmModal } from "../../../lib/confirm-modal.ts";
import { fieldErrors } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { session } from "../../../lib/session.ts";
import { useUser } from "../../auth/api/get-user.ts";
import { useUpdateSettings } from "../../auth/api/update-settings.ts";
import { ChangePassword } from "./change-password.tsx";
import type { SettingsTab } from "./settings-tabs.ts";

/** The browser's zones, UTC first: its list names only places, and UTC is the usual default. */
const TIME_ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
const CURRENCIES = Intl.supportedValuesOf("currency");

const settingsRoute = getRouteApi("/layout/user/settings");

/**
 * user/settings: general (language, time zone, currency), the password, and clearing this
 * browser's cache; the open tab is in the address (?tab=password), so it can be linked to.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { tab } = settingsRoute.useSearch();
  const navigate = settingsRoute.useNavigate();
  return (
    <Stack maw={640}>
      <Title order={2}>{t("Settings")}</Title>
      <Tabs
        value={tab ?? "general"}
        onChange={(value) => value && void navigate({ search: { tab: value as SettingsTab }, replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="general">{t("General")}</Tabs.Tab>
          <Tabs.Tab value="password">{t("Password")}</Tabs.Tab>
          <Tabs.Tab value="clear_cache">{t("Clear cache")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <GeneralSettings />
        </Tabs.Panel>
        <Tabs.Panel value="password" pt="md">
          <ChangePassword />
        </Tabs.Panel>
        <Tabs.Panel value="clear_cache" pt="md">
          <ClearCache />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function GeneralSettings() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const update = useUpdateSettings(user?.id ?? 0);
  const [draft, setDraft] = useState<{ locale?: string; timezone?: string; currency?: string }>({});
  if (!user) return null;
  const values = { locale: user.locale, timezone: user.timezone, currency: user.currency, ...draft };
  const errors = fieldErrors(update.error);
  const changed = Object.entries(draft).some(([key, value]) => value !== user[key as keyof typeof draft]);

  const save = () =>
    update.mutate(draft as Parameters<typeof update.mutate>[0], {
      onSuccess: () => {
        setDraft({});
        // Said in the language just chosen: the toast translates itself as it is drawn.
        notifySuccess(msg("Saved"));
      },
      onError: notifyError,
    });

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Select
          label={t("Language")}
          data={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
          value={values.locale}
          error={errors.locale}
          allowDeselect={false}
          onChange={(locale) => locale && setDraft((d) => ({ ...d, locale }))}
        />
        <Select
          label={t("Time zone")}
          // A zone saved elsewhere under a name this browser lists otherwise is still shown.
          data={
            !values.timezone || TIME_ZONES.includes(values.timezone)
              ? TIME_ZONES
              : [values.timezone, ...TIME_ZONES]
          }
          searchable
          value={values.timezone}
          error={errors.timezone}
          allowDeselect={false}
          onChange={(timezone) => timezone && setDraft((d) => ({ ...d, timezone }))}
        />
        <Select
          label={t("Currency")}
          data={CURRENCIES}
          searchable
          value={values.currency}
          error={errors.currency}
          allowDeselect={false}
          onChange={(currency) => currency && setDraft((d) => ({ ...d, currency }))}
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} disabled={!changed}>
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Forgets what this browser keeps besides the sign-in: cached data and layout choices. */
function ClearCache() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = () =>
    openConfirmModal({
      title: t("Clear the cache?"),
      children: (
        <Text size="sm">
          {t("Cached data and layout choices in this browser are forgotten. You stay signed in.")}
        </Text>
      ),
      labels: { confirm: t("Clear cache"), cancel: t("Cancel") },
      onConfirm: () => {
        const tokens = { token: session.token(), refresh_token: session.refreshToken() };
        localStorage.clear();
        if (tokens.token && tokens.refresh_token)
          session.store({ token: tokens.token, refresh_token: tokens.refresh_token });
        queryClient.clear();
        notifySuccess(msg("The cache was cleared"));
      },
    });
  return (
    <Paper withBorder p="lg">
      <Stack align="flex-start">
        <Alert variant="light">
          {t("Clearing the cache helps when pages show stale data. You stay signed in.")}
        </Alert>
        <Button variant="light" color="red" onClick={confirm}>
          {t("Clear cache")}
        </Button>
      </Stack>
    </Paper>
  );
}
