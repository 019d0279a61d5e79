import { Badge, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
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
