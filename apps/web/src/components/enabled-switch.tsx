import { Switch } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A record's on/off switch in a list, named after the record for screen readers; still while it saves. */
export function EnabledSwitch({
  name,
  checked,
  pending,
  onToggle,
}: {
  name: string;
  checked: boolean;
  pending: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={checked}
      disabled={pending}
      aria-label={t("Enabled: {{title}}", { title: name })}
      onChange={onToggle}
    />
  );
}
