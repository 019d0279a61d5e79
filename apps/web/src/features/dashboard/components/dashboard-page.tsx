import { Badge, Box, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useInViewport } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useCan, useUser } from "../../auth/api/get-user.ts";
import { ConfirmEmailNotice } from "../../auth/components/confirm-email-notice.tsx";
import { useForms } from "../../forms/api/get-forms.ts";
import { todayIn } from "../api/get-submission-days.ts";
import { PopularActions } from "./popular-actions.tsx";
import { SubmissionsCalendar } from "./submissions-calendar.tsx";

/**
 * The dashboard (platform.md §2): popular actions, the calendar of submissions, the account's
 * analytics over its forms, and the forms with the newest submissions.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const can = useCan();
  const { data: forms } = useForms(can("forms.view"));

  if (!user?.account) {
    return (
      <Paper withBorder p="xl" maw={560} mx="auto" mt="md">
        <ConfirmEmailNotice />
        <Title order={2} mt="md">
          {t("Welcome, {{name}}!", { name: user?.username })}
        </Title>
        <Text c="dimmed" my="md">
          {t("Create an account to build forms with your team.")}
        </Text>
        <ButtonLink to="/user/create_account">{t("Create account")}</ButtonLink>
      </Paper>
    );
  }

  if (!can("forms.view")) {
    return (
      <Paper withBorder p="xl" maw={560} mx="auto" mt="md">
        <Title order={2}>{t("Welcome, {{name}}!", { name: user.firstName || user.username })}</Title>
        <Text c="dimmed" mt="md">
          <MissingFormsRight account={user.account.name} groups={user.groups.map((group) => group.name)} />
        </Text>
      </Paper>
    );
  }

  const recent = [...(forms ?? [])]
    .filter((f) => f.lastAnsweredDate)
    .sort((a, b) => (b.lastAnsweredDate ?? "").localeCompare(a.lastAnsweredDate ?? ""))
    .slice(0, 5);
  const unread = (forms ?? []).reduce((sum, f) => sum + (f.newAnswerCount ?? 0), 0);
  const firstStep = forms?.length === 0 && can("forms.create");
  const mayReadResults = can("results.view");
  const today = todayIn(user.timezone);

  return (
    <Stack>
      <ConfirmEmailNotice />
      <Title order={2}>{t("Welcome, {{name}}!", { name: user.firstName || user.username })}</Title>
      {firstStep && <FirstStep />}
      <Group grow align="stretch" gap="md">
        <Paper withBorder p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t("Forms")}
          </Text>
          <Text size="xl" fw={700}>
            {forms?.length ?? "—"}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t("Unread submissions")}
          </Text>
          <Text size="xl" fw={700}>
            {unread}
          </Text>
        </Paper>
      </Group>
      <PopularActions latestFormId={recent[0]?.id} />
      {mayReadResults && <SubmissionsCalendar today={today} />}
      {mayReadResults && <AnalyticsWhenShown today={today} />}
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t("Latest submissions")}
        </Title>
        {recent.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("No submissions yet.")}
          </Text>
        ) : (
          <Stack gap="xs">
            {recent.map((form) => (
              <Group key={form.id} justify="space-between">
                <AnchorLink to="/forms/$id/results" params={{ id: form.id }}>
                  {form.title}
                </AnchorLink>
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {t("{{count}} submissions", { count: form.answerCount ?? 0 })}
                  </Text>
                  {(form.newAnswerCount ?? 0) > 0 && (
                    <Badge size="sm">{t("{{count}} unread", { count: form.newAnswerCount })}</Badge>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

const AccountAnalytics = lazy(() =>
  import("./account-analytics.tsx").then((module) => ({ default: module.AccountAnalytics })),
);

/**
 * The account's analytics, whose code (and its chart's library) is fetched once their place
 * scrolls into view: the dashboard's first paint never waits for them.
 */
function AnalyticsWhenShown({ today }: { today: string }) {
  const { ref, inViewport } = useInViewport();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (inViewport) setShown(true);
  }, [inViewport]);
  const placeholder = <Box mih={260} />;
  return (
    <div ref={ref}>
      {shown ? (
        <Suspense fallback={placeholder}>
          <AccountAnalytics today={today} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** A new account's one clear next step: its first form. */
function FirstStep() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" bg="var(--mantine-color-indigo-0)">
      <Stack gap="xs" align="flex-start">
        <Title order={3}>{t("Start with your first form")}</Title>
        <Text size="sm">
          {t(
            "Add questions, publish the form and share its link: the answers arrive here and under Results.",
          )}
        </Text>
        <ButtonLink to="/forms/add_new" size="md" leftSection={<IconPlus size={18} />}>
          {t("Create your first form")}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}

/**
 * Why a member sees no forms: with no group, that they need one; in groups, which groups they are
 * and the right those lack, so the admin is asked for the right and not for another group.
 */
function MissingFormsRight({ account, groups }: { account: string; groups: string[] }) {
  const { t, i18n } = useTranslation();
  if (groups.length === 0) {
    return t(
      "You are a member of {{account}}. Its admin has not given you any rights yet: ask them to add you to a group.",
      { account },
    );
  }
  if (groups.length === 1) {
    return t(
      "You are a member of {{account}}. Your group {{group}} gives no rights on forms. Ask an account admin for the right to view forms.",
      { account, group: groups[0] },
    );
  }
  return t(
    "You are a member of {{account}}. Your groups {{groups}} give no rights on forms. Ask an account admin for the right to view forms.",
    { account, groups: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(groups) },
  );
}
