import type { TEmbedding, TEmbeddingBody } from "@formloom/core/api/embeddings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const key = (formId: number) => ["forms", formId, "embeddings"] as const;
const base = (formId: number) => `/forms/${formId}/embeddings`;

export const useEmbeddings = (formId: number) =>
  useQuery({
    queryKey: key(formId),
    queryFn: () => api<{ embeddings: TEmbedding[] }>("GET", base(formId)).then((r) => r.embeddings),
  });

export const useEmbedding = (formId: number, embeddingId: number) =>
  useQuery({
    queryKey: [...key(formId), embeddingId],
    queryFn: () => api<TEmbedding>("GET", `${base(formId)}/${embeddingId}`),
  });

function useEmbeddingMutation<Input, Output>(formId: number, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(formId) }),
  });
}

export const useCreateEmbedding = (formId: number) =>
  useEmbeddingMutation(formId, (body: TEmbeddingBody) => api<TEmbedding>("POST", base(formId), body));

export const useEditEmbedding = (formId: number, embeddingId: number) =>
  useEmbeddingMutation(formId, (body: TEmbeddingBody) =>
    api<TEmbedding>("PUT", `${base(formId)}/${embeddingId}`, body),
  );

export const useDeleteEmbedding = (formId: number) =>
  useEmbeddingMutation(formId, (embeddingId: number) =>
    api<null>("DELETE", `${base(formId)}/${embeddingId}`),
  );
