import type { TFormListItem } from "@formloom/core/api/forms";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Timeline,
} from "@mantine/core";
import {
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconExternalLink,
  IconEyeOff,
  IconPlus,
  IconSearch,
  IconTable,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { AnchorLink, ButtonLink, MenuItemLink } from "../../../lib/router-links.tsx";
import { useCan, useUser } from "../../auth/api/get-user.ts";
import { useCloneForm } from "../api/clone-form.ts";
import { useDeleteForm } from "../api/delete-form.ts";
import { downloadFormJson } from "../api/export-form.ts";
import { useForms } from "../api/get-forms.ts";
import { useUpdateForm } from "../api/update-form.ts";
import { publicFormUrl } from "../public-link.ts";
import { FormStatusBadge, useFormStatusText } from "./closed-notice.tsx";
import { DEFAULT_FROM, filterForms, rangeInvalid, today } from "./forms-list-filter.ts";
import { ImportFormButton } from "./import-form-button.tsx";

const PAGE_SIZES = ["10", "25", "50", "all"] as const;

/**
 * All forms of the account, newest id first (forms.md §2), as a table or a timeline, with search,
 * a creation-date range (2018-01-01 to today at first) and page sizes.
 */
export function FormsListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: forms, isPending, error } = useForms();
  const [search, setSearch] = useState("");
  const [pageSize, setPageSize] = useState<(typeof PAGE_SIZES)[number]>("25");
  const [page, setPage] = useState(1);
  const [view, setView] = useState<"table" | "timeline">("table");
  const [from, setFrom] = useState(DEFAULT_FROM);
  const [to, setTo] = useState(() => today());
  const badRange = rangeInvalid({ from, to });

  const filtered = filterForms(forms ?? [], { search, from, to });
  const size = pageSize === "all" ? Math.max(filtered.length, 1) : Number(pageSize);
  const pages = Math.max(1, Math.ceil(filtered.length / size));
  const visible = filtered.slice((Math.min(page, pages) - 1) * size, Math.min(page, pages) * size);

  const format = useFormat();
  const date = (value: string | null) => (value ? format.date(value) : "—");
  return (
    <Stack>
      <PageHeader
        title={t("All forms")}
        actions={
          can("forms.create") && (
            <>
              <ImportFormButton />
              <ButtonLink to="/forms/add_new" leftSection={<IconPlus size={16} />} data-tour="new-form">
                {t("Create form")}
              </ButtonLink>
            </>
          )
        }
      />
      {/* The list's tour points at it. */}
      <div data-tour="forms-table">
        <ListTable
          rows={forms && (view === "table" ? visible : [])}
          isPending={isPending}
          error={error}
          empty={
            view === "timeline" ? (
              <FormsTimeline forms={visible} />
            ) : (
              <EmptyForms searching={search.trim().length > 0 || from !== DEFAULT_FROM || to !== today()} />
            )
          }
          highlightOnHover
          rowKey={(form) => form.id}
          toolbar={
            <Group p="sm" justify="space-between" wrap="wrap">
              <TextInput
                placeholder={t("Search forms")}
                data-tour="forms-filter"
                aria-label={t("Search forms")}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: "100%", xs: 280 }}
              />
              <Group gap="xs" align="flex-start" wrap="wrap">
                <TextInput
                  type="date"
                  label={t("Created from")}
                  size="xs"
                  value={from}
                  onChange={(e) => {
                    setFrom(e.currentTarget.value);
                    setPage(1);
                  }}
                  onBlur={() => from || setFrom(DEFAULT_FROM)}
                  error={badRange ? t("Date FROM can not be later than date TO!") : undefined}
                />
                <TextInput
                  type="date"
                  label={t("Created to")}
                  size="xs"
                  value={to}
                  onChange={(e) => {
                    setTo(e.currentTarget.value);
                    setPage(1);
                  }}
                  onBlur={() => to || setTo(today())}
                />
              </Group>
              <SegmentedControl
                aria-label={t("View")}
                size="xs"
                value={view}
                onChange={(value) => setView(value as "table" | "timeline")}
                data={[
                  { value: "table", label: t("Table") },
                  { value: "timeline", label: t("Timeline") },
                ]}
              />
              <Select
                aria-label={t("Rows per page")}
                w={110}
                data={PAGE_SIZES.map((value) => ({ value, label: value === "all" ? t("All") : value }))}
                value={pageSize}
                onChange={(value) => {
                  setPageSize((value as (typeof PAGE_SIZES)[number]) ?? "25");
                  setPage(1);
                }}
                allowDeselect={false}
              />
            </Group>
          }
          footer={
            pages > 1 && (
              <Group justify="flex-end" p="sm">
                <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
              </Group>
            )
          }
          columns={[
            { title: "ID", cell: (form) => form.id, visibleFrom: "sm", width: 70 },
            {
              title: t("Title"),
              wrap: "anywhere",
              cell: (form) => (
                <>
                  <AnchorLink to="/forms/$id/overview" params={{ id: form.id }} fw={500} data-tour="form">
                    {form.title || t("Untitled form")}
                  </AnchorLink>
                  <Text size="xs" c="dimmed">
                    /f/{form.formPathAlias}
                  </Text>
                </>
              ),
            },
            {
              title: t("Status"),
              visibleFrom: "sm",
              underFirstWhenHidden: true,
              cell: (form) => <FormStatusBadge form={form} />,
            },
            { title: t("Submissions"), cell: (form) => <Submissions form={form} /> },
            {
              title: t("Created"),
              cell: (form) => date(form.creationDate),
              visibleFrom: "md",
              wrap: "never",
            },
            {
              title: t("Last submission"),
              cell: (form) => date(form.lastAnsweredDate),
              visibleFrom: "md",
              wrap: "never",
            },
            { width: 50, cell: (form) => <FormActions form={form} /> },
          ]}
        />
      </div>
    </Stack>
  );
}

