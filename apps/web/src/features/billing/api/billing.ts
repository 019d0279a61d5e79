import type {
  Currency,
  DONATION_PROJECTS,
  PaymentProviderId,
  TBillingStatus,
  TCurrentService,
  THistoryEntry,
  TPaymentView,
  TService,
} from "@formloom/core/api/billing";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useBillingStatus = () =>
  useQuery({
    queryKey: ["billing", "status"],
    queryFn: (): Promise<TBillingStatus> => unwrap(client.GET("/api/account/billing/status")),
  });

export const useBillingHistory = (range: { date_from?: string; date_to?: string }) =>
  useQuery({
    queryKey: ["billing", "history", range],
    queryFn: (): Promise<{ history: THistoryEntry[] }> =>
      unwrap(
        client.GET("/api/account/billing/history", {
          params: { query: { date_from: range.date_from || undefined, date_to: range.date_to || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The marketplace's services and the account's; a failure to load is only logged (platform.md §8). */
export const useAccountServices = () =>
  useQuery({
    queryKey: ["billing", "services"],
    queryFn: (): Promise<{ allServices: TService[]; currentServices: TCurrentService[] }> =>
      unwrap(client.GET("/api/account/service")).catch((error: unknown) => {
        console.error("The marketplace's services could not be loaded", error);
        return { allServices: [], currentServices: [] };
      }),
  });

/**
 * Adds or removes a service; the balance and status change with it. A refusal is only logged, as
 * every marketplace call's failure is (platform.md §8).
 */
export function useServiceChange(action: "add" | "remove") {
  const queryClient = useQueryClient();
  return useMutation({
    onError: (error: unknown) =>
      console.error(`The service could not be ${action === "add" ? "added" : "removed"}`, error),
    mutationFn: (serviceId: string) =>
      unwrap(
        action === "add"
          ? client.POST("/api/account/service/add", { body: { service_id: serviceId } })
          : client.POST("/api/account/service/remove", { body: { service_id: serviceId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["billing"] }),
  });
}

export const usePaymentProviders = () =>
  useQuery({
    queryKey: ["payment-providers"],
    queryFn: (): Promise<{ providers: PaymentProviderId[] }> => unwrap(client.GET("/api/payments/providers")),
  });

/** A project a donation can go to. */
export type DonationProject = (typeof DONATION_PROJECTS)[number];

export interface PaymentInput {
  amount: number;
  currency: Currency;
  provider: PaymentProviderId;
}

/**
 * Starts a payment (to the balance, or a donation to `project` when one is named) and goes where
 * the provider says.
 */
export function useStartPayment(project?: DonationProject) {
  return useMutation({
    mutationFn: (input: PaymentInput): Promise<{ publicId: string; redirectUrl: string }> =>
      unwrap(
        project
          ? client.POST("/api/projects/{project}/payment", { params: { path: { project } }, body: input })
          : client.POST("/api/account/billing/payment", { body: input }),
      ),
    onSuccess: (started) => {
      window.location.assign(started.redirectUrl);
    },
  });
}

export const usePayment = (publicId: string | undefined) =>
  useQuery({
    queryKey: ["payment", publicId],
    queryFn: (): Promise<TPaymentView> =>
      unwrap(client.GET("/api/payments/{publicId}", { params: { path: { publicId: publicId ?? "" } } })),
    enabled: Boolean(publicId),
    // A provider's webhook may settle it a moment after the payer is back.
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 1000 : false),
  });

export function useSettleOffline(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: "confirm" | "decline"): Promise<TPaymentView> => {
      const params = { path: { publicId } };
      return unwrap(
        outcome === "confirm"
          ? client.POST("/api/payments/{publicId}/offline/confirm", { params })
          : client.POST("/api/payments/{publicId}/offline/decline", { params }),
      );
    },
    onSuccess: (payment) => queryClient.setQueryData(["payment", publicId], payment),
  });
}

/** An amount of cents in its currency, in the reader's language. */
export function money(cents: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}
