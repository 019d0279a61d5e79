import type { TElement } from "@formloom/core/element-schema";
import { Alert, Button, Group, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors } from "../../../../lib/error-text.ts";

/** Why the server refused a save, and the element its first complaint names, if any. */
export interface Refusal {
  message: string;
  /** Every complaint by path, for the inputs that show them (the Settings tab). */
  errors: Record<string, string>;
  fieldId?: string;
}

/** Reads a refused save: a path such as "fields.45.formulaName" points at the 46th element that was sent. */
export function refusalOf(error: unknown, sent: readonly TElement[]): Refusal {
  const errors = fieldErrors(error);
  const [path, text] = Object.entries(errors)[0] ?? [];
  const index = path?.match(/^fields\.(\d+)(\.|$)/)?.[1];
  const fieldId = index === undefined ? undefined : sent[Number(index)]?.id;
  return { message: text ?? errorText(error), errors, ...(fieldId ? { fieldId } : {}) };
}

/** Stays above the builder until the next save or until closed, so the reason is not missed. */
export function SaveRefusal({
  refusal,
  fieldName,
  onShowField,
  onClose,
}: {
  refusal: Refusal;
  /** The name of the element the complaint is about, when it is still in the form. */
  fieldName: string | undefined;
  onShowField(id: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const fieldId = fieldName === undefined ? undefined : refusal.fieldId;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={t("The form was not saved")}
      withCloseButton
      closeButtonLabel={t("Close")}
      onClose={onClose}
      data-testid="save-refusal"
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm">
          {fieldId
            ? t("“{{field}}”: {{reason}}", { field: fieldName, reason: refusal.message })
            : refusal.message}
        </Text>
        {fieldId && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => onShowField(fieldId)}>
            {t("Show the field")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
