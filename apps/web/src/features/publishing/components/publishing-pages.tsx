import { Alert, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { getRouteApi, Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { msg, useCatalog } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useForm } from "../../forms/api/get-form.ts";
import { useUpdateForm } from "../../forms/api/update-form.ts";
import { CopyLink } from "../../forms/components/copy-link.tsx";
import { publicFormUrl } from "../../forms/public-link.ts";
import { ampEmailSnippet, htmlEmailSnippet, type SnippetForm } from "../snippets.ts";
import { QrCode } from "./qr-code.tsx";
import { SnippetBlock } from "./snippet-block.tsx";

const formRoute = getRouteApi("/layout/account/forms/$id");

/** The form of the page, as the snippets describe it: its shared link, title and language. */
export function usePublishedForm(): { id: number; form: SnippetForm | undefined; isPublished: boolean } {
  const { id } = formRoute.useParams();
  const { data } = useForm(id);
  // The snippets speak the form's language: its texts are downloaded, and the page drawn again.
  useCatalog(data?.form.language ?? "en");
  if (!data) return { id, form: undefined, isPublished: false };
  const link = data.form.publicLink ?? publicFormUrl(data.form.formPathAlias, data.form.account.subdomain);
  return {
    id,
    isPublished: data.form.isPublished,
    form: {
      link,
      embedLink: `${new URL(link).origin}/f/${encodeURIComponent(data.form.formPathAlias)}?a=${encodeURIComponent(data.form.account.subdomain)}`,
      title: data.form.title,
      description: data.form.description,
      language: data.form.language,
    },
  };
}

const SECTIONS = [
  { value: "link-to-page", label: msg("Link to page") },
  { value: "web-site", label: msg("Web site") },
  { value: "e-mail", label: msg("E-mail") },
] as const;

/** :id/publishing: where the form goes out, as a link, on a web site or in an e-mail. */
export function PublishingLayout() {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const { isPublished } = usePublishedForm();
  const update = useUpdateForm(id);
  const mayPublish = useForm(id).data?.rights.edit === true;
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current =
    SECTIONS.find((section) => pathname.includes(`/publishing/${section.value}`))?.value ?? "link-to-page";
  return (
    <Stack data-publishing>
      <Tabs
        variant="pills"
        value={current}
        onChange={(value) =>
          value &&
          void navigate({
            to: `/forms/$id/publishing/${value as (typeof SECTIONS)[number]["value"]}`,
            params: { id },
          })
        }
      >
        <Tabs.List aria-label={t("Publishing")}>
          {SECTIONS.map((section) => (
            <Tabs.Tab key={section.value} value={section.value}>
              {t(section.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {!isPublished && (
        <Alert color="yellow">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t("Respondents see that the form is closed until you publish it.")}</Text>
            {mayPublish && (
              <Button
                size="xs"
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    { isPublished: true },
                    { onSuccess: () => notifySuccess(msg("The form was published")), onError: notifyError },
                  )
                }
              >
                {t("Publish now")}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <Outlet />
    </Stack>
  );
}

/** publishing/link-to-page: the link to share, with copy and open, and its QR code. */
export function LinkToPagePage() {
  const { t } = useTranslation();
  const { form } = usePublishedForm();
  if (!form) return null;
  const fileName = new URL(form.link).pathname.split("/").pop() || "form";
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} style={{ alignItems: "start" }}>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t("Link to page")}</Title>
          <Text size="sm" c="dimmed">
            {t("Send this link in a message or post it anywhere: it opens the form on its own page.")}
          </Text>
          <CopyLink url={form.link} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t("QR code")}</Title>
          <QrCode url={form.link} fileName={fileName} />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/** publishing/e-mail: the form as an AMP e-mail, with the HTML part every mail client shows. */
export function EmailPage() {
  const { t } = useTranslation();
  const { id } = formRoute.useParams();
  const { data } = useForm(id);
  const { form } = usePublishedForm();
  if (!form || !data) return null;
  const colour = /^#[0-9a-f]{6}$/i.test(data.form.formColor) ? data.form.formColor : "#3b5bdb";
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t("E-mail (AMP)")}</Title>
        <Text size="sm" c="dimmed">
          {t(
            "Send the form in a letter: put the AMP version in the letter's text/x-amp-html part and the HTML version in its text/html part, which mail clients without AMP show.",
          )}
        </Text>
        <SnippetBlock label={t("AMP e-mail")} code={ampEmailSnippet(form, colour)} />
        <SnippetBlock
          label={t("HTML fallback")}
          hint={t("A button that opens the form's page")}
          code={htmlEmailSnippet(form, colour)}
        />
      </Stack>
    </Paper>
  );
}
