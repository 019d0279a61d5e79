import type {
  Currency,
  PaymentProviderId,
  TBillingStatus,
  TCurrentService,
  THistoryEntry,
  TPaymentView,
  TService,
} from "@formloom/core/api/billing";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useBillingStatus = () =>
  useQuery({
    queryKey: ["billing", "status"],
    queryFn: () => api<TBillingStatus>("GET", "/account/billing/status"),
  });

export const useBillingHistory = (range: { date_from?: string; date_to?: string }) =>
  useQuery({
    queryKey: ["billing", "history", range],
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries(range).filter(([, value]) => value) as [string, string][],
      );
      return api<{ history: THistoryEntry[] }>("GET", `/account/billing/history?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export const useAccountServices = () =>
  useQuery({
    queryKey: ["billing", "services"],
    queryFn: () =>
      api<{ allServices: TService[]; currentServices: TCurrentService[] }>("GET", "/account/service"),
  });

/** Adds or removes a service; the balance and status change with it. */
export function useServiceChange(action: "add" | "remove") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) => api("POST", `/account/service/${action}`, { service_id: serviceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["billing"] }),
  });
}

export const usePaymentProviders = () =>
  useQuery({
    queryKey: ["payment-providers"],
    queryFn: () => api<{ providers: PaymentProviderId[] }>("GET", "/payments/providers"),
  });

export interface PaymentInput {
  amount: number;
  currency: Currency;
  provider: PaymentProviderId;
}

/** Starts a payment (to the balance, or a donation to a project) and goes where the provider says. */
export function useStartPayment(path: string) {
  return useMutation({
    mutationFn: (input: PaymentInput) => api<{ publicId: string; redirectUrl: string }>("POST", path, input),
    onSuccess: (started) => {
      window.location.assign(started.redirectUrl);
    },
  });
}

export const usePayment = (publicId: string | undefined) =>
  useQuery({
    queryKey: ["payment", publicId],
    queryFn: () => api<TPaymentView>("GET", `/payments/${publicId}`),
    enabled: Boolean(publicId),
    // A provider's webhook may settle it a moment after the payer is back.
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 1000 : false),
  });

export function useSettleOffline(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: "confirm" | "decline") =>
      api<TPaymentView>("POST", `/payments/${publicId}/offline/${outcome}`),
    onSuccess: (payment) => queryClient.setQueryData(["payment", publicId], payment),
  });
}

/** An amount of cents in its currency, in the reader's language. */
export function money(cents: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}
