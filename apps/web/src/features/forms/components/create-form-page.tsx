import { brandedSettings, isEmptyBrandKit } from "@formloom/core/brand-kit";
import { ZWelcomeScreen } from "@formloom/core/welcome-screen";
import {
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../../lib/notify.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useBrandKit } from "../../account/api/brand-kit.ts";
import { useUser } from "../../auth/api/get-user.ts";
import { useCreateForm } from "../api/create-form.ts";
import { localDrafts } from "./editor/local-drafts.ts";
import { ImportFormButton } from "./import-form-button.tsx";

interface NewForm {
  title: string;
  type: "data_collection" | "calculation";
}

export function CreateFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateForm();
  const userId = useUser().data?.id;
  // What was typed here and not yet created is kept in this browser (the sidebar's dot marks it).
  const [kept] = useState(() => (userId === undefined ? null : localDrafts.read<NewForm>(userId, "new")));
  const [title, setTitle] = useState(kept?.value.title ?? "");
  const [type, setType] = useState<NewForm["type"]>(kept?.value.type ?? "data_collection");
  // The account's brand kit, when it has one, is applied to the new form unless turned off here.
  const { data: kit } = useBrandKit();
  const hasKit = kit !== undefined && !isEmptyBrandKit(kit);
  const [useKit, setUseKit] = useState(true);

  useEffect(() => {
    if (userId === undefined) return;
    if (title === "" && type === "data_collection") localDrafts.remove(userId, "new");
    else localDrafts.write<NewForm>(userId, "new", { value: { title, type }, title, savedAt: Date.now() });
  }, [userId, title, type]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        title: title.trim() || t("Untitled form"),
        type,
        ...(hasKit && useKit
          ? brandedSettings(
              { logo: "", formColor: "", formStyling: {}, welcomeScreen: ZWelcomeScreen.parse({}) },
              kit,
            )
          : {}),
      },
      {
        onSuccess: (created) => {
          if (userId !== undefined) localDrafts.remove(userId, "new");
          void navigate({ to: "/forms/$id/edit", params: { id: created.form.id } });
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="md">
      <Title order={2}>{t("Create form")}</Title>
      <Text c="dimmed" size="sm" mb="lg">
        {t("Give it a name; you will add questions in the builder.")}
      </Text>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={t("Form title")}
            data-tour="form-title"
            autoFocus
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          {kept && (title !== "" || type !== "data_collection") && (
            <Group gap="xs" mt={-8}>
              <Text size="xs" c="dimmed">
                {t("Kept from your last visit")}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => {
                  setTitle("");
                  setType("data_collection");
                }}
              >
                {t("Discard")}
              </Button>
            </Group>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("Form type")}
            </Text>
            <SegmentedControl
              value={type}
              onChange={(value) => setType(value as typeof type)}
              data={[
                { value: "data_collection", label: t("Data collection") },
                { value: "calculation", label: t("Quiz (calculation)") },
              ]}
            />
          </Stack>
          {hasKit && (
            <Switch
              label={t("Apply my brand kit (logo, colours and font)")}
              checked={useKit}
              onChange={(event) => setUseKit(event.currentTarget.checked)}
            />
          )}
          <Button type="submit" loading={create.isPending} data-tour="create-form">
            {t("Create and open the builder")}
          </Button>
        </Stack>
      </form>
      <Divider my="lg" label={t("or")} />
      <Stack gap={4} align="center">
        <ImportFormButton fullWidth />
        <Text size="xs" c="dimmed" ta="center">
          {t("A form exported as JSON, one file under 5 MB")}
        </Text>
      </Stack>
      <Divider my="lg" label={t("or start from a template")} />
      <Stack gap="xs" align="center">
        <Group gap="xs" justify="center">
          <ButtonLink
            to="/templates/forms"
            search={{ set: "marketing" }}
            variant="light"
            data-tour="template-marketing"
          >
            {t("Marketing")}
          </ButtonLink>
          <ButtonLink to="/templates/forms" search={{ set: "hr" }} variant="light" data-tour="template-hr">
            {t("HR")}
          </ButtonLink>
          <ButtonLink
            to="/templates/forms"
            search={{ set: "education" }}
            variant="light"
            data-tour="template-education"
          >
            {t("Education")}
          </ButtonLink>
        </Group>
        <AnchorLink to="/templates/forms" size="sm">
          {t("See all form templates")}
        </AnchorLink>
      </Stack>
    </Paper>
  );
}
