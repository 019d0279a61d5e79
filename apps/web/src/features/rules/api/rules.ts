import type { TFormWithFields } from "@formloom/core/api/forms";
import type { TAccountRules } from "@formloom/core/api/rules";
import type { TWebhook } from "@formloom/core/api/webhooks";
import type { TRule } from "@formloom/core/rule-schema";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";
import { useFormNotifications } from "../../notifications/api/notifications.ts";
import type { ActionTargets } from "../rule-text.ts";

export const accountRulesQuery = queryOptions({
  queryKey: ["form-rules", "all"],
  queryFn: (): Promise<TAccountRules> => unwrap(client.GET("/api/form-rules/all")),
});

export const useAccountRules = () => useQuery(accountRulesQuery);

/**
 * Saves a form's whole list of rules through the form's PATCH. The form's lastChangeDate goes
 * along as If-Match, so a save made from an old copy is refused (409 form.changed) instead of
 * undoing what someone saved meanwhile.
 */
export function useSaveRules(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      rules,
      lastChangeDate,
    }: {
      rules: TRule[];
      lastChangeDate: string;
    }): Promise<TFormWithFields> =>
      unwrap(
        client.PATCH("/api/forms/{id}", {
          params: { path: { id: formId } },
          body: { conditionalRules: rules },
          headers: { "if-match": lastChangeDate },
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(["forms", formId], saved);
      return queryClient.invalidateQueries({ queryKey: ["form-rules"] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ["forms", formId] }),
  });
}

/** The form's webhooks a rule's "Call webhook" may call; refused to a reader who may not list them. */
export function useWebhooks(formId: number) {
  return useQuery({
    queryKey: ["forms", formId, "webhooks"],
    queryFn: (): Promise<{ webhooks: TWebhook[] }> =>
      unwrap(client.GET("/api/forms/{id}/webhooks", { params: { path: { id: formId } } })),
    retry: false,
    meta: { optional: true },
  });
}

/** The names the rules' actions call their webhooks and e-mail notifications by. */
export function useActionTargets(formId: number): ActionTargets {
  const webhooks = useWebhooks(formId).data?.webhooks;
  const notifications = useFormNotifications(formId, { optional: true }).data;
  // Kept while the lists are the same, so the diagram is not laid out again on every render.
  return useMemo(
    () => ({
      ...(webhooks ? { webhooks: new Map(webhooks.map((hook) => [String(hook.id), hook.title])) } : {}),
      ...(notifications
        ? { notifications: new Map(notifications.map((n) => [String(n.id), n.adminName])) }
        : {}),
    }),
    [webhooks, notifications],
  );
}
