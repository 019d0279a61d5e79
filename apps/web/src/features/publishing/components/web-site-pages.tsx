import type { TEmbedding, TEmbeddingBody } from "@formloom/core/api/embeddings";
import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCode, IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditDeleteActions, IconAction } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { messageText, msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { toasts as notifications } from "../../../lib/toasts.ts";
import { useCan } from "../../auth/api/get-user.ts";
import {
  useCreateEmbedding,
  useDeleteEmbedding,
  useEditEmbedding,
  useEmbedding,
  useEmbeddings,
} from "../api/embeddings.ts";
import { embedSnippet } from "../snippets.ts";
import { EmbeddingForm, TYPE_LABELS } from "./embedding-form.tsx";
import { usePublishedForm } from "./publishing-pages.tsx";
import { SnippetBlock } from "./snippet-block.tsx";

type Failure = "embedding.save_failed" | "embedding.edit_failed" | "embedding.delete_failed";

/** The spec's failure message for the action, with the server's reason under it. */
function notifyFailure(failure: Failure, error: unknown, unlessFieldErrors = false) {
  if (unlessFieldErrors && Object.keys(fieldErrors(error)).length > 0) return;
  notifications.show({ color: "red", title: messageText(failure), message: errorText(error) });
}

/** publishing/web-site: the form's embeddings, each with the code to paste into a site. */
export function WebSitePage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const format = useFormat();
  const { id, form } = usePublishedForm();
  const { data: embeddings, isPending, error } = useEmbeddings(id);
  const remove = useDeleteEmbedding(id);
  const [shown, setShown] = useState<number | null>(null);
  const editable = can("forms.edit");

  const confirmDelete = (embedding: TEmbedding) =>
    confirmDanger({
      title: t("Delete the embedding?"),
      message: t("Sites that use the code of “{{name}}” keep showing the form; only this entry goes.", {
        name: embedding.name,
      }),
      onConfirm: () =>
        remove.mutate(embedding.id, {
          onSuccess: () => notifySuccess(msg("Deleted")),
          onError: (failure) => notifyFailure("embedding.delete_failed", failure),
        }),
    });
  const open = embeddings?.find((embedding) => embedding.id === shown);

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 240 }}>
          {t("Put the form on your own site: make an embedding, copy its code and paste it into the page.")}
        </Text>
        {editable && (
          <ButtonLink
            to="/forms/$id/publishing/web-site/new"
            params={{ id }}
            leftSection={<IconPlus size={16} />}
          >
            {t("New embedding")}
          </ButtonLink>
        )}
      </Group>
      {error ? (
        <Alert color="red" title={messageText("embedding.load_failed")}>
          {errorText(error)}
        </Alert>
      ) : (
        <ListTable
          rows={embeddings}
          isPending={isPending}
          error={null}
          empty={t("No embeddings yet.")}
          highlightOnHover
          rowKey={(embedding) => embedding.id}
          columns={[
            {
              title: t("Name"),
              wrap: "anywhere",
              cell: (embedding) => <Text fw={500}>{embedding.name}</Text>,
            },
            {
              title: t("Type"),
              visibleFrom: "sm",
              underFirstWhenHidden: true,
              cell: (embedding) => (
                <Badge variant="light" style={{ textTransform: "none" }}>
                  {t(TYPE_LABELS[embedding.type])}
                </Badge>
              ),
            },
            {
              title: t("Changed"),
              cell: (embedding) => format.dateTime(embedding.updated),
              visibleFrom: "sm",
              wrap: "never",
            },
            {
              width: editable ? 130 : 50,
              cell: (embedding) => (
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <IconAction
                    label={t("Show the code")}
                    ariaLabel={t("Show the code of {{name}}", { name: embedding.name })}
                    onClick={() => setShown(shown === embedding.id ? null : embedding.id)}
                  >
                    <IconCode size={16} />
                  </IconAction>
                  {editable && (
                    <EditDeleteActions
                      name={embedding.name}
                      onEdit={() =>
                        void navigate({
                          to: "/forms/$id/publishing/web-site/$embeddingId/edit",
                          params: { id, embeddingId: embedding.id },
                        })
                      }
                      onDelete={() => confirmDelete(embedding)}
                    />
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      {open && form && (
        <Paper withBorder p="md">
          <SnippetBlock
            label={t("Code of “{{name}}”", { name: open.name })}
            hint={t("Paste it into your page's HTML where the form should be.")}
            code={embedSnippet(open, form)}
          />
        </Paper>
      )}
    </Stack>
  );
}

function EmbeddingPage({
  title,
  embedding,
  submitLabel,
  pending,
  serverError,
  onSubmit,
}: {
  title: string;
  embedding?: TEmbedding;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit(body: TEmbeddingBody): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, form } = usePublishedForm();
  const [draft, setDraft] = useState<Pick<TEmbedding, "type" | "options"> | null>(embedding ?? null);
  const toList = () => void navigate({ to: "/forms/$id/publishing/web-site", params: { id } });
  return (
    <Paper withBorder p="xl" maw={760}>
      <Stack>
        <BackLink to="/forms/$id/publishing/web-site" params={{ id }}>
          {t("Web site")}
        </BackLink>
        <Title order={3} style={{ overflowWrap: "anywhere" }}>
          {title}
        </Title>
        <EmbeddingForm
          embedding={embedding}
          submitLabel={submitLabel}
          pending={pending}
          serverError={serverError}
          onSubmit={onSubmit}
          onCancel={toList}
          onChange={setDraft}
        />
        {draft && form && (
          <SnippetBlock
            label={t("Code to paste")}
            hint={t("Paste it into your page's HTML where the form should be.")}
            code={embedSnippet(draft, form)}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** publishing/web-site/new */
export function NewEmbeddingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = usePublishedForm();
  const create = useCreateEmbedding(id);
  return (
    <EmbeddingPage
      title={t("New embedding")}
      submitLabel={t("Create")}
      pending={create.isPending}
      serverError={create.error}
      onSubmit={(body) =>
        create.mutate(body, {
          onError: (error) => notifyFailure("embedding.save_failed", error, true),
          onSuccess: (saved) => {
            notifySuccess(msg("Saved"));
            void navigate({
              to: "/forms/$id/publishing/web-site/$embeddingId/edit",
              params: { id, embeddingId: saved.id },
            });
          },
        })
      }
    />
  );
}

const editRoute = getRouteApi("/layout/account/forms/$id/publishing/web-site/$embeddingId/edit");

/** publishing/web-site/:embeddingId/edit, with the code of the saved embedding. */
export function EditEmbeddingPage() {
  const { t } = useTranslation();
  const { id, embeddingId } = editRoute.useParams();
  const { data: embedding, error, isPending } = useEmbedding(id, embeddingId);
  const edit = useEditEmbedding(id, embeddingId);
  if (isPending) return <Loader m="xl" />;
  if (error)
    return (
      <Alert color="red" title={messageText("embedding.load_failed")}>
        {errorText(error)}
      </Alert>
    );
  return (
    <EmbeddingPage
      key={embedding.updated}
      title={t("Edit {{name}}", { name: embedding.name })}
      embedding={embedding}
      submitLabel={t("Save")}
      pending={edit.isPending}
      serverError={edit.error}
      onSubmit={(body) =>
        edit.mutate(body, {
          onError: (failure) => notifyFailure("embedding.edit_failed", failure, true),
          onSuccess: () => notifySuccess(msg("Saved")),
        })
      }
    />
  );
}
