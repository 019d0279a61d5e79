import { Badge, type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Indigo 6 gives links and white button text 4.3:1; shade 8 reads at 5:1 and more (WCAG AA).
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontWeight: "650" },
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

/** Secondary ("dimmed") text at 4.5:1 or more on white and light grey, where Mantine's gray 6 gives 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});
