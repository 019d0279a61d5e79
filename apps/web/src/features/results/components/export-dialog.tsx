import {
  EXPORT_DATA_TYPES,
  type ExportDataType,
  type ExportDestination,
  type ExportFormat,
} from "@formloom/core/api/exports";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconDownload, IconExternalLink, IconFileExport } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { messageText, msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { requestExport, saveFile, type TableView, useExportJob } from "../api/export-answers.ts";
import { takeGoogleReturn, useGoogleAccount } from "../api/google-account.ts";
import { ConnectGoogleButton, GoogleSheetsStatus } from "./google-sheets-status.tsx";

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: "xlsx", label: "Excel (XLSX)" },
  { value: "xls", label: "Excel 97–2003 (XLS)" },
  { value: "csv", label: "CSV" },
  { value: "sav", label: "SPSS (SAV)" },
];

/** Whether the export dialog is open; it opens by itself on the way back from Google's consent. */
export function useExportDialog() {
  const [googleReturn] = useState(takeGoogleReturn);
  const [opened, setOpened] = useState(googleReturn !== undefined);
  return {
    open: () => setOpened(true),
    props: { opened, onClose: () => setOpened(false), googleReturn },
  };
}

/**
 * The results page's export: a file (in a format) or Google Sheets, the data types (at least
 * one), plain text and a name for the sheet and the file. A small file downloads at once; a
 * large one, and every export to Google Sheets, shows its progress, then a download link that
 * works for two days or the spreadsheet's link.
 */
export function ExportDialog({
  formId,
  formTitle,
  opened,
  onClose,
  googleReturn,
  view,
}: {
  formId: number;
  formTitle: string;
  /** What the results table shows; the export follows it unless widened to everything. */
  view: TableView;
  opened: boolean;
  onClose(): void;
  /** Set when the page was opened on the way back from Google's consent (google-account.ts). */
  googleReturn?: "connected" | "failed" | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [destination, setDestination] = useState<ExportDestination>(
    googleReturn === undefined ? "file" : "google_sheets",
  );
  const [fileFormat, setFileFormat] = useState<ExportFormat>("xlsx");
  const [types, setTypes] = useState<ExportDataType[]>([...EXPORT_DATA_TYPES]);
  const [plainText, setPlainText] = useState(true);
  const [scope, setScope] = useState<"table" | "all">("table");
  const [tableName, setTableName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    googleReturn === "failed" ? t("The Google account was not connected. Try again.") : null,
  );
  const [jobId, setJobId] = useState<number | null>(null);
  const { data: job } = useExportJob(formId, jobId);
  const toSheets = destination === "google_sheets";
  const { data: google } = useGoogleAccount(opened && toSheets);
  // What each data type adds to the file.
  const typeLabels: Record<ExportDataType, string> = {
    answers: t("Answers"),
    timing: t("Start, submit and time spent"),
    score: t("Score and result"),
    read: t("Read or unread"),
    tags: t("Tags"),
    comments: t("Comments"),
    respondent: t("Respondent"),
    device: t("Device"),
    geo: t("Location"),
  };

  const close = () => {
    setJobId(null);
    setError(null);
    onClose();
  };

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const outcome = await requestExport(formId, {
        format: toSheets ? "csv" : fileFormat,
        types,
        plainText,
        tableName,
        destination,
        ...(scope === "table" ? { view } : {}),
      });
      if (outcome.kind === "job") {
        setJobId(outcome.job.id);
      } else {
        saveFile(outcome.blob, outcome.fileName);
        notifySuccess(msg("The file was exported"));
        close();
      }
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const noTypes = types.length === 0;
  const sheetsClosed = toSheets && !google?.connected;
  const following = jobId !== null;
  const percent = job && job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;

  return (
    <Modal opened={opened} onClose={close} title={t("Export results")} size="lg">
      {following ? (
        <Stack>
          {job?.state === "failed" ? (
            <>
              <Alert color="red">{messageText(job.error ?? "export.failed")}</Alert>
              {job.error === "export.token_not_found" && job.destination === "google_sheets" && (
                <ConnectGoogleButton />
              )}
            </>
          ) : job?.state === "done" && job.sheetUrl ? (
            <>
              <Text>{t("The spreadsheet is ready.")}</Text>
              <Group>
                <Button
                  component="a"
                  href={job.sheetUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  leftSection={<IconExternalLink size={16} />}
                >
                  {t("Open {{name}} in Google Sheets", { name: job.fileName })}
                </Button>
              </Group>
            </>
          ) : job?.state === "done" && job.downloadUrl ? (
            <>
              <Text>{t("The file is ready.")}</Text>
              <Group>
                <Button
                  component="a"
                  href={job.downloadUrl}
                  download={job.fileName}
                  leftSection={<IconDownload size={16} />}
                >
                  {t("Download {{name}}", { name: job.fileName })}
                </Button>
              </Group>
              {job.expiresAt && (
                <Text size="sm" c="dimmed">
                  {t("The link works until {{date}}.", { date: format.dateTime(job.expiresAt) })}
                </Text>
              )}
            </>
          ) : (
            <>
              <Text>
                {job?.destination === "google_sheets"
                  ? t("Writing to Google Sheets: {{done}} of {{total}} submissions", {
                      done: job.done,
                      total: job.total,
                    })
                  : t("Preparing the file: {{done}} of {{total}} submissions", {
                      done: job?.done ?? 0,
                      total: job?.total ?? 0,
                    })}
              </Text>
              <Progress value={percent} aria-label={t("Export progress")} animated />
              <Text size="sm" c="dimmed">
                {t(
                  "You may close this window: the export goes on, and the link stays here until you close it.",
                )}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("Close")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Radio.Group
            label={t("Export to")}
            value={destination}
            onChange={(value) => setDestination(value as ExportDestination)}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
              <Radio value="file" label={t("A file")} />
              <Radio value="google_sheets" label="Google Sheets" />
            </SimpleGrid>
          </Radio.Group>
          {toSheets ? (
            <GoogleSheetsStatus account={google} />
          ) : (
            <Radio.Group
              label={t("Format")}
              value={fileFormat}
              onChange={(value) => setFileFormat(value as ExportFormat)}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
                {FORMATS.map((item) => (
                  <Radio key={item.value} value={item.value} label={item.label} />
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
          <Radio.Group
            label={t("Submissions and questions")}
            value={scope}
            onChange={(value) => setScope(value as "table" | "all")}
          >
            <Stack mt="xs" gap="xs">
              <Radio value="table" label={t("As the table shows them: its filters, sort and columns")} />
              <Radio value="all" label={t("All submissions and every question")} />
            </Stack>
          </Radio.Group>
          <Checkbox.Group
            label={t("Data to export")}
            value={types}
            onChange={(value) => setTypes(value as ExportDataType[])}
            error={noTypes ? messageText("export.data_types.required") : undefined}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
              {EXPORT_DATA_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={typeLabels[type]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Checkbox
            label={t("Plain text (titles and answers without formatting)")}
            checked={plainText}
            onChange={(event) => setPlainText(event.currentTarget.checked)}
          />
          <TextInput
            label={t("Sheet and file name")}
            placeholder={formTitle}
            value={tableName}
            maxLength={200}
            onChange={(event) => setTableName(event.currentTarget.value)}
          />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("Cancel")}
            </Button>
            <Button
              onClick={() => void start()}
              loading={busy}
              disabled={noTypes || sheetsClosed}
              leftSection={<IconFileExport size={16} />}
            >
              {t("Export")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
