import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { logout, unwrap } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-text.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { session } from "../../../lib/session.ts";
import { client } from "../../../lib/typed-client.ts";
import { useInvitationPreview } from "../../invitations/api/invitations.ts";
import { useUser } from "../api/get-user.ts";
import { AuthCard } from "./auth-card.tsx";
import { RegisterPage } from "./register-page.tsx";

const route = getRouteApi("/registration/join");

/** registration/join?code=…: registration that joins the account which sent the invitation. */
export function JoinPage() {
  const { t } = useTranslation();
  const { code } = route.useSearch();
  const preview = useInvitationPreview(code);

  if (code && preview.isPending) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (!code || preview.error || !preview.data) {
    return (
      <AuthCard title={t("Join an account")}>
        <Stack>
          <Alert color="red">
            {code ? errorText(preview.error) : t("This page needs the link from your invitation.")}
          </Alert>
          <AnchorLink to="/registration/create">{t("Register without an invitation")}</AnchorLink>
        </Stack>
      </AuthCard>
    );
  }
  // Someone who already has a user signs in and accepts; everyone else registers here.
  if (session.token()) return <AcceptInvitation code={code} {...preview.data} />;
  return <RegisterPage invite={{ code, ...preview.data }} />;
}

function AcceptInvitation({
  code,
  email,
  accountName,
}: {
  code: string;
  email: string;
  accountName: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const accept = useMutation({
    mutationFn: () => unwrap(client.POST("/api/invitations/accept", { body: { code } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["user"] });
      void navigate({ to: "/" });
    },
  });
  return (
    <AuthCard title={t("Join {{account}}", { account: accountName })}>
      <Stack>
        <Text size="sm">
          {t("The invitation was sent to {{email}}. You are signed in as {{username}}.", {
            email,
            username: user?.username ?? "…",
          })}
        </Text>
        {accept.error && <Alert color="red">{errorText(accept.error)}</Alert>}
        <Button onClick={() => accept.mutate()} loading={accept.isPending}>
          {t("Accept the invitation")}
        </Button>
        <Button variant="default" onClick={logout}>
          {t("Log out")}
        </Button>
      </Stack>
    </AuthCard>
  );
}
