import type {
  TTicketAttachment,
  TTicketBody,
  TTicketDetail,
  TTicketList,
  TTicketMessageBody,
  TTicketStatus,
} from "@formloom/core/api/support";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiResponse } from "../../../lib/api-client.ts";

/** The tickets the user sees (all accounts' for an operator), the latest message first. */
export const useTickets = (status?: TTicketStatus) =>
  useQuery({
    queryKey: ["support", "tickets", status ?? "all"],
    queryFn: () => api<TTicketList>("GET", `/support/tickets${status ? `?status=${status}` : ""}`),
  });

export const useTicket = (id: number) =>
  useQuery({
    queryKey: ["support", "ticket", id],
    queryFn: () => api<TTicketDetail>("GET", `/support/tickets/${id}`),
    retry: false,
  });

/** Uploads one file for a message to come; its id goes into the message's attachmentIds. */
export function uploadTicketFile(file: File, ticketId?: number): Promise<TTicketAttachment> {
  const body = new FormData();
  if (ticketId !== undefined) body.append("ticketId", String(ticketId));
  body.append("file", file);
  return api<TTicketAttachment>("POST", "/support/attachments", body);
}

/** Uploads the files, then sends the message naming them. */
async function withFiles<Body extends TTicketMessageBody>(body: Body, files: File[], ticketId?: number) {
  const uploaded = [];
  for (const file of files) uploaded.push(await uploadTicketFile(file, ticketId));
  return { ...body, attachmentIds: uploaded.map((file) => file.id) };
}

export function useOpenTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files }: { body: TTicketBody; files: File[] }) =>
      api<TTicketDetail>("POST", "/support/tickets", await withFiles(body, files)),
    onSuccess: () => client.invalidateQueries({ queryKey: ["support", "tickets"] }),
  });
}

function useTicketChange<Input>(id: number, change: (input: Input) => Promise<TTicketDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (ticket) => {
      client.setQueryData(["support", "ticket", id], ticket);
      void client.invalidateQueries({ queryKey: ["support", "tickets"] });
    },
  });
}

export const useWriteInTicket = (id: number) =>
  useTicketChange(id, async ({ body, files }: { body: TTicketMessageBody; files: File[] }) =>
    api<TTicketDetail>("POST", `/support/tickets/${id}/messages`, await withFiles(body, files, id)),
  );

export const useCloseTicket = (id: number) =>
  useTicketChange(id, (action: "close" | "reopen") =>
    api<TTicketDetail>("POST", `/support/tickets/${id}/${action}`),
  );

/** A ticket's file, read through the signed-in client and handed to the browser to save. */
export async function downloadTicketFile(ticketId: number, file: TTicketAttachment): Promise<void> {
  const response = await apiResponse(`/support/tickets/${ticketId}/attachments/${file.id}`);
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
