import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { queryClient } from "./app/query-client.ts";
import { router } from "./app/router.tsx";
import { cssVariablesResolver, useLocalizedTheme } from "./app/theme.ts";
import { OnDemandHosts } from "./components/on-demand-hosts.tsx";
import { i18nReady } from "./i18n/i18n.ts";

function App() {
  return (
    <MantineProvider theme={useLocalizedTheme()} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <OnDemandHosts />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

// The first paint speaks the user's language: its texts are downloaded before it.
void i18nReady.then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
