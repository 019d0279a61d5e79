import { GENDERS, type TUserEditBody, type TUserProfile, ZUserEditBody } from "@formloom/core/api/users";
import {
  Alert,
  Avatar,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconEdit, IconUpload, IconUserMinus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useCan, useUser } from "../../auth/api/get-user.ts";
import { useEditUser, useRemoveFromAccount, useUploadAvatar, useUserProfile } from "../api/users.ts";

const viewRoute = getRouteApi("/layout/account/users/$id/view");
const editRoute = getRouteApi("/layout/account/users/$id/edit");

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: msg("Female"),
  male: msg("Male"),
  unknown: msg("Not stated"),
};

const fullName = (profile: TUserProfile) =>
  [profile.firstName, profile.middleName, profile.lastName].filter(Boolean).join(" ");

/** users/:id/view */
export function UserViewPage() {
  const { id } = viewRoute.useParams();
  return <ProfileView userId={id} />;
}

/** user/view: one's own profile. */
export function OwnProfilePage() {
  const { data: user } = useUser();
  return user ? <ProfileView userId={user.id} /> : <Loader m="xl" />;
}

/** Takes the user out of the account after saying what that does; they can be invited again. */
function RemoveFromAccount({ profile }: { profile: TUserProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveFromAccount();
  const confirm = () =>
    confirmDanger({
      title: t("Remove {{name}} from the account?", { name: profile.username }),
      message: t(
        "They lose access at once, with their groups and external-app tokens here. Their forms and answers stay. You can invite them again later.",
      ),
      confirmLabel: t("Remove"),
      onConfirm: () =>
        remove.mutate(profile.id, {
          onSuccess: () => {
            notifySuccess(msg("{{name}} was removed from the account"), { name: profile.username });
            void navigate({ to: "/users/all" });
          },
          onError: notifyError,
        }),
    });
  return (
    <Button
      variant="light"
      color="red"
      leftSection={<IconUserMinus size={16} />}
      loading={remove.isPending}
      onClick={confirm}
    >
      {t("Remove from the account")}
    </Button>
  );
}

function ProfileView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const can = useCan();
  const format = useFormat();
  const { data: profile, error, isPending } = useUserProfile(userId);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  const self = me?.id === userId;
  const editable = self || (can("users.edit") && (!profile.isAccountAdmin || me?.isAccountAdmin === true));
  const rows: Array<[string, string]> = [
    [t("E-mail"), profile.email],
    [t("Phone"), profile.phone],
    [t("City"), profile.city],
    [t("Country"), profile.country],
    [t("Date of birth"), profile.dateOfBirth ? format.day(profile.dateOfBirth) : ""],
    [t("Gender"), t(GENDER_LABELS[profile.gender])],
    [t("Website"), profile.website],
    [t("Groups"), profile.groups.map((group) => group.name).join(", ")],
    [t("Registered"), format.date(profile.registrationDate)],
    [t("Last activity"), profile.lastActivityDate ? format.dateTime(profile.lastActivityDate) : t("Never")],
  ];

  return (
    <Stack maw={760}>
      {!self && <BackLink to="/users/all">{t("Users")}</BackLink>}
      <Paper withBorder p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={profile.avatar} name={profile.username} color="initials" size={72} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} style={{ overflowWrap: "anywhere" }}>
                {fullName(profile) || profile.username}
              </Title>
              <Group gap="xs">
                <Text c="dimmed">@{profile.username}</Text>
                <Badge variant="light" color={profile.isAccountAdmin ? "indigo" : "gray"}>
                  {profile.isAccountAdmin ? t("Admin") : t("Member")}
                </Badge>
                {profile.roles.includes("form_author") && (
                  <Badge variant="light" color="teal">
                    {t("Form author")}
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <Group gap="xs">
            {editable &&
              (self ? (
                <ButtonLink to="/user/edit" variant="light" leftSection={<IconEdit size={16} />}>
                  {t("Edit profile")}
                </ButtonLink>
              ) : (
                <ButtonLink
                  to="/users/$id/edit"
                  params={{ id: userId }}
                  variant="light"
                  leftSection={<IconEdit size={16} />}
                >
                  {t("Edit profile")}
                </ButtonLink>
              ))}
            {(self ? can("account.view") : can("users.view")) && (
              <>
                <ButtonLink to="/interviewer/$id/activity-map" params={{ id: userId }} variant="default">
                  {t("Activity map")}
                </ButtonLink>
                <ButtonLink to="/interviewer/$id/map-workplace" params={{ id: userId }} variant="default">
                  {t("Workplace map")}
                </ButtonLink>
              </>
            )}
            {!self && can("users.remove") && <RemoveFromAccount profile={profile} />}
          </Group>
        </Group>
        {profile.about && (
          <Text mt="md" style={{ whiteSpace: "pre-wrap" }}>
            {profile.about}
          </Text>
        )}
      </Paper>
      <Paper withBorder>
        <Table verticalSpacing="sm">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="35%">{label}</Table.Th>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{value || "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

/** users/:id/edit */
export function UserEditPage() {
  const { id } = editRoute.useParams();
  return <ProfileEdit userId={id} />;
}

/** user/edit: one's own profile. */
export function OwnProfileEditPage() {
  const { data: user } = useUser();
  return user ? <ProfileEdit userId={user.id} /> : <Loader m="xl" />;
}

type Draft = Required<Omit<TUserEditBody, "dateOfBirth">> & { dateOfBirth: string };

function ProfileEdit({ userId }: { userId: number }) {
  const { data: me } = useUser();
  const { data: profile, error, isPending } = useUserProfile(userId);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  return (
    <ProfileForm
      profile={profile}
      self={me?.id === userId}
      isAdmin={me?.isAccountAdmin === true}
      key={profile.id}
    />
  );
}

function ProfileForm({ profile, self, isAdmin }: { profile: TUserProfile; self: boolean; isAdmin: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useEditUser(profile.id);
  const upload = useUploadAvatar();
  const [values, setValues] = useState<Draft>({
    email: profile.email,
    firstName: profile.firstName,
    middleName: profile.middleName,
    lastName: profile.lastName,
    city: profile.city,
    country: profile.country,
    phone: profile.phone,
    dateOfBirth: profile.dateOfBirth ?? "",
    website: profile.website,
    gender: profile.gender,
    about: profile.about,
    isAccountAdmin: profile.isAccountAdmin,
    currentPassword: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  // A new e-mail decides where password resets go: the server asks for the caller's password.
  const changesEmail = values.email.trim().toLowerCase() !== profile.email.toLowerCase();
  const back = () =>
    self ? navigate({ to: "/user/view" }) : navigate({ to: "/users/$id/view", params: { id: profile.id } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { isAccountAdmin, email, currentPassword, ...rest } = values;
    const body: TUserEditBody = {
      ...rest,
      dateOfBirth: values.dateOfBirth || null,
      ...(self || isAdmin ? { email } : {}),
      ...(changesEmail ? { currentPassword } : {}),
      ...(isAdmin && !self ? { isAccountAdmin } : {}),
    };
    const parsed = ZUserEditBody.safeParse(body);
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(msg("Saved"));
        void back();
      },
      onError: (e) => {
        const found = fieldErrors(e);
        setErrors(found);
        if (Object.keys(found).length === 0) notifyError(e);
      },
    });
  };

  const text = (
    key: Exclude<keyof Draft, "gender" | "isAccountAdmin" | "currentPassword">,
    label: string,
    extra = {},
  ) => (
    <TextInput
      label={label}
      value={values[key]}
      error={errors[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      {...extra}
    />
  );

  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>
            {self ? t("Edit your profile") : t("Edit {{name}}", { name: profile.username })}
          </Title>
          {self && (
            <Group>
              <Avatar src={profile.avatar} name={profile.username} color="initials" size={64} />
              <FileButton
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(file) =>
                  file &&
                  upload.mutate(file, {
                    onSuccess: () => notifySuccess(msg("Picture saved")),
                    onError: notifyError,
                  })
                }
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    loading={upload.isPending}
                  >
                    {t("Upload a picture")}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t("PNG, JPEG, GIF or WebP, up to 2 MB")}
              </Text>
            </Group>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text("firstName", t("First name"), { autoFocus: true })}
            {text("middleName", t("Middle name"))}
            {text("lastName", t("Last name"))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text("email", t("E-mail"), { type: "email", disabled: !self && !isAdmin })}
            {text("phone", t("Phone"), { type: "tel" })}
            {text("city", t("City"))}
            {text("country", t("Country"))}
            {text("dateOfBirth", t("Date of birth"), { type: "date" })}
            <Select
              label={t("Gender")}
              data={GENDERS.map((value) => ({ value, label: t(GENDER_LABELS[value]) }))}
              value={values.gender}
              allowDeselect={false}
              onChange={(value) => value && set("gender", value as Draft["gender"])}
            />
          </SimpleGrid>
          {changesEmail && (
            <PasswordInput
              label={self ? t("Your current password") : t("Your own current password")}
              description={t(
                "Needed to change the e-mail. The new address stays unconfirmed until the link we mail there is opened.",
              )}
              autoComplete="current-password"
              required
              value={values.currentPassword}
              error={errors.currentPassword}
              onChange={(event) => set("currentPassword", event.currentTarget.value)}
            />
          )}
          {text("website", t("Website"), { placeholder: "https://" })}
          <Textarea
            label={t("About")}
            autosize
            minRows={3}
            value={values.about}
            error={errors.about}
            onChange={(event) => set("about", event.currentTarget.value)}
          />
          {isAdmin && !self && (
            <Switch
              label={t("Account admin")}
              description={t("Admins may do everything in the account, including changing permissions.")}
              checked={values.isAccountAdmin}
              onChange={(event) => set("isAccountAdmin", event.currentTarget.checked)}
            />
          )}
          {errors.isAccountAdmin && <Alert color="red">{errors.isAccountAdmin}</Alert>}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t("Save")}
            </Button>
            <Button variant="default" onClick={() => void back()}>
              {t("Cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
