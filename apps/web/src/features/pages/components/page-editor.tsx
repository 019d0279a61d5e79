import type { TPage } from "@formloom/core/api/pages";
import { Button, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/error-text.ts";
import { saveAndTell } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { usePage, useSavePage } from "../api/pages.ts";

/** The editor (Tiptap and ProseMirror) is its own download, after the page's form. */
const RichTextField = lazy(() =>
  import("./rich-text-field.tsx").then((module) => ({ default: module.RichTextField })),
);

/** Title, alias, published and public switches, and the rich text with its pictures (forms.md §5). */
function PageForm({ page }: { page?: TPage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePage(page?.id);
  const [title, setTitle] = useState(page?.title ?? "");
  const [alias, setAlias] = useState(page?.alias ?? "");
  const [isPublished, setPublished] = useState(page?.isPublished ?? true);
  const [isPublic, setPublic] = useState(page?.isPublic ?? false);
  const html = useRef<() => string>(() => page?.body ?? "");
  const onHtml = useCallback((read: () => string) => {
    html.current = read;
  }, []);
  const errors = fieldErrors(save.error);
  const submit = saveAndTell(save, () => void navigate({ to: "/account/pages" }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit({ title, alias, body: html.current(), isPublished, isPublic });
      }}
    >
      <Stack>
        <TextInput
          label={t("Title")}
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
        />
        <TextInput
          label={t("Alias")}
          description={t("Made from the title when empty; Latin letters, digits and hyphens.")}
          value={alias}
          onChange={(e) => setAlias(e.currentTarget.value)}
          error={errors.alias}
        />
        <Group>
          <Switch
            label={t("Published")}
            checked={isPublished}
            onChange={(e) => setPublished(e.currentTarget.checked)}
          />
          <Switch
            label={t("Public: anyone may open it at /pages/{{alias}}", { alias: alias || "…" })}
            checked={isPublic}
            onChange={(e) => setPublic(e.currentTarget.checked)}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("Text")}
          </Text>
          <Suspense fallback={<Loader size="sm" />}>
            <RichTextField initial={page?.body ?? ""} error={errors.body} onHtml={onHtml} />
          </Suspense>
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NewPagePage() {
  const { t } = useTranslation();
  return (
    <Stack maw={900}>
      <BackLink to="/account/pages">{t("Pages and help menu")}</BackLink>
      <Title order={2}>{t("New page")}</Title>
      <Paper withBorder p="md">
        <PageForm />
      </Paper>
    </Stack>
  );
}

const editRoute = getRouteApi("/layout/account/account/pages/$id/edit");

export function EditPagePage() {
  const { t } = useTranslation();
  const { id } = editRoute.useParams();
  const page = usePage(id);
  return (
    <Stack maw={900}>
      <BackLink to="/account/pages">{t("Pages and help menu")}</BackLink>
      <Title order={2}>{t("Edit page")}</Title>
      <Paper withBorder p="md">
        {page.data ? <PageForm page={page.data} /> : <Loader />}
      </Paper>
    </Stack>
  );
}
