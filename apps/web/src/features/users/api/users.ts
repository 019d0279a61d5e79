import type { TUserEditBody, TUserProfile } from "@formloom/core/api/users";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client, formData } from "../../../lib/typed-client.ts";

export const useUserProfile = (userId: number | undefined) =>
  useQuery({
    queryKey: ["profiles", userId],
    queryFn:
      userId === undefined
        ? skipToken
        : (): Promise<TUserProfile> =>
            unwrap(client.GET("/api/user/{id}", { params: { path: { id: userId } } })),
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
  useProfileMutation(
    (body: TUserEditBody): Promise<TUserProfile> =>
      unwrap(client.POST("/api/user/{id}/edit", { params: { path: { id: userId } }, body })),
  );

export const useUploadAvatar = () =>
  useProfileMutation(
    (file: File): Promise<TUserProfile> =>
      unwrap(client.POST("/api/user/upload_file", { body: { file }, bodySerializer: formData })),
  );

/** Takes a user out of the account; the lists that showed them reload. */
export function useRemoveFromAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      unwrap(client.POST("/api/account/users/{id}/remove", { params: { path: { id: userId } } })),
    onSuccess: (_, userId) => {
      queryClient.removeQueries({ queryKey: ["profiles", userId] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["account-users"] }),
        queryClient.invalidateQueries({ queryKey: ["groups"] }),
      ]);
    },
  });
}
