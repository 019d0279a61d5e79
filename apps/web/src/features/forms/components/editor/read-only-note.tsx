import { Alert } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Tells a member without the right to edit a form that its pages only show it, and whom to ask. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" icon={<IconLock size={18} />} role="status">
      {t("You can view this form but not change it. Ask an account admin for edit rights.")}
    </Alert>
  );
}
