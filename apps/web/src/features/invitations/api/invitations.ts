import type { TInvitation, TInvitationPreview, TOutbox } from "@formloom/core/api/invitations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useInvitations = () =>
  useQuery({
    queryKey: ["invitations"],
    queryFn: () =>
      api<{ invitations: TInvitation[] }>("GET", "/account/invitations").then((r) => r.invitations),
  });

export function useSendInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { emails: string; groupIds: number[] }) =>
      api<{ invitations: TInvitation[]; skipped: string[] }>("POST", "/account/invitations/send", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["invitations"] }),
  });
}

/** Revokes or resends one invitation; the list and the outbox reload after either. */
export function useInvitationAction(action: "revoke" | "resend") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TInvitation>("POST", `/account/invitations/${id}/${action}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["invitations"] }),
        queryClient.invalidateQueries({ queryKey: ["outbox"] }),
      ]),
  });
}

export const useOutbox = (enabled: boolean) =>
  useQuery({ queryKey: ["outbox"], queryFn: () => api<TOutbox>("GET", "/account/outbox"), enabled });

export const useInvitationPreview = (code: string | undefined) =>
  useQuery({
    queryKey: ["invitation-preview", code],
    queryFn: () => api<TInvitationPreview>("GET", `/invitations/${encodeURIComponent(code ?? "")}`),
    enabled: Boolean(code),
    retry: false,
  });
