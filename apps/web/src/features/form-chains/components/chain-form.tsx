import { type TFormChain, type TFormChainBody, ZFormChainBody } from "@formloom/core/api/form-chains";
import { Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { IconAction } from "../../../components/icon-action.tsx";
import { messageText } from "../../../i18n/i18n.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { fieldErrors } from "../../../lib/error-text.ts";
import { useForms } from "../../forms/api/get-forms.ts";

interface Item {
  /** Only for React's list: items move. */
  key: number;
  formId: string | null;
  name: string;
}

let nextKey = 0;
const newItem = (formId: string | null = null, name = ""): Item => ({ key: nextKey++, formId, name });

/** The chain's message for a name already used; the same code names other things elsewhere. */
function chainMessage(code: string, t: (text: string) => string): string {
  return code === "name.is_used" ? t("Form chain with this name already exists") : messageText(code);
}

/**
 * A chain's name, description and forms in order: each item a form of the account and a name;
 * items move up and down and are removed.
 */
export function ChainForm({
  chain,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  chain?: TFormChain;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit(body: TFormChainBody): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const forms = useForms();
  const [name, setName] = useState(chain?.name ?? "");
  const [description, setDescription] = useState(chain?.description ?? "");
  const [items, setItems] = useState<Item[]>(() =>
    chain ? chain.items.map((item) => newItem(String(item.formId), item.name)) : [newItem(), newItem()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = fieldErrors(serverError);
  const nameError =
    errors.name ??
    (serverError instanceof ApiError && serverError.code === "name.is_used"
      ? chainMessage("name.is_used", t)
      : server.name);
  const itemsError =
    errors.items ??
    (serverError instanceof ApiError &&
    serverError.status < 500 &&
    serverError.code !== "name.is_used" &&
    !server.name
      ? chainMessage(serverError.code, t)
      : undefined);

  const options = (forms.data ?? []).map((form) => ({
    value: String(form.id),
    label: form.title || t("Untitled form"),
  }));
  // Changing the items takes back what was said about them.
  const editItems = (next: (all: Item[]) => Item[]) => {
    setItems(next);
    setErrors(({ items: _, ...rest }) => rest);
  };
  const change = (key: number, patch: Partial<Item>) =>
    editItems((all) => all.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const move = (index: number, by: -1 | 1) =>
    editItems((all) => {
      const moved = [...all];
      const [item] = moved.splice(index, 1);
      moved.splice(index + by, 0, item!);
      return moved;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ZFormChainBody.safeParse({
      name,
      description,
      items: items.map((item) => ({ formId: item.formId ? Number(item.formId) : null, name: item.name })),
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues)
        found[issue.path[0] === "items" ? "items" : String(issue.path[0])] ??= messageText(issue.message);
      return setErrors(found);
    }
    setErrors({});
    onSubmit(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("Chain name")}
          required
          value={name}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Stack gap="xs" role="group" aria-label={t("Forms of the chain")}>
          <Text fw={500} size="sm">
            {t("Forms of the chain")}
          </Text>
          {items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("No forms yet")}
            </Text>
          )}
          {items.map((item, index) => (
            <Paper key={item.key} withBorder p="sm">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Text fw={600} size="sm" w={24} pb={8}>
                  {index + 1}.
                </Text>
                <Select
                  label={t("Form")}
                  placeholder={t("Choose a form")}
                  data={options}
                  searchable
                  value={item.formId}
                  onChange={(value) => {
                    const title = options.find((option) => option.value === value)?.label ?? "";
                    change(item.key, { formId: value, name: item.name || title });
                  }}
                  style={{ flex: "1 1 200px" }}
                />
                <TextInput
                  label={t("Name")}
                  value={item.name}
                  onChange={(event) => change(item.key, { name: event.currentTarget.value })}
                  style={{ flex: "1 1 160px" }}
                />
                <Group gap={2} wrap="nowrap" pb={4}>
                  <IconAction
                    label={t("Move up")}
                    ariaLabel={t("Move up {{name}}", { name: item.name || index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </IconAction>
                  <IconAction
                    label={t("Move down")}
                    ariaLabel={t("Move down {{name}}", { name: item.name || index + 1 })}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </IconAction>
                  <IconAction
                    label={t("Remove")}
                    ariaLabel={t("Remove {{name}}", { name: item.name || index + 1 })}
                    color="red"
                    onClick={() => editItems((all) => all.filter((other) => other.key !== item.key))}
                  >
                    <IconX size={16} />
                  </IconAction>
                </Group>
              </Group>
            </Paper>
          ))}
          {itemsError && (
            <Text c="red" size="sm" role="alert">
              {itemsError}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => editItems((all) => [...all, newItem()])}
            >
              {t("Add form")}
            </Button>
          </Group>
        </Stack>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