/** The forms of the page as a timeline of their creation, newest first. */
function FormsTimeline({ forms }: { forms: readonly TFormListItem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const statusText = useFormStatusText();
  if (forms.length === 0) return <EmptyForms searching />;
  const ordered = [...forms].sort((a, b) => b.creationDate.localeCompare(a.creationDate) || b.id - a.id);
  return (
    <Timeline bulletSize={14} lineWidth={2} p="md" aria-label={t("Timeline")}>
      {ordered.map((form) => (
        <Timeline.Item
          key={form.id}
          color={form.isPublished ? "green" : "gray"}
          title={
            <AnchorLink to="/forms/$id/overview" params={{ id: form.id }} fw={500}>
              {form.title || t("Untitled form")}
            </AnchorLink>
          }
        >
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {format.date(form.creationDate)} · {statusText(form)}
            </Text>
            <Submissions form={form} />
          </Group>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function EmptyForms({ searching }: { searching: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Stack align="center" p="xl" gap="xs">
      <Text fw={600}>{searching ? t("No form matches your search") : t("You have no forms yet")}</Text>
      {!searching && can("forms.create") && (
        <ButtonLink
          to="/forms/add_new"
          variant="light"
          leftSection={<IconPlus size={16} />}
          data-tour="new-form"
        >
          {t("Create your first form")}
        </ButtonLink>
      )}
    </Stack>
  );
}

function Submissions({ form }: { form: TFormListItem }) {
  const { t } = useTranslation();
  const can = useCan();
  const format = useFormat();
  // Null when the user may not read this form's submissions: not even their number is shown.
  if (form.answerCount === null) {
    return (
      <Text size="sm" c="dimmed" title={t("No access")} aria-label={t("No access")}>
        —
      </Text>
    );
  }
  const unread = form.newAnswerCount ?? 0;
  return (
    <Group gap={6} wrap="nowrap">
      {can("results.view") ? (
        <AnchorLink to="/forms/$id/results" params={{ id: form.id }}>
          {format.number(form.answerCount)}
        </AnchorLink>
      ) : (
        <Text size="sm">{format.number(form.answerCount)}</Text>
      )}
      {unread > 0 && (
        <Badge size="sm" circle={unread < 10} aria-label={t("{{count}} unread", { count: unread })}>
          {unread}
        </Badge>
      )}
    </Group>
  );
}

/** A form's actions, offered only when the user may take them. */
function FormActions({ form }: { form: TFormListItem }) {
  const { t } = useTranslation();
  const can = useCan();
  const { data: user } = useUser();
  const remove = useDeleteForm();
  const clone = useCloneForm();
  const update = useUpdateForm(form.id);

  const unpublish = () =>
    update.mutate(
      { isPublished: false },
      {
        onSuccess: () => notifySuccess(msg("The form was unpublished")),
        onError: notifyError,
      },
    );

  // A form with submissions cannot be deleted (form.has_answers): say so before, not after.
  const [undeletable, setUndeletable] = useState(false);
  const confirmDelete = () =>
    (form.answerCount ?? 0) > 0
      ? setUndeletable(true)
      : confirmDanger({
          title: t("Delete the form?"),
          message: t("“{{title}}” will be deleted for good.", { title: form.title }),
          onConfirm: () =>
            remove.mutate(form.id, {
              onSuccess: () => notifySuccess(msg("The form was deleted")),
              onError: notifyError,
            }),
        });

  return (
    <>
      {/* A modal of this row, not of the modals manager: its links need the router around them. */}
      <Modal
        opened={undeletable}
        onClose={() => setUndeletable(false)}
        title={t("This form cannot be deleted yet")}
        size="lg"
      >
        <UndeletableForm
          form={form}
          mayUnpublish={can("forms.edit") && form.isPublished}
          mayOpenResults={can("results.view")}
          onUnpublish={() => {
            setUndeletable(false);
            unpublish();
          }}
          onClose={() => setUndeletable(false)}
        />
      </Modal>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("Actions for {{title}}", { title: form.title })}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {can("forms.edit") && (
            <MenuItemLink to="/forms/$id/edit" params={{ id: form.id }} leftSection={<IconEdit size={16} />}>
              {t("Edit")}
            </MenuItemLink>
          )}
          {can("results.view") && (
            <MenuItemLink
              to="/forms/$id/results"
              params={{ id: form.id }}
              leftSection={<IconTable size={16} />}
            >
              {t("Results")}
            </MenuItemLink>
          )}
          {user?.account && (
            <Menu.Item
              component="a"
              href={publicFormUrl(form.formPathAlias, user.account.subdomain)}
              target="_blank"
              leftSection={<IconExternalLink size={16} />}
            >
              {t("Open the public form")}
            </Menu.Item>
          )}
          {can("forms.create") && (
            <Menu.Item
              leftSection={<IconCopy size={16} />}
              onClick={() =>
                clone.mutate(form.id, {
                  onSuccess: (copy) => notifySuccess(msg("Created “{{title}}”"), { title: copy.form.title }),
                  onError: notifyError,
                })
              }
            >
              {t("Clone")}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadFormJson(form.id).catch(notifyError)}
          >
            {t("Export as JSON")}
          </Menu.Item>
          {can("forms.delete") && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
                {t("Delete")}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

/** What deleting a form with submissions would take, and what can be done instead. */
function UndeletableForm({
  form,
  mayUnpublish,
  mayOpenResults,
  onUnpublish,
  onClose,
}: {
  form: TFormListItem;
  mayUnpublish: boolean;
  mayOpenResults: boolean;
  onUnpublish(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm">
        {t("“{{title}}” has {{count}} submissions. A form is deleted only once its submissions are.", {
          title: form.title,
          count: form.answerCount,
        })}
      </Text>
      <Text size="sm">
        {mayUnpublish
          ? t("To stop collecting answers and keep them, unpublish the form instead.")
          : t("Delete its submissions under Results first, if you are sure you no longer need them.")}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        {mayOpenResults && (
          <ButtonLink variant="light" to="/forms/$id/results" params={{ id: form.id }} onClick={onClose}>
            {t("Open the results")}
          </ButtonLink>
        )}
        {mayUnpublish && (
          <Button leftSection={<IconEyeOff size={16} />} onClick={onUnpublish}>
            {t("Unpublish")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
