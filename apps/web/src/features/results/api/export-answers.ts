import type { ExportDataType, ExportDestination, ExportFormat, TExportJob } from "@formloom/core/api/exports";
import type { TAnswerFilters } from "@formloom/core/api/results-table";
import type { ApiErrorBody } from "@formloom/core/errors";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api, apiResponse } from "../../../lib/api-client.ts";

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

function exportQuery(request: ExportRequest): string {
  const query = new URLSearchParams({
    settings: request.types.join(","),
    plain_text: String(request.plainText),
  });
  if (request.tableName.trim()) query.set("table_name", request.tableName.trim());
  if (request.destination === "google_sheets") query.set("google_spreadsheet", "true");
  const view = request.view;
  if (view) {
    if (view.filters && Object.keys(view.filters).length > 0)
      query.set("filters", JSON.stringify(view.filters));
    if (view.isViewed) query.set("isViewed", view.isViewed);
    query.set("sortBy", view.sortBy);
    query.set("order", view.order);
    query.set("columns", view.columns.join(","));
  }
  return query.toString();
}

const fileNameOf = (header: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(header ?? "")?.[1] ?? fallback;

/**
 * Asks for an export. The answer is a file (read as a blob, not JSON) or a job (202), so this
 * reads the response itself; the client renews an expired sign-in and asks again.
 */
export async function requestExport(formId: number, request: ExportRequest): Promise<ExportOutcome> {
  const response = await apiResponse(
    `/forms/${formId}/answers/export/${request.format}?${exportQuery(request)}`,
  );
  if (response.status === 202)
    return { kind: "job", job: ((await response.json()) as { job: TExportJob }).job };
  if (response.ok) {
    return {
      kind: "file",
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get("content-disposition"), `results.${request.format}`),
    };
  }
  const body = ((await response.json().catch(() => null)) as ApiErrorBody | null) ?? {
    code: "export.failed",
    message: "",
  };
  throw new ApiError(response.status, body);
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
    queryFn: () => api<TExportJob>("GET", `/forms/${formId}/answers/export-jobs/${jobId}`),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === "done" || state === "failed" ? false : 1000;
    },
  });
