import type {
  TAutomationJob,
  TEmailNotification,
  TEmailNotificationPatchBody,
  ZEmailNotificationCreateBody,
} from "@formloom/core/api/email-notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Every notification query starts with this key, so a change refreshes the form's list and the account's. */
const KEY = "email-notifications";

export const useAllNotifications = () =>
  useQuery({
    queryKey: [KEY, "all"],
    queryFn: () =>
      unwrap(client.GET("/api/email-notifications/all")).then((r): TEmailNotification[] => r.notifications),
  });

/** A form's e-mail notifications; `optional` where a page can do without them (a rule's actions). */
export const useFormNotifications = (formId: number, { optional = false } = {}) =>
  useQuery({
    queryKey: [KEY, "form", formId],
    meta: { optional },
    queryFn: () =>
      unwrap(client.GET("/api/forms/{id}/email-notifications", { params: { path: { id: formId } } })).then(
        (r): TEmailNotification[] => r.notifications,
      ),
  });

export const useNotification = (formId: number, notificationId: number) =>
  useQuery({
    queryKey: [KEY, "form", formId, notificationId],
    queryFn: (): Promise<TEmailNotification> =>
      unwrap(
        client.GET("/api/forms/{id}/email-notifications/{notificationId}", {
          params: { path: { id: formId, notificationId } },
        }),
      ),
  });

/** The latest submissions' jobs with their attempts; asked again while one is still queued. */
export const useAutomationJobs = (formId: number) =>
  useQuery({
    queryKey: [KEY, "jobs", formId],
    queryFn: () =>
      unwrap(client.GET("/api/forms/{id}/automation-jobs", { params: { path: { id: formId } } })).then(
        (r): TAutomationJob[] => r.jobs,
      ),
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
  useNotificationMutation(
    (body: z.input<typeof ZEmailNotificationCreateBody>): Promise<TEmailNotification> =>
      unwrap(client.POST("/api/forms/{id}/email-notifications", { params: { path: { id: formId } }, body })),
  );

export const useEditNotification = (formId: number, notificationId: number) =>
  useNotificationMutation(
    (body: TEmailNotificationPatchBody): Promise<TEmailNotification> =>
      unwrap(
        client.PATCH("/api/forms/{id}/email-notifications/{notificationId}", {
          params: { path: { id: formId, notificationId } },
          body,
        }),
      ),
  );

/** Switches a notification on or off from a list (the account's list holds several forms'). */
export const useToggleNotification = () =>
  useNotificationMutation(
    (notification: TEmailNotification): Promise<TEmailNotification> =>
      unwrap(
        client.PATCH("/api/forms/{id}/email-notifications/{notificationId}", {
          params: { path: { id: notification.formId, notificationId: notification.id } },
          body: { enabled: !notification.enabled },
        }),
      ),
  );

export const useDeleteNotification = () =>
  useNotificationMutation((notification: TEmailNotification) =>
    unwrap(
      client.DELETE("/api/forms/{id}/email-notifications/{notificationId}", {
        params: { path: { id: notification.formId, notificationId: notification.id } },
      }),
    ),
  );
