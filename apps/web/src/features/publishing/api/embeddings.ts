import type { TEmbedding, TEmbeddingBody } from "@formloom/core/api/embeddings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

const key = (formId: number) => ["forms", formId, "embeddings"] as const;
const inForm = (formId: number) => ({ params: { path: { id: formId } } });
const one = (formId: number, embeddingId: number) => ({ params: { path: { id: formId, embeddingId } } });

export const useEmbeddings = (formId: number) =>
  useQuery({
    queryKey: key(formId),
    queryFn: () =>
      unwrap(client.GET("/api/forms/{id}/embeddings", inForm(formId))).then(
        (r): TEmbedding[] => r.embeddings,
      ),
  });

export const useEmbedding = (formId: number, embeddingId: number) =>
  useQuery({
    queryKey: [...key(formId), embeddingId],
    queryFn: (): Promise<TEmbedding> =>
      unwrap(client.GET("/api/forms/{id}/embeddings/{embeddingId}", one(formId, embeddingId))),
  });

function useEmbeddingMutation<Input, Output>(formId: number, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(formId) }),
  });
}

export const useCreateEmbedding = (formId: number) =>
  useEmbeddingMutation(
    formId,
    (body: TEmbeddingBody): Promise<TEmbedding> =>
      unwrap(client.POST("/api/forms/{id}/embeddings", { ...inForm(formId), body })),
  );

export const useEditEmbedding = (formId: number, embeddingId: number) =>
  useEmbeddingMutation(
    formId,
    (body: TEmbeddingBody): Promise<TEmbedding> =>
      unwrap(client.PUT("/api/forms/{id}/embeddings/{embeddingId}", { ...one(formId, embeddingId), body })),
  );

export const useDeleteEmbedding = (formId: number) =>
  useEmbeddingMutation(formId, (embeddingId: number) =>
    unwrap(client.DELETE("/api/forms/{id}/embeddings/{embeddingId}", one(formId, embeddingId))),
  );
