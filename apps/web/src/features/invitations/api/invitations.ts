import type { TInvitation, TInvitationPreview, TOutbox } from "@formloom/core/api/invitations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useInvitations = () =>
  useQuery({
    queryKey: ["invitations"],
    queryFn: () => unwrap(client.GET("/api/account/invitations")).then((r): TInvitation[] => r.invitations),
  });

export function useSendInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { emails: string; groupIds: number[] }) =>
      unwrap(client.POST("/api/account/invitations/send", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["invitations"] }),
  });
}

/** Revokes or resends one invitation; the list and the outbox reload after either. */
export function useInvitationAction(action: "revoke" | "resend") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<TInvitation> => {
      const options = { params: { path: { id } } };
      return unwrap(
        action === "revoke"
          ? client.POST("/api/account/invitations/{id}/revoke", options)
          : client.POST("/api/account/invitations/{id}/resend", options),
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["invitations"] }),
        queryClient.invalidateQueries({ queryKey: ["outbox"] }),
      ]),
  });
}

export const useOutbox = (enabled: boolean) =>
  useQuery({
    queryKey: ["outbox"],
    queryFn: (): Promise<TOutbox> => unwrap(client.GET("/api/account/outbox")),
    enabled,
  });

export const useInvitationPreview = (code: string | undefined) =>
  useQuery({
    queryKey: ["invitation-preview", code],
    queryFn: (): Promise<TInvitationPreview> =>
      unwrap(client.GET("/api/invitations/{code}", { params: { path: { code: code ?? "" } } })),
    enabled: Boolean(code),
    retry: false,
  });
