import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The end of an edit form: its submit button (busy while saving) and a Cancel beside it. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
      <Button variant="default" onClick={onCancel}>
        {t("Cancel")}
      </Button>
    </Group>
  );
}
