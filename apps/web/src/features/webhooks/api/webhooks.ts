import type {
  TWebhook,
  TWebhookDelivery,
  TWebhookPatchBody,
  TWebhookTestResult,
  ZWebhookCreateBody,
} from "@formloom/core/api/webhooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export type TWebhookWithSecret = TWebhook & { secret: string };

/** Every webhook query starts with "webhooks", so a change refreshes the form's list and the account's. */
const KEY = "webhooks";

export const useAllWebhooks = () =>
  useQuery({
    queryKey: [KEY, "all"],
    queryFn: () => unwrap(client.GET("/api/webhooks/all")).then((r) => r.webhooks),
  });

export const useFormWebhooks = (formId: number) =>
  useQuery({
    queryKey: [KEY, "form", formId],
    queryFn: () =>
      unwrap(client.GET("/api/forms/{id}/webhooks", { params: { path: { id: formId } } })).then(
        (r) => r.webhooks,
      ),
  });

export const useWebhook = (formId: number, webhookId: number) =>
  useQuery({
    queryKey: [KEY, "form", formId, webhookId],
    queryFn: () =>
      unwrap(
        client.GET("/api/forms/{id}/webhooks/{webhookId}", { params: { path: { id: formId, webhookId } } }),
      ),
  });

/** The delivery log; while something is still queued it is asked again every few seconds. */
export const useDeliveries = (formId: number, webhookId: number) =>
  useQuery({
    queryKey: [KEY, "deliveries", formId, webhookId],
    queryFn: () =>
      api<{ deliveries: TWebhookDelivery[] }>(
        "GET",
        `/forms/${formId}/webhooks/${webhookId}/deliveries`,
      ).then((r) => r.deliveries),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.state === "queued") ? 2000 : 10_000,
  });

function useWebhookMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useCreateWebhook = (formId: number) =>
  useWebhookMutation((body: z.input<typeof ZWebhookCreateBody>) =>
    api<TWebhookWithSecret>("POST", `/forms/${formId}/webhooks`, body),
  );

export const useEditWebhook = (formId: number, webhookId: number) =>
  useWebhookMutation((body: TWebhookPatchBody) =>
    api<TWebhook>("PATCH", `/forms/${formId}/webhooks/${webhookId}`, body),
  );

/** Switches a webhook on or off from a list (the account's list holds several forms' webhooks). */
export const useToggleWebhook = () =>
  useWebhookMutation((webhook: TWebhook) =>
    api<TWebhook>("PATCH", `/forms/${webhook.formId}/webhooks/${webhook.id}`, { enabled: !webhook.enabled }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((webhook: TWebhook) =>
    api<{ deleted: true }>("DELETE", `/forms/${webhook.formId}/webhooks/${webhook.id}`),
  );

export const useRotateSecret = (formId: number, webhookId: number) =>
  useWebhookMutation(() =>
    api<TWebhookWithSecret>("POST", `/forms/${formId}/webhooks/${webhookId}/secret/rotate`),
  );

export const useReplayDelivery = (formId: number, webhookId: number) =>
  useWebhookMutation((deliveryId: number) =>
    api<{ queued: true }>("POST", `/forms/${formId}/webhooks/${webhookId}/deliveries/${deliveryId}/replay`),
  );

/** Sends one signed test event now; the answer says what the endpoint replied. */
export const useSendTestEvent = (formId: number, webhookId: number) =>
  useMutation({
    mutationFn: () => api<TWebhookTestResult>("POST", `/forms/${formId}/webhooks/${webhookId}/test`),
  });
