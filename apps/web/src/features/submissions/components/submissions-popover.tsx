import { ActionIcon, Badge, Box, Group, Indicator, Popover, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useUser } from "../../auth/api/get-user.ts";
import { POLL_INTERVAL_MS, SLOW_POLL_INTERVAL_MS, useNewAnswerCount } from "../api/get-new-count.ts";
import { useRecentNew } from "../api/get-recent-new.ts";

/** Asked only when another device took the session: downloaded then. */
const SessionEndedDialog = lazy(() => import("./session-ended-dialog.tsx"));

/** The top bar's bell: unread submissions by form, kept fresh by polling. */
export function SubmissionsPopover() {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery("(max-width: 580px)") ?? false;
  const [interval, setPollInterval] = useState(POLL_INTERVAL_MS);
  const [conflict, setConflict] = useState(false);
  const [opened, setOpened] = useState(false);
  const { data: user } = useUser();
  // Intl alone: the app's full formatter would bring the form model into every page's top bar.
  const moment = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "short",
    timeStyle: "short",
    ...(user?.timezone ? { timeZone: user.timezone } : {}),
  });
  const { data, error, errorUpdatedAt } = useNewAnswerCount(interval);
  // While the list is open, each form's submissions since this user last opened its results.
  const recent = useRecentNew(
    (data?.forms ?? []).map((form) => form.formId),
    interval,
    opened && !conflict,
  );
  const recentError = recent.find((query) => query.error)?.error;
  const recentErrorAt = Math.max(0, ...recent.map((query) => query.errorUpdatedAt));

  // A 401 while polling means this session was ended elsewhere: ask before doing anything.
  // Each failed poll asks again; "Stay here" only slows the polling down.
  useEffect(() => {
    if (errorUpdatedAt && error instanceof ApiError && error.status === 401) setConflict(true);
  }, [error, errorUpdatedAt]);
  useEffect(() => {
    if (recentErrorAt && recentError instanceof ApiError && recentError.status === 401) setConflict(true);
  }, [recentError, recentErrorAt]);

  const count = data?.count ?? 0;
  return (
    <>
      {/* The indicator wraps the whole pop-over so the button, not the badge's box, gets its state. */}
      <Indicator label={count > 99 ? "99+" : count} size={18} disabled={count === 0} offset={4}>
        <Popover
          width={narrow ? "calc(100vw - 24px)" : 700}
          position="bottom-end"
          shadow="md"
          withinPortal
          opened={opened}
          onChange={setOpened}
          // By keyboard: the focus goes into the list and comes back to the bell on Escape.
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setOpened((o) => !o)}
              aria-label={t("New submissions: {{count}}", { count })}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              <Text fw={600}>{t("New submissions")}</Text>
              {count === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("No new submissions")}
                </Text>
              ) : (
                <Box mah={320} style={{ overflowY: "auto" }}>
                  <Stack gap={6}>
                    {data?.forms.map((form, index) => {
                      const since = recent[index]?.data;
                      return (
                        <Group key={form.formId} justify="space-between" wrap="nowrap" gap="xs">
                          <Stack gap={0} style={{ minWidth: 0 }}>
                            <AnchorLink
                              to="/forms/$id/results"
                              params={{ id: form.formId }}
                              size="sm"
                              truncate
                              onClick={() => setOpened(false)}
                            >
                              {form.title}
                            </AnchorLink>
                            {since && since.count > 0 && (
                              <Text size="xs" c="dimmed" data-testid="recent-new">
                                {since.since
                                  ? t("{{count}} new since you last looked", { count: since.count })
                                  : t("{{count}} new, results not opened yet", { count: since.count })}
                                {since.latestAt &&
                                  ` · ${t("latest {{time}}", { time: moment.format(new Date(since.latestAt)) })}`}
                              </Text>
                            )}
                          </Stack>
                          <Badge size="sm" style={{ flexShrink: 0 }}>
                            {t("{{count}} unread", { count: form.newAnswerCount })}
                          </Badge>
                        </Group>
                      );
                    })}
                  </Stack>
                </Box>
              )}
              <ButtonLink
                to="/forms/all"
                variant="light"
                size="xs"
                style={{ alignSelf: "flex-start" }}
                onClick={() => setOpened(false)}
              >
                {t("All forms")}
              </ButtonLink>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Indicator>
      {conflict && (
        <Suspense fallback={null}>
          <SessionEndedDialog
            onStay={() => {
              setConflict(false);
              setPollInterval(SLOW_POLL_INTERVAL_MS);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
