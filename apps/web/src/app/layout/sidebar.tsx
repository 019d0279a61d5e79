import type { Permission } from "@formloom/core/permissions";
import { Box, NavLink, Stack, Text } from "@mantine/core";
import {
  IconApi,
  IconBuildingCommunity,
  IconBuildingStore,
  IconChartRadar,
  IconDatabase,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLinkPlus,
  IconList,
  IconLock,
  IconMailPlus,
  IconPalette,
  IconPlus,
  IconTemplate,
  IconUser,
  IconUsersGroup,
  IconWebhook,
} from "@tabler/icons-react";
import { Link, useRouterState } from "@tanstack/react-router";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../features/auth/api/get-user.ts";
import { useUnfinished } from "../../features/forms/components/editor/local-drafts.ts";
import { NavLinkLink } from "../../lib/router-links.tsx";

/** How many forms with unfinished editing the menu lists (newest first); the rest wait their turn. */
const MAX_UNFINISHED = 5;

/** Marks unfinished form creation or editing (platform.md §2). */
function UnfinishedDot() {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      role="img"
      aria-label={t("Not saved yet")}
      title={t("Not saved yet")}
      w={8}
      h={8}
      bg="orange.8"
      style={{ borderRadius: "50%", display: "inline-block", flex: "none" }}
    />
  );
}

/** The route menu for users with an account; only the Create account link for those without. */
export function Sidebar() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const unfinished = useUnfinished(user?.id);

  if (!user?.account) {
    return (
      <Stack p="sm" gap={4}>
        <Text size="sm" c="dimmed" px="sm" pb="xs">
          {t("Create an account to build forms with your team.")}
        </Text>
        <NavLink
          component={Link}
          to="/user/create_account"
          label={t("Create account")}
          leftSection={<IconBuildingCommunity size={18} />}
          active={pathname === "/user/create_account"}
        />
      </Stack>
    );
  }

  const can = (permission: Permission) => user.permissions.includes(permission);
  // Only what the user may open: the server refuses the rest anyway.
  const items = [
    { to: "/", label: t("Dashboard"), icon: IconLayoutDashboard, active: pathname === "/", shown: true },
    {
      to: "/forms/all",
      label: t("All forms"),
      icon: IconList,
      active: pathname.startsWith("/forms/") && pathname !== "/forms/add_new",
      shown: can("forms.view"),
    },
    {
      to: "/forms/add_new",
      label: t("Create form"),
      icon: IconPlus,
      active: pathname === "/forms/add_new",
      shown: can("forms.create"),
    },
    {
      to: "/templates/forms",
      label: t("Form templates"),
      icon: IconTemplate,
      active: pathname === "/templates/forms",
      shown: can("forms.create"),
    },
    {
      to: "/templates/themes",
      label: t("Theme templates"),
      icon: IconPalette,
      active: pathname === "/templates/themes",
      shown: can("forms.edit"),
    },
    {
      to: "/form-chains/all",
      label: t("Form chains"),
      icon: IconLinkPlus,
      active: pathname.startsWith("/form-chains/"),
      shown: can("forms.edit"),
    },
    {
      to: "/segments/all",
      label: t("Segments"),
      icon: IconChartRadar,
      active: pathname.startsWith("/segments/"),
      shown: can("results.view"),
    },
    {
      to: "/webhooks/all",
      label: t("Webhooks"),
      icon: IconWebhook,
      active: pathname === "/webhooks/all",
      shown: can("forms.edit"),
    },
    {
      to: "/users/all",
      label: t("Users"),
      icon: IconUser,
      active: pathname.startsWith("/users/"),
      shown: can("users.view"),
    },
    {
      to: "/groups/all",
      label: t("Groups"),
      icon: IconUsersGroup,
      active: pathname.startsWith("/groups/"),
      shown: can("groups.view"),
    },
    {
      to: "/permissions/functional",
      label: t("Functional permissions"),
      icon: IconLock,
      active: pathname === "/permissions/functional",
      shown: can("permissions.manage"),
    },
    {
      to: "/permissions/data",
      label: t("Data permissions"),
      icon: IconDatabase,
      active: pathname === "/permissions/data",
      shown: can("permissions.manage"),
    },
    {
      to: "/invitations/all",
      label: t("Invitations"),
      icon: IconMailPlus,
      active: pathname.startsWith("/invitations/"),
      shown: can("invitations.view"),
    },
    {
      to: "/external-apps/all",
      label: t("External apps"),
      icon: IconApi,
      active: pathname.startsWith("/external-apps/"),
      shown: can("external_apps.manage"),
    },
    {
      to: "/marketplace/services",
      label: t("Marketplace"),
      icon: IconBuildingStore,
      active: pathname.startsWith("/marketplace/") || pathname === "/account/services",
      shown: true,
    },
    {
      to: "/support/all",
      label: t("Support"),
      icon: IconHelpCircle,
      active: pathname.startsWith("/support/"),
      shown: true,
    },
  ] as const;
  const editing = unfinished.filter((draft) => draft.slot !== "new");
  const creating = unfinished.some((draft) => draft.slot === "new");
  return (
    // The browser's own scrolling: Mantine's ScrollArea drew the same list with 5 KB more script
    // on every signed-in page.
    <Box p="sm" style={{ flex: 1, minHeight: 0, overflowY: "auto" }}>
      <Stack gap={4} component="nav" aria-label={t("Main menu")}>
        {items
          .filter((item) => item.shown)
          .map((item) => (
            <Fragment key={item.to}>
              <NavLink
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} />}
                rightSection={
                  (item.to === "/forms/add_new"
                    ? creating
                    : item.to === "/forms/all" && editing.length > 0) && <UnfinishedDot />
                }
                active={item.active}
              />
              {/* The forms with changes kept in this browser, not yet saved: back to each in one click. */}
              {item.to === "/forms/all" &&
                editing
                  .slice(0, MAX_UNFINISHED)
                  .map((draft) => (
                    <NavLinkLink
                      key={draft.slot}
                      to="/forms/$id/edit"
                      params={{ id: draft.slot as number }}
                      label={draft.title || t("Untitled form")}
                      description={t("Unfinished editing")}
                      leftSection={<UnfinishedDot />}
                      active={pathname === `/forms/${draft.slot}/edit`}
                      pl="xl"
                      data-testid="unfinished-form"
                    />
                  ))}
            </Fragment>
          ))}
      </Stack>
    </Box>
  );
}
