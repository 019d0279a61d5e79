import { PasswordInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface Props {
  password: string;
  confirmation: string;
  errors: { password?: string | undefined; passwordConfirmation?: string | undefined };
  onChange(field: "password" | "passwordConfirmation", value: string): void;
  /** "Password" when registering, "New password" when resetting. */
  label?: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation, with the rules said under the first. */
export function NewPasswordFields({ password, confirmation, errors, onChange, label, autoFocus }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label ?? t("Password")}
        description={t("At least 8 characters, with letters and digits")}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        value={password}
        error={errors.password}
        onChange={(e) => onChange("password", e.currentTarget.value)}
      />
      <PasswordInput
        label={t("Confirm password")}
        autoComplete="new-password"
        required
        value={confirmation}
        error={errors.passwordConfirmation}
        onChange={(e) => onChange("passwordConfirmation", e.currentTarget.value)}
      />
    </>
  );
}
