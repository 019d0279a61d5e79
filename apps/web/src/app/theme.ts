import {
  Badge,
  type CSSVariablesResolver,
  createTheme,
  type MantineThemeOverride,
  mergeThemeOverrides,
  Notification,
} from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

export const theme = createTheme({
  primaryColor: "indigo",
  // Indigo 6 gives links and white button text 4.3:1; shade 8 reads at 5:1 and more (WCAG AA).
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontWeight: "650" },
  // Pop-ups, drawers and menus appear at once for a person who asked their system for less motion.
  respectReducedMotion: true,
  components: {
    // A status word is short in English and long in Russian: a badge grows rather than clips it.
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, overflow: "visible" },
        label: { overflow: "visible", textOverflow: "clip" },
      },
    }),
  },
});

/**
 * Secondary ("dimmed") text at 4.5:1 or more on white and light grey, where Mantine's gray 6 gives
 * 3.3:1; the words of light green and grey badges ("Published", "Unpublished"), which read at
 * 3.2:1 and 3:1 on their own tints, at 5.6:1 and 7:1; and a field's error (with its red border) at
 * 5.4:1, where Mantine's red 6 gives 3.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-green-light-color": "#237032",
    "--mantine-color-gray-light-color": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {},
});

/**
 * The theme with the words Mantine draws itself in the interface language: every toast's close
 * button (those of notifications.show too) is named "Close" for screen readers, and renamed when
 * the language changes.
 */
export function useLocalizedTheme(): MantineThemeOverride {
  const { t } = useTranslation();
  const close = t("Close");
  return useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: Notification.extend({ defaultProps: { closeButtonProps: { "aria-label": close } } }),
        },
      }),
    [close],
  );
}
