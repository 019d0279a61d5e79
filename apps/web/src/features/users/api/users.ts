import type { TUserEditBody, TUserProfile } from "@formloom/core/api/users";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useUserProfile = (userId: number | undefined) =>
  useQuery({
    queryKey: ["profiles", userId],
    queryFn: () => api<TUserProfile>("GET", `/user/${userId}`),
    enabled: userId !== undefined,
  });

function useProfileMutation<Input>(call: (input: Input) => Promise<TUserProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (profile) => {
      queryClient.setQueryData(["profiles", profile.id], profile);
      void queryClient.invalidateQueries({ queryKey: ["account-users"] });
      void queryClient.invalidateQueries({ queryKey: ["user"] });
    },
  });
}

export const useEditUser = (userId: number) =>
  useProfileMutation((body: TUserEditBody) => api<TUserProfile>("POST", `/user/${userId}/edit`, body));

export const useUploadAvatar = () =>
  useProfileMutation((file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api<TUserProfile>("POST", "/user/upload_file", body);
  });

/** Takes a user out of the account; the lists that showed them reload. */
export function useRemoveFromAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<{ removed: true }>("POST", `/account/users/${userId}/remove`),
    onSuccess: (_, userId) => {
      queryClient.removeQueries({ queryKey: ["profiles", userId] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["account-users"] }),
        queryClient.invalidateQueries({ queryKey: ["groups"] }),
      ]);
    },
  });
}
