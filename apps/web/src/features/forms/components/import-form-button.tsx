import { IMPORT_MAX_BYTES } from "@formloom/core/form-import";
import { Button, type ButtonProps } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { messageText, msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { toasts as notifications } from "../../../lib/toasts.ts";
import { useImportForm } from "../api/import-form.ts";

/** The refusal the browser can tell before sending: not one file, not .json, too large, empty. */
function refusal(files: readonly File[]): string | undefined {
  if (files.length !== 1) return "import.one_file";
  const [file] = files as [File];
  if (!file.name.toLowerCase().endsWith(".json")) return "import.type";
  if (file.size > IMPORT_MAX_BYTES) return "import.too_large";
  if (file.size === 0) return "import.empty";
  return undefined;
}

/**
 * Creates a form from an exported .json file (forms.md §5): one file, .json only, under 5 MB,
 * not empty, valid. What the browser can check it refuses at once; the server checks it all.
 */
export function ImportFormButton(props: ButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const importForm = useImportForm();
  const input = useRef<HTMLInputElement>(null);

  const picked = (files: readonly File[]) => {
    const code = refusal(files);
    if (code) {
      notifications.show({ color: "red", message: messageText(code) });
      return;
    }
    importForm.mutate(files[0]!, {
      onSuccess: (created) => {
        notifySuccess(msg("Imported “{{title}}”"), { title: created.form.title });
        void navigate({ to: "/forms/$id/edit", params: { id: created.form.id } });
      },
      onError: notifyError,
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-form-file"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = "";
          picked(files);
        }}
      />
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        loading={importForm.isPending}
        onClick={() => input.current?.click()}
        {...props}
      >
        {t("Import from JSON")}
      </Button>
    </>
  );
}
