import type { TSavedElement } from "@formloom/core/api/question-bank";
import type { TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import {
  Autocomplete,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDatabasePlus, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../../components/confirm-danger.tsx";
import { IconAction } from "../../../../components/icon-action.tsx";
import { msg } from "../../../../i18n/i18n.ts";
import { fieldErrors } from "../../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../../lib/notify.ts";
import { useQuestionBank, useQuestionBankMutations } from "../../api/question-bank.ts";

interface Props {
  fields: readonly TElement[];
  selected: TElement | undefined;
  onFields(fields: TElement[]): void;
}

const newId = () => `f_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** What names an element in a list: its question, else its title, else its type. */
function elementName(element: TElement, typeLabel: string): string {
  return element.question.trim() || element.title.trim() || typeLabel;
}

/**
 * A saved element as a new element of this form: a fresh id, and no formula name another
 * element already uses; it goes before the send button, as a new field does.
 */
export function insertSaved(
  fields: readonly TElement[],
  saved: TElement,
): { fields: TElement[]; id: string } {
  const id = newId();
  const taken = fields.some((f) => f.formulaName && f.formulaName === saved.formulaName);
  const element: TElement = { ...saved, id, formulaName: taken ? "" : saved.formulaName, isNew: true };
  const submit = fields.findIndex((f) => f.fieldType === "submitBtn");
  const next = [...fields];
  next.splice(submit === -1 ? next.length : submit, 0, element);
  return { fields: next.map((f, index) => ({ ...f, fieldOrder: index })), id };
}

/** forms.md §2: the editor's Questions database tab — save this form's fields, insert saved ones. */
export function QuestionsDatabasePanel({ fields, selected, onFields }: Props) {
  const { t } = useTranslation();
  const bank = useQuestionBank();
  const { save, remove } = useQuestionBankMutations();
  const savable = fields.filter((f) => f.fieldType !== "submitBtn");
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [category, setCategory] = useState("");
  const [search, setSearch] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosenId = fieldId ?? (selected && selected.fieldType !== "submitBtn" ? selected.id : null);
  const chosen = savable.find((f) => f.id === chosenId);
  const label = (element: TElement) => t(fieldTypes[element.fieldType].label);

  const submit = () => {
    if (!chosen) return;
    setErrors({});
    save.mutate(
      { category, element: chosen },
      {
        onSuccess: (saved) => {
          notifySuccess(msg("Saved to the questions database in “{{category}}”"), {
            category: saved.category,
          });
          setFieldId(null);
        },
        onError: (error) => {
          const found = fieldErrors(error);
          setErrors(found);
          if (!found.category) notifyError(error);
        },
      },
    );
  };

  const insert = (saved: TSavedElement) => {
    const result = insertSaved(fields, saved.element);
    onFields(result.fields);
    notifySuccess(msg("Question inserted into the form"));
  };

  const needle = search.trim().toLowerCase();
  const categories = (bank.data ?? [])
    .map((c) => ({
      ...c,
      elements: c.elements.filter(
        (e) =>
          !needle ||
          c.name.toLowerCase().includes(needle) ||
          elementName(e.element, label(e.element)).toLowerCase().includes(needle),
      ),
    }))
    .filter((c) => c.elements.length > 0);

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("Save a field of this form")}
          </Title>
          <Select
            label={t("Field")}
            placeholder={t("Choose a field")}
            data={savable.map((f) => ({ value: f.id, label: elementName(f, label(f)) }))}
            value={chosenId}
            onChange={setFieldId}
            searchable
            nothingFoundMessage={t("This form has no fields yet")}
            comboboxProps={{ withinPortal: true }}
          />
          <Autocomplete
            label={t("Category")}
            placeholder={t("For example: Demographics")}
            data={(bank.data ?? []).map((c) => c.name)}
            value={category}
            onChange={setCategory}
            error={errors.category}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconDatabasePlus size={16} />}
            onClick={submit}
            disabled={!chosen || !category.trim()}
            loading={save.isPending}
          >
            {t("Save to the database")}
          </Button>
        </Stack>
      </Paper>
      <Divider label={t("Saved questions")} />
      <TextInput
        aria-label={t("Search saved questions")}
        placeholder={t("Search saved questions")}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {bank.isPending ? (
        <Text size="sm" c="dimmed">
          {t("Loading…")}
        </Text>
      ) : categories.length === 0 ? (
        <Text size="sm" c="dimmed">
          {needle
            ? t("No saved question matches.")
            : t("No saved questions yet: save a field above to use it in any form of your account.")}
        </Text>
      ) : (
        categories.map((c) => (
          <Stack key={c.name} gap={6} role="group" aria-label={c.name}>
            <Text size="sm" fw={700}>
              {c.name}
            </Text>
            {c.elements.map((saved) => {
              const name = elementName(saved.element, label(saved.element));
              return (
                <Paper key={saved.id} withBorder p="xs" data-saved-question={saved.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
                        {name}
                      </Text>
                      <Badge size="xs" variant="light" color="gray">
                        {label(saved.element)}
                      </Badge>
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconPlus size={14} />}
                        onClick={() => insert(saved)}
                        aria-label={t("Insert “{{name}}”", { name })}
                      >
                        {t("Insert")}
                      </Button>
                      <IconAction
                        label={t("Delete from the database")}
                        ariaLabel={t("Delete “{{name}}” from the database", { name })}
                        color="red"
                        onClick={() =>
                          confirmDanger({
                            title: t("Delete the saved question?"),
                            message: t("Forms it was inserted into keep their copy."),
                            onConfirm: () => remove.mutate(saved.id, { onError: notifyError }),
                          })
                        }
                      >
                        <IconTrash size={16} />
                      </IconAction>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        ))
      )}
    </Stack>
  );
}
