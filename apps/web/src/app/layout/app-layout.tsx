import { AppShell, Box } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Outlet, useMatches } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../features/auth/api/get-user.ts";
import { applyLocale } from "../../i18n/i18n.ts";
import classes from "./app-layout.module.css";
import { Footer } from "./footer.tsx";
import { Sidebar } from "./sidebar.tsx";
import { TopBar } from "./top-bar.tsx";

/** The spec's mobile threshold: below it the sidebar closes by itself. */
export const MOBILE_QUERY = "(max-width: 1023px)";

type SidebarStatus = "open" | "closed";
const SIDEBAR_STATUS = "sidebarStatus";
const storedStatus = (): SidebarStatus => {
  try {
    return localStorage.getItem(SIDEBAR_STATUS) === '"closed"' ? "closed" : "open";
  } catch {
    return "open";
  }
};

/**
 * The desktop's menu, open or closed, remembered in this browser as sidebarStatus (forms.md) and
 * followed from its other tabs. A few lines rather than a library's hook: they keep every
 * signed-in page's first load within its budget.
 */
function useSidebarStatus() {
  const [status, setStatus] = useState(storedStatus);
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === SIDEBAR_STATUS) setStatus(storedStatus());
    };
    addEventListener("storage", follow);
    return () => removeEventListener("storage", follow);
  }, []);
  const remember = (next: SidebarStatus) => {
    setStatus(next);
    try {
      localStorage.setItem(SIDEBAR_STATUS, JSON.stringify(next));
    } catch {
      // A browser that keeps nothing (private mode, storage full) still toggles the menu.
    }
  };
  // The first visit stores the default, as a choice would be.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the status read at the start.
  useEffect(() => remember(status), []);
  return [status, remember] as const;
}

/** How long the menu takes to open or close. */
const SLIDE_MS = 200;

export function AppLayout() {
  const { t } = useTranslation();
  // Read at the first render, so a phone never starts with the desktop's menu.
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  // The desktop's menu is a choice remembered across visits; the phone's is an overlay opened for
  // one use. Each has its own state, so a window narrowed to a phone's width never carries the
  // desktop's open menu over the page, and widening it back finds the desktop's choice unchanged.
  const [sidebarStatus, setSidebarStatus] = useSidebarStatus();
  const [phoneMenuOpened, setPhoneMenuOpened] = useState(false);
  // The menu slides, and the page with it, only when the user opens or closes it. Crossing the
  // threshold moves them at once: the style sheet's breakpoint changes their places in the very
  // frame the window's width changes, and a slide there would carry the desktop's menu across a
  // phone's page.
  const [slidSince, setSlidSince] = useState<number | null>(null);
  useEffect(() => {
    if (slidSince === null) return;
    const done = setTimeout(() => setSlidSince(null), SLIDE_MS + 100);
    return () => clearTimeout(done);
  }, [slidSince]);
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

  // The phone's menu closes after each navigation, and whenever the window changes sides of the
  // threshold.
  const pathname = matches.at(-1)?.pathname;
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are what close it, not what it reads.
  useEffect(() => setPhoneMenuOpened(false), [pathname, isMobile]);

  const desktopOpened = sidebarStatus === "open";
  const opened = isMobile ? phoneMenuOpened : desktopOpened;
  const toggle = () => {
    setSlidSince(Date.now());
    if (isMobile) setPhoneMenuOpened(!phoneMenuOpened);
    else setSidebarStatus(desktopOpened ? "closed" : "open");
  };
  return (
    <AppShell
      className={classes.shell}
      mod={{ sliding: slidSince !== null }}
      transitionDuration={SLIDE_MS}
      header={{ height: { base: 80, sm: 56 } }}
      navbar={{
        width: 240,
        breakpoint: 1024,
        collapsed: { mobile: !phoneMenuOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar sidebarOpened={opened} onToggleSidebar={toggle} />
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
