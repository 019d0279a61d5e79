import {
  Avatar,
  Breadcrumbs,
  Burger,
  Group,
  Indicator,
  Menu,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconBuilding,
  IconChevronDown,
  IconCreditCard,
  IconDevices,
  IconLogout,
  IconMailExclamation,
  IconSettings,
  IconUser,
} from "@tabler/icons-react";
import { useMatches } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../features/auth/api/get-user.ts";
import { useResendConfirmation } from "../../features/auth/components/confirm-email-notice.tsx";
import { useForm } from "../../features/forms/api/get-form.ts";
import { HelpMenu } from "../../features/pages/components/help-menu.tsx";
import { SearchBox } from "../../features/search/components/search-box.tsx";
import { SubmissionsPopover } from "../../features/submissions/components/submissions-popover.tsx";
import { TourButton } from "../../features/tours/components/tour-button.tsx";
import { logout, logoutEverywhere } from "../../lib/api-client.ts";
import { AnchorLink, MenuItemLink } from "../../lib/router-links.tsx";

export function TopBar({
  sidebarOpened,
  onToggleSidebar,
}: {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const resend = useResendConfirmation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={sidebarOpened}
          onClick={onToggleSidebar}
          size="sm"
          aria-label={sidebarOpened ? t("Close the menu") : t("Open the menu")}
        />
        <Text fw={700} c="indigo" visibleFrom="xs">
          Formloom
        </Text>
        <PageBreadcrumbs />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user && <TourButton />}
        {user && <SearchBox hasAccount={Boolean(user.account)} />}
        {user && <HelpMenu hasAccount={Boolean(user.account)} isAdmin={user.isAccountAdmin} />}
        {user?.account && <SubmissionsPopover />}
        <Menu position="bottom-end" width={240} withinPortal>
          <Menu.Target>
            {/* Named by what it shows (the initials aside) and what it is, so the name a voice user
                says and the text on screen agree. */}
            <UnstyledButton>
              <Group gap={6} wrap="nowrap">
                {/* A dot while the e-mail address waits for confirmation: the reminder is in the menu. */}
                <Indicator color="orange" size={10} offset={3} disabled={user?.emailConfirmed !== false}>
                  {/* The initials are a picture of the name beside them. */}
                  <Avatar size={30} radius="xl" color="indigo" src={user?.avatar} aria-hidden>
                    {user?.username.slice(0, 2).toUpperCase()}
                  </Avatar>
                </Indicator>
                <Text size="sm" fw={500} visibleFrom="sm">
                  {user?.username}
                </Text>
                <VisuallyHidden>{t("User menu")}</VisuallyHidden>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              <Text size="sm" fw={600} c="dark">
                {user?.username}
              </Text>
              <Text size="xs" c="dimmed">
                {user?.email}
              </Text>
              {user?.account && (
                <Text size="xs" c="dimmed">
                  {t("Account")}: {user.account.name}
                </Text>
              )}
            </Menu.Label>
            {user && !user.emailConfirmed && (
              <Menu.Item
                color="orange"
                leftSection={<IconMailExclamation size={16} />}
                onClick={() => resend.mutate()}
                disabled={resend.isPending || resend.isSuccess}
              >
                <Text size="sm" fw={500} inherit>
                  {t("Your e-mail address is not confirmed")}
                </Text>
                <Text size="xs" c="dimmed">
                  {resend.isSuccess ? t("The link is on its way.") : t("Send the link again")}
                </Text>
              </Menu.Item>
            )}
            <Menu.Divider />
            <MenuItemLink to="/user/view" leftSection={<IconUser size={16} />}>
              {t("Profile")}
            </MenuItemLink>
            {user?.account && (
              <MenuItemLink to="/account" leftSection={<IconBuilding size={16} />}>
                {t("Account info")}
              </MenuItemLink>
            )}
            {user?.account && (
              <MenuItemLink to="/account/billing" leftSection={<IconCreditCard size={16} />}>
                {t("Billing")}
              </MenuItemLink>
            )}
            <MenuItemLink to="/user/settings" leftSection={<IconSettings size={16} />}>
              {t("Settings")}
            </MenuItemLink>
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={logout}>
              {t("Log out")}
            </Menu.Item>
            <Menu.Item leftSection={<IconDevices size={16} />} onClick={() => void logoutEverywhere()}>
              {t("Sign out everywhere")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}

const FORM_ROUTE_ID = "/layout/account/forms/$id";

/** Home, then each matched route with a title; a form's pages add All forms and the form's title. */
function PageBreadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs: ReactNode[] = [];
  for (const match of matches) {
    if (match.routeId === FORM_ROUTE_ID) {
      const { id } = match.params as { id: number };
      crumbs.push(
        <AnchorLink key="all" to="/forms/all" size="sm">
          {t("All forms")}
        </AnchorLink>,
        <FormCrumb key="form" formId={id} />,
      );
    } else if (match.staticData.title && match.pathname !== "/") {
      crumbs.push(
        <Text key={match.id} size="sm" c="dimmed" truncate>
          {t(match.staticData.title, match.params)}
        </Text>,
      );
    }
  }
  return (
    <Breadcrumbs
      component="nav"
      aria-label={t("Breadcrumb")}
      visibleFrom="sm"
      separatorMargin={6}
      style={{ flexWrap: "nowrap", minWidth: 0 }}
    >
      <AnchorLink to="/" size="sm">
        {t("Home")}
      </AnchorLink>
      {crumbs}
    </Breadcrumbs>
  );
}

function FormCrumb({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const { data } = useForm(formId);
  return (
    <AnchorLink to="/forms/$id/overview" params={{ id: formId }} size="sm" maw={220} truncate>
      {data?.form.title || t("Untitled form")}
    </AnchorLink>
  );
}
