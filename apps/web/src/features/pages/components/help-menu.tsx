import { ActionIcon, Menu } from "@mantine/core";
import { IconExternalLink, IconHelp, IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { MenuItemLink } from "../../../lib/router-links.tsx";
import { useHelpMenu } from "../api/pages.ts";

/** The top bar's Help dropdown: the account's help links, and for admins where to change them. */
export function HelpMenu({ hasAccount, isAdmin }: { hasAccount: boolean; isAdmin: boolean }) {
  const { t } = useTranslation();
  const menu = useHelpMenu(hasAccount);
  const links = menu.data?.pageMenuLinks ?? [];
  if (!hasAccount) return null;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("Help")} data-tour="help">
          <IconHelp size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("Help")}</Menu.Label>
        {links.length === 0 && <Menu.Item disabled>{t("No help links yet")}</Menu.Item>}
        {links.map((link) =>
          link.typeMachineName === "internal_alias" ? (
            <MenuItemLink key={link.id} to="/page/$alias" params={{ alias: link.href }}>
              {link.text}
            </MenuItemLink>
          ) : (
            <Menu.Item
              key={link.id}
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={14} />}
            >
              {link.text}
            </Menu.Item>
          ),
        )}
        {isAdmin && (
          <>
            <Menu.Divider />
            <MenuItemLink to="/account/pages" leftSection={<IconSettings size={16} />}>
              {t("Pages and help menu")}
            </MenuItemLink>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
