import type { TExternalApp, TExternalAppBody, TExternalAppCreated } from "@formloom/core/api/external-apps";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useExternalApps = () =>
  useQuery({
    queryKey: ["external-apps"],
    queryFn: () => api<{ apps: TExternalApp[] }>("GET", "/external-apps").then((r) => r.apps),
  });

export const useExternalApp = (id: number) =>
  useQuery({
    queryKey: ["external-apps", id],
    queryFn: () => api<TExternalApp>("GET", `/external-apps/${id}`),
  });

function useAppMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["external-apps"] }),
  });
}

export const useCreateExternalApp = () =>
  useAppMutation((body: TExternalAppBody) => api<TExternalAppCreated>("POST", "/external-apps", body));
export const useEditExternalApp = (id: number) =>
  useAppMutation((body: TExternalAppBody) => api<TExternalApp>("POST", `/external-apps/${id}/edit`, body));
export const useDeleteExternalApp = () =>
  useAppMutation((id: number) => api<{ deleted: true }>("POST", `/external-apps/${id}/delete`));

/** Switches off someone else's token (all an admin may change of it); the rest is sent as it is. */
export const useDisableExternalApp = () =>
  useAppMutation((app: TExternalApp) =>
    api<TExternalApp>("POST", `/external-apps/${app.id}/edit`, {
      name: app.name,
      description: app.description,
      allowedIps: app.allowedIps,
      expiresAt: app.expiresAt,
      status: "disabled",
    } satisfies TExternalAppBody),
  );
