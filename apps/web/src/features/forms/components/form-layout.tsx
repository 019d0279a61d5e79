import { Alert, Group, Loader, Stack, Tabs, Title } from "@mantine/core";
import { getRouteApi, Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { useCan } from "../../auth/api/get-user.ts";
import { useForm } from "../api/get-form.ts";
import { ClosedNotice, FormStatusBadge } from "./closed-notice.tsx";

const route = getRouteApi("/layout/account/forms/$id");

/** The tabs of a form's pages that exist so far. */
const TABS = [
  { value: "overview", label: msg("Overview") },
  { value: "edit", label: msg("Edit") },
  { value: "publishing", label: msg("Publishing") },
  { value: "results", label: msg("Results") },
  { value: "page-interactions", label: msg("Page interactions") },
  { value: "permissions", label: msg("Permissions") },
  { value: "emails", label: msg("E-mails") },
  { value: "rules", label: msg("Rules") },
  { value: "webhooks", label: msg("Webhooks") },
  { value: "visualization", label: msg("Visualization") },
  { value: "fields-analysis", label: msg("Fields analysis") },
] as const;

/**
 * The builder opens read-only for a member without the right to edit; its tab is still there, so
 * the page they are on is marked, and it says it only shows the form.
 */
const tabLabel = (tab: (typeof TABS)[number], mayEdit: boolean) =>
  tab.value === "edit" && !mayEdit ? msg("View") : tab.label;

/** A form's pages: its title, the form tab bar, and the page. */
export function FormLayout() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const navigate = useNavigate();
  const { data, error, isPending } = useForm(id);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const can = useCan();
  const tabs = TABS.filter(
    (tab) =>
      (tab.value !== "permissions" || can("permissions.manage")) &&
      (tab.value !== "emails" || can("forms.edit")) &&
      (tab.value !== "webhooks" || can("forms.edit")) &&
      (tab.value !== "results" || can("results.view")) &&
      (tab.value !== "page-interactions" || can("results.view")) &&
      (tab.value !== "fields-analysis" || can("results.view")) &&
      (tab.value !== "visualization" || can("results.view")),
  );
  // The page's first segment after the form's id names its tab (publishing/web-site/1/edit is publishing).
  const section = /\/forms\/[^/]+\/([^/]+)/.exec(pathname)?.[1];
  const current = tabs.find((tab) => tab.value === section)?.value ?? "overview";

  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {data.form.title || t("Untitled form")}
        </Title>
        <FormStatusBadge form={{ isPublished: data.form.isPublished, closed: Boolean(data.form.closed) }} />
      </Group>
      <Tabs
        value={current}
        onChange={(value) =>
          value &&
          void navigate({ to: `/forms/$id/${value as (typeof TABS)[number]["value"]}`, params: { id } })
        }
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {t(tabLabel(tab, data.rights.edit))}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {(current === "overview" || current === "results") && <ClosedNotice closed={data.form.closed} />}
      <Outlet />
    </Stack>
  );
}
