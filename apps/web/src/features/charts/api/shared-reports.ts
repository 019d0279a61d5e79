import type { TSharedReport, TSharedReportCreated } from "@formloom/core/api/shared-reports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client as api } from "../../../lib/typed-client.ts";

const key = (formId: number) => ["forms", formId, "shared-reports"];

/** The form's shared reports, without their tokens. */
export const useSharedReports = (formId: number) =>
  useQuery({
    queryKey: key(formId),
    queryFn: (): Promise<{ reports: TSharedReport[] }> =>
      unwrap(api.GET("/api/forms/{id}/shared-reports", { params: { path: { id: formId } } })),
  });

/** A new shared report; its link is in this answer only. */
export function useCreateSharedReport(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TSharedReportCreated> =>
      unwrap(api.POST("/api/forms/{id}/shared-reports", { params: { path: { id: formId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: key(formId) }),
  });
}

export function useRevokeSharedReport(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) =>
      unwrap(
        api.DELETE("/api/forms/{id}/shared-reports/{reportId}", {
          params: { path: { id: formId, reportId } },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: key(formId) }),
  });
}

/** The address a shared report is opened at. */
export const sharedReportUrl = (token: string) => `${window.location.origin}/report/${token}`;
