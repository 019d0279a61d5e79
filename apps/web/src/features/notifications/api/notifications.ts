import type {
  TAutomationJob,
  TEmailNotification,
  TEmailNotificationPatchBody,
  ZEmailNotificationCreateBody,
} from "@formloom/core/api/email-notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";

/** Every notification query starts with this key, so a change refreshes the form's list and the account's. */
const KEY = "email-notifications";

export const useAllNotifications = () =>
  useQuery({
    queryKey: [KEY, "all"],
    queryFn: () =>
      api<{ notifications: TEmailNotification[] }>("GET", "/email-notifications/all").then(
        (r) => r.notifications,
      ),
  });

export const useFormNotifications = (formId: number) =>
  useQuery({
    queryKey: [KEY, "form", formId],
    queryFn: () =>
      api<{ notifications: TEmailNotification[] }>("GET", `/forms/${formId}/email-notifications`).then(
        (r) => r.notifications,
      ),
  });

export const useNotification = (formId: number, notificationId: number) =>
  useQuery({
    queryKey: [KEY, "form", formId, notificationId],
    queryFn: () => api<TEmailNotification>("GET", `/forms/${formId}/email-notifications/${notificationId}`),
  });

/** The latest submissions' jobs with their attempts; asked again while one is still queued. */
export const useAutomationJobs = (formId: number) =>
  useQuery({
    queryKey: [KEY, "jobs", formId],
    queryFn: () =>
      api<{ jobs: TAutomationJob[] }>("GET", `/forms/${formId}/automation-jobs`).then((r) => r.jobs),
    refetchInterval: (query) => (query.state.data?.some((job) => job.state === "queued") ? 3000 : 15_000),
  });

function useNotificationMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useCreateNotification = (formId: number) =>
  useNotificationMutation((body: z.input<typeof ZEmailNotificationCreateBody>) =>
    api<TEmailNotification>("POST", `/forms/${formId}/email-notifications`, body),
  );

export const useEditNotification = (formId: number, notificationId: number) =>
  useNotificationMutation((body: TEmailNotificationPatchBody) =>
    api<TEmailNotification>("PATCH", `/forms/${formId}/email-notifications/${notificationId}`, body),
  );

/** Switches a notification on or off from a list (the account's list holds several forms'). */
export const useToggleNotification = () =>
  useNotificationMutation((notification: TEmailNotification) =>
    api<TEmailNotification>("PATCH", `/forms/${notification.formId}/email-notifications/${notification.id}`, {
      enabled: !notification.enabled,
    }),
  );

export const useDeleteNotification = () =>
  useNotificationMutation((notification: TEmailNotification) =>
    api<{ deleted: true }>("DELETE", `/forms/${notification.formId}/email-notifications/${notification.id}`),
  );
