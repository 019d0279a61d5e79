import { FileInput } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** What the server takes as a ticket's attachment (typed by its bytes there too). */
const ATTACHMENT_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain";
const MAX_ATTACHMENTS = 5;

/** The files a ticket's message carries: a new ticket's first message, or an answer. */
export function MessageAttachments({
  files,
  onChange,
}: {
  files: File[];
  onChange: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={t("Attachments")}
      description={t("Pictures, PDF or text files, five at most")}
      multiple
      clearable
      accept={ATTACHMENT_ACCEPT}
      leftSection={<IconPaperclip size={16} />}
      value={files}
      onChange={(value) => onChange(value.slice(0, MAX_ATTACHMENTS))}
    />
  );
}
