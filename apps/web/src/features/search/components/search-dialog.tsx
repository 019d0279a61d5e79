import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SearchField } from "./search-box.tsx";

/** The search on a phone: the whole screen, opened from the top bar's icon. */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t("Search")} fullScreen>
      <SearchField inline onDone={onClose} />
    </Modal>
  );
}
