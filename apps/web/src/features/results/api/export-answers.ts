import {
  type ExportDataType,
  type ExportDestination,
  type ExportFormat,
  type TExportJob,
  ZExportJob,
} from "@formloom/core/api/exports";
import type { TAnswerFilters } from "@formloom/core/api/results-table";
import type { ApiErrorBody } from "@formloom/core/errors";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** What the results table shows: its filters, read state, order and the questions it shows. */
export interface TableView {
  filters?: TAnswerFilters;
  isViewed?: "true" | "false";
  sortBy: string;
  order: "asc" | "desc";
  /** The ids of the questions shown as columns. */
  columns: string[];
}

export interface ExportRequest {
  format: ExportFormat;
  types: ExportDataType[];
  plainText: boolean;
  tableName: string;
  /** Google Sheets: always a job, whose result is the spreadsheet's link. */
  destination: ExportDestination;
  /** The table's view to follow; absent: every submission and question. */
  view?: TableView;
}

/** A small export comes back as the file; a large one as a job to follow. */
export type ExportOutcome = { kind: "file"; blob: Blob; fileName: string } | { kind: "job"; job: TExportJob };

function exportQuery(request: ExportRequest) {
  const view = request.view;
  return {
    settings: request.types.join(","),
    plain_text: request.plainText ? "true" : "false",
    table_name: request.tableName.trim() || undefined,
    google_spreadsheet: request.destination === "google_sheets" ? "true" : undefined,
    ...(view && {
      filters:
        view.filters && Object.keys(view.filters).length > 0 ? JSON.stringify(view.filters) : undefined,
      isViewed: view.isViewed,
      sortBy: view.sortBy,
      order: view.order,
      columns: view.columns.join(","),
    }),
  } as const;
}

/** The 202 answer: the export goes on as a job. */
const ZExportStarted = z.object({ job: ZExportJob });

const fileNameOf = (header: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(header ?? "")?.[1] ?? fallback;

/**
 * Asks for an export. The answer is a file (read as a blob, not JSON) or a job (202), so this
 * reads the response itself; the client renews an expired sign-in and asks again.
 */
export async function requestExport(formId: number, request: ExportRequest): Promise<ExportOutcome> {
  const { data, error, response } = await client.GET("/api/forms/{id}/answers/export/{format}", {
    params: { path: { id: formId, format: request.format }, query: exportQuery(request) },
    parseAs: "blob",
  });
  if (!response.ok || !data)
    throw new ApiError(
      response.status,
      (error as ApiErrorBody | undefined) ?? { code: "export.failed", message: "" },
    );
  if (response.status === 202)
    return { kind: "job", job: ZExportStarted.parse(JSON.parse(await data.text())).job };
  return {
    kind: "file",
    blob: data,
    fileName: fileNameOf(response.headers.get("content-disposition"), `results.${request.format}`),
  };
}

/** Hands a downloaded file to the browser to save. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A large export's progress, asked for every second until it is done or failed. */
export const useExportJob = (formId: number, jobId: number | null) =>
  useQuery({
    queryKey: ["forms", formId, "export-jobs", jobId],
    queryFn: (): Promise<TExportJob> =>
      unwrap(
        client.GET("/api/forms/{id}/answers/export-jobs/{jobId}", {
          params: { path: { id: formId, jobId: jobId ?? 0 } },
        }),
      ),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === "done" || state === "failed" ? false : 1000;
    },
  });
