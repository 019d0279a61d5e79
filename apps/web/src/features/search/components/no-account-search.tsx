import { ActionIcon, TextInput, Tooltip } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { NO_ACCOUNT } from "./search-box.tsx";

/** The search without an account: disabled, and saying why on hover. */
export default function NoAccountSearch({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(NO_ACCOUNT)} withArrow>
      <span>
        {narrow ? (
          <ActionIcon variant="subtle" disabled aria-label={t(NO_ACCOUNT)}>
            <IconSearch size={18} />
          </ActionIcon>
        ) : (
          <TextInput
            disabled
            aria-label={t(NO_ACCOUNT)}
            placeholder={t("Search")}
            leftSection={<IconSearch size={16} />}
            w={220}
          />
        )}
      </span>
    </Tooltip>
  );
}
