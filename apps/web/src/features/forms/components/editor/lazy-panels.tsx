import { Center, Loader, VisuallyHidden } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";

/**
 * The side panel's tabs that are not open when the builder appears (Settings is), and the
 * Settings groups that start closed: their code, about a third of the builder's, comes in files
 * of their own. Each is fetched when first shown, or before, by `preloadPanels` as soon as the
 * builder is pointed at or focused.
 */
const panels = {
  settingsGroups: () => import("./form-settings/closed-sections.tsx"),
  element: () => import("./element-settings/element-settings.tsx"),
  theming: () => import("./theming-panel.tsx"),
  layout: () => import("./layout/layout-panel.tsx"),
  results: () => import("./result-calculations/result-calculations-panel.tsx"),
  questions: () => import("./questions-database-panel.tsx"),
};

export const ElementSettings = lazy(() => panels.element().then((m) => ({ default: m.ElementSettings })));
export const ThemingPanel = lazy(() => panels.theming().then((m) => ({ default: m.ThemingPanel })));
export const LayoutPanel = lazy(() => panels.layout().then((m) => ({ default: m.LayoutPanel })));
export const ResultCalculationsPanel = lazy(() =>
  panels.results().then((m) => ({ default: m.ResultCalculationsPanel })),
);
export const QuestionsDatabasePanel = lazy(() =>
  panels.questions().then((m) => ({ default: m.QuestionsDatabasePanel })),
);

type SettingsGroups = Awaited<ReturnType<typeof panels.settingsGroups>>;

/** One of the Settings groups that start closed. */
export function settingsGroup(name: keyof SettingsGroups) {
  return lazy(() => panels.settingsGroups().then((m) => ({ default: m[name] })));
}

/** Fetches every panel's code in the background (each file once), so opening a tab rarely waits. */
export function preloadPanels() {
  for (const load of Object.values(panels)) load().catch(() => undefined);
}

/** A panel, with a spinner in its place while its code arrives. */
export function PanelCode({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PanelLoading />}>{children}</Suspense>;
}

/** The spinner a panel shows while its code, or what it lists, is on its way. */
export function PanelLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
      <VisuallyHidden>{t("Loading…")}</VisuallyHidden>
    </Center>
  );
}
