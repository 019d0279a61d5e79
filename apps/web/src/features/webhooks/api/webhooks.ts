import type {
  TWebhook,
  TWebhookDelivery,
  TWebhookPatchBody,
  TWebhookTestResult,
  ZWebhookCreateBody,
} from "@formloom/core/api/webhooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { unwrap } from "../../../lib/api-client.ts";
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
      unwrap(
        client.GET("/api/forms/{id}/webhooks/{webhookId}/deliveries", {
          params: { path: { id: formId, webhookId } },
        }),
      ).then((r): TWebhookDelivery[] => r.deliveries),
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
  useWebhookMutation(
    (body: z.input<typeof ZWebhookCreateBody>): Promise<TWebhookWithSecret> =>
      unwrap(client.POST("/api/forms/{id}/webhooks", { params: { path: { id: formId } }, body })),
  );

export const useEditWebhook = (formId: number, webhookId: number) =>
  useWebhookMutation(
    (body: TWebhookPatchBody): Promise<TWebhook> =>
      unwrap(
        client.PATCH("/api/forms/{id}/webhooks/{webhookId}", {
          params: { path: { id: formId, webhookId } },
          body,
        }),
      ),
  );

/** Switches a webhook on or off from a list (the account's list holds several forms' webhooks). */
export const useToggleWebhook = () =>
  useWebhookMutation(
    (webhook: TWebhook): Promise<TWebhook> =>
      unwrap(
        client.PATCH("/api/forms/{id}/webhooks/{webhookId}", {
          params: { path: { id: webhook.formId, webhookId: webhook.id } },
          body: { enabled: !webhook.enabled },
        }),
      ),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((webhook: TWebhook) =>
    unwrap(
      client.DELETE("/api/forms/{id}/webhooks/{webhookId}", {
        params: { path: { id: webhook.formId, webhookId: webhook.id } },
      }),
    ),
  );

export const useRotateSecret = (formId: number, webhookId: number) =>
  useWebhookMutation(
    (): Promise<TWebhookWithSecret> =>
      unwrap(
        client.POST("/api/forms/{id}/webhooks/{webhookId}/secret/rotate", {
          params: { path: { id: formId, webhookId } },
        }),
      ),
  );

export const useReplayDelivery = (formId: number, webhookId: number) =>
  useWebhookMutation((deliveryId: number) =>
    unwrap(
      client.POST("/api/forms/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/replay", {
        params: { path: { id: formId, webhookId, deliveryId } },
      }),
    ),
  );

/** Sends one signed test event now; the answer says what the endpoint replied. */
export const useSendTestEvent = (formId: number, webhookId: number) =>
  useMutation({
    mutationFn: (): Promise<TWebhookTestResult> =>
      unwrap(
        client.POST("/api/forms/{id}/webhooks/{webhookId}/test", {
          params: { path: { id: formId, webhookId } },
        }),
      ),
  });
