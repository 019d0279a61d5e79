import type {
  TTicketAttachment,
  TTicketBody,
  TTicketDetail,
  TTicketList,
  TTicketMessageBody,
  TTicketStatus,
} from "@formloom/core/api/support";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client, formData } from "../../../lib/typed-client.ts";

const ticket = (id: number) => ({ params: { path: { id } } });

/** The tickets the user sees (all accounts' for an operator), the latest message first. */
export const useTickets = (status?: TTicketStatus) =>
  useQuery({
    queryKey: ["support", "tickets", status ?? "all"],
    queryFn: (): Promise<TTicketList> =>
      unwrap(client.GET("/api/support/tickets", { params: { query: status ? { status } : {} } })),
  });

export const useTicket = (id: number) =>
  useQuery({
    queryKey: ["support", "ticket", id],
    queryFn: (): Promise<TTicketDetail> => unwrap(client.GET("/api/support/tickets/{id}", ticket(id))),
    retry: false,
  });

/** Uploads one file for a message to come; its id goes into the message's attachmentIds. */
export function uploadTicketFile(file: File, ticketId?: number): Promise<TTicketAttachment> {
  // A file for an existing ticket is stored under that ticket's account (an operator's answer).
  const query = ticketId === undefined ? {} : { ticketId: String(ticketId) };
  return unwrap(
    client.POST("/api/support/attachments", {
      params: { query },
      body: { file },
      bodySerializer: formData,
    }),
  );
}

/** Uploads the files, then sends the message naming them. */
async function withFiles<Body extends TTicketMessageBody>(body: Body, files: File[], ticketId?: number) {
  const uploaded = [];
  for (const file of files) uploaded.push(await uploadTicketFile(file, ticketId));
  return { ...body, attachmentIds: uploaded.map((file) => file.id) };
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files }: { body: TTicketBody; files: File[] }): Promise<TTicketDetail> =>
      unwrap(client.POST("/api/support/tickets", { body: await withFiles(body, files) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["support", "tickets"] }),
  });
}

function useTicketChange<Input>(id: number, change: (input: Input) => Promise<TTicketDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (detail) => {
      queryClient.setQueryData(["support", "ticket", id], detail);
      void queryClient.invalidateQueries({ queryKey: ["support", "tickets"] });
    },
  });
}

export const useWriteInTicket = (id: number) =>
  useTicketChange(id, async ({ body, files }: { body: TTicketMessageBody; files: File[] }) =>
    unwrap(
      client.POST("/api/support/tickets/{id}/messages", {
        ...ticket(id),
        body: await withFiles(body, files, id),
      }),
    ),
  );

export const useCloseTicket = (id: number) =>
  useTicketChange(id, (action: "close" | "reopen") =>
    unwrap(
      action === "close"
        ? client.POST("/api/support/tickets/{id}/close", ticket(id))
        : client.POST("/api/support/tickets/{id}/reopen", ticket(id)),
    ),
  );

/** A ticket's file, read through the signed-in client and handed to the browser to save. */
export async function downloadTicketFile(ticketId: number, file: TTicketAttachment): Promise<void> {
  const blob = await unwrap(
    client.GET("/api/support/tickets/{id}/attachments/{fileId}", {
      params: { path: { id: ticketId, fileId: file.id } },
      parseAs: "blob",
    }),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
