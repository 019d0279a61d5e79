import { AppShell, Box } from "@mantine/core";
import { useLocalStorage, useMediaQuery } from "@mantine/hooks";
import { Outlet, useMatches } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../features/auth/api/get-user.ts";
import { applyLocale } from "../../i18n/i18n.ts";
import { Footer } from "./footer.tsx";
import { Sidebar } from "./sidebar.tsx";
import { TopBar } from "./top-bar.tsx";

/** The spec's mobile threshold: below it the sidebar closes by itself. */
export const MOBILE_QUERY = "(max-width: 1023px)";

export function AppLayout() {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [sidebarStatus, setSidebarStatus] = useLocalStorage<"open" | "closed">({
    key: "sidebarStatus",
    defaultValue: "open",
  });
  const matches = useMatches();
  const { data: user } = useUser();

  // The interface speaks the language of the user's settings.
  useEffect(() => {
    if (user) applyLocale(user.locale);
  }, [user]);
  // A title may name the page's own parameter, as a single result's "Submission #12" does.
  const titled = [...matches].reverse().find((m) => m.staticData.title);
  const title = titled?.staticData.title ? t(titled.staticData.title, titled.params) : null;

  useEffect(() => {
    document.title = title ? `${title} · Formloom` : "Formloom";
  }, [title]);

  // On mobile the sidebar is an overlay: it starts closed and closes after each navigation.
  const pathname = matches.at(-1)?.pathname;
  useEffect(() => {
    if (isMobile && pathname) setSidebarStatus("closed");
  }, [isMobile, pathname, setSidebarStatus]);

  const opened = sidebarStatus === "open";
  return (
    <AppShell
      header={{ height: { base: 80, sm: 56 } }}
      navbar={{ width: 240, breakpoint: 1024, collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar sidebarOpened={opened} onToggleSidebar={() => setSidebarStatus(opened ? "closed" : "open")} />
      </AppShell.Header>
      <AppShell.Navbar data-tour="menu">
        <Sidebar />
      </AppShell.Navbar>
      {/* The footer follows the page instead of floating over it: on a phone a fixed bar would
          cover the last lines of every long page. */}
      <AppShell.Main bg="var(--mantine-color-gray-0)" display="flex" style={{ flexDirection: "column" }}>
        <Box flex={1}>
          <Outlet />
        </Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
