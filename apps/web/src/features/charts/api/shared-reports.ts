import type { TSharedReport, TSharedReportCreated } from "@formloom/core/api/shared-reports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const key = (formId: number) => ["forms", formId, "shared-reports"];

/** The form's shared reports, without their tokens. */
export const useSharedReports = (formId: number) =>
  useQuery({
    queryKey: key(formId),
    queryFn: () => api<{ reports: TSharedReport[] }>("GET", `/forms/${formId}/shared-reports`),
  });

/** A new shared report; its link is in this answer only. */
export function useCreateSharedReport(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TSharedReportCreated>("POST", `/forms/${formId}/shared-reports`),
    onSuccess: () => client.invalidateQueries({ queryKey: key(formId) }),
  });
}

export function useRevokeSharedReport(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) => api<void>("DELETE", `/forms/${formId}/shared-reports/${reportId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key(formId) }),
  });
}

/** The address a shared report is opened at. */
export const sharedReportUrl = (token: string) => `${window.location.origin}/report/${token}`;
