import { Anchor, TextInput } from "@mantine/core";
import { resetPasswordBody, resetPasswordRequestBody } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageCard } from "../../ui/centered-page";
import { PasswordFields } from "../../ui/password-fields";
import { useZodForm } from "../../ui/use-zod-form";
import { resetPassword, resetPasswordRequest } from "./auth-api";
import { GuestForm } from "./guest-form";

/** Without a token: ask for a reset link by e-mail. With ?token=…: set the new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <NewPasswordForm token={token} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordRequestBody, { email: "" });
  const request = useMutation({
    mutationFn: (email: string) => resetPasswordRequest(email),
    onSuccess: () => navigate("/auth/success?kind=reset-requested", { replace: true }),
  });

  return (
    <PageCard title={t("reset.title")} description={t("reset.description")}>
      <GuestForm
        onSubmit={form.handleSubmit((body) => request.mutate(body.email))}
        submitLabel={t("reset.submit")}
        submitting={request.isPending}
      >
        <TextInput
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          {...form.inputProps("email")}
        />
      </GuestForm>
      <Anchor component={Link} to="/auth/login" size="sm" ta="center">
        {t("common:actions.backToLogin")}
      </Anchor>
    </PageCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordBody, { token, password: "", passwordConfirm: "" });
  const change = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => navigate("/auth/success?kind=password-changed", { replace: true }),
  });

  return (
    <PageCard title={t("reset.newTitle")} description={t("reset.newDescription")}>
      <GuestForm
        onSubmit={form.handleSubmit((body) => change.mutate(body))}
        submitLabel={t("reset.newSubmit")}
        submitting={change.isPending}
      >
        <PasswordFields form={form} label={t("fields.newPassword")} confirmLabel={t("fields.passwordConfirm")} />
      </GuestForm>
      <Anchor component={Link} to="/auth/reset-password" size="sm" ta="center">
        {t("reset.requestAgain")}
      </Anchor>
    </PageCard>
  );
}
