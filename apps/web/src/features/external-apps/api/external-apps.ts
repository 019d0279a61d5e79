import type { TExternalApp, TExternalAppBody, TExternalAppCreated } from "@formloom/core/api/external-apps";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** The external apps' calls, through the typed client; every change reloads the list. */
export const useExternalApps = () =>
  useQuery({
    queryKey: ["external-apps"],
    queryFn: () => unwrap(client.GET("/api/external-apps")).then((r): TExternalApp[] => r.apps),
  });

export const useExternalApp = (id: number) =>
  useQuery({
    queryKey: ["external-apps", id],
    queryFn: (): Promise<TExternalApp> =>
      unwrap(client.GET("/api/external-apps/{id}", { params: { path: { id } } })),
  });

function useAppMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["external-apps"] }),
  });
}

const edit = (id: number, body: TExternalAppBody): Promise<TExternalApp> =>
  unwrap(client.POST("/api/external-apps/{id}/edit", { params: { path: { id } }, body }));

export const useCreateExternalApp = () =>
  useAppMutation(
    (body: TExternalAppBody): Promise<TExternalAppCreated> =>
      unwrap(client.POST("/api/external-apps", { body })),
  );
export const useEditExternalApp = (id: number) => useAppMutation((body: TExternalAppBody) => edit(id, body));
export const useDeleteExternalApp = () =>
  useAppMutation((id: number) =>
    unwrap(client.POST("/api/external-apps/{id}/delete", { params: { path: { id } } })),
  );

/** Switches off someone else's token (all an admin may change of it); the rest is sent as it is. */
export const useDisableExternalApp = () =>
  useAppMutation((app: TExternalApp) =>
    edit(app.id, {
      name: app.name,
      description: app.description,
      allowedIps: app.allowedIps,
      expiresAt: app.expiresAt,
      status: "disabled",
    }),
  );
