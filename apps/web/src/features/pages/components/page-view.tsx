import { Center, Container, Loader, Paper, Stack, Text, Title, Typography } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { NotFoundPage } from "../../../app/not-found-page.tsx";
import { usePageByAlias, usePublicPage } from "../api/pages.ts";

/** A page's title and its HTML, which the server sanitised when it was saved. */
function PageContent({ title, body }: { title: string; body: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize-html) when saved. */}
        <div dangerouslySetInnerHTML={{ __html: body }} />
      </Typography>
    </Stack>
  );
}

function Waiting() {
  return (
    <Center mih="40vh">
      <Loader />
    </Center>
  );
}

const publicRoute = getRouteApi("/pages/$alias");
const internalRoute = getRouteApi("/layout/account/page/$alias");
const bareRoute = getRouteApi("/layout/account/$alias");

/** /pages/:alias: a published public page, signed in or not. */
export function PublicPage() {
  const { alias } = publicRoute.useParams();
  const page = usePublicPage(alias);
  if (page.isPending) return <Waiting />;
  if (!page.data) return <NotFoundPage />;
  return (
    <Container size="md" py="xl">
      <Paper withBorder p="xl">
        <PageContent title={page.data.title} body={page.data.body} />
      </Paper>
    </Container>
  );
}

/** /page/{alias}: a page of the user's account, inside the layout. */
export function InternalPage() {
  return <AccountPage alias={internalRoute.useParams().alias} />;
}

/** /{alias}: the same page at the layout's top level. */
export function BareInternalPage() {
  return <AccountPage alias={bareRoute.useParams().alias} />;
}

function AccountPage({ alias }: { alias: string }) {
  const { t } = useTranslation();
  const page = usePageByAlias(alias);
  if (page.isPending) return <Waiting />;
  if (!page.data) return <NotFoundPage />;
  return (
    <Paper withBorder p="xl" maw={900}>
      <PageContent title={page.data.title} body={page.data.body} />
      {!page.data.isPublished && (
        <Text size="sm" c="dimmed" mt="md">
          {t("Not published: only account admins see it.")}
        </Text>
      )}
    </Paper>
  );
}
