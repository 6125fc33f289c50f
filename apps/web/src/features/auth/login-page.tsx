import { Anchor, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { loginBody } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { PageCard } from "../../ui/centered-page";
import { useZodForm } from "../../ui/use-zod-form";
import { landingPath, loginRequest, useSignIn, useToken } from "../session";
import { GuestForm } from "./guest-form";
import { SsoSignIn } from "./sso-sign-in";

export function LoginPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const location = useLocation();
  const token = useToken();
  const signIn = useSignIn();
  const form = useZodForm(loginBody, { login: "", password: "" });
  const from = (location.state as { from?: string } | null)?.from ?? null;

  const login = useMutation({
    mutationFn: loginRequest,
    onSuccess: (session) => {
      signIn(session);
      navigate(landingPath(session.user.id, from), { replace: true });
    },
  });

  if (token && !login.isPending && !login.isSuccess) return <Navigate to="/" replace />;

  return (
    <PageCard title={t("login.title")} description={t("login.description")}>
      <GuestForm
        onSubmit={form.handleSubmit((body) => login.mutate(body))}
        submitLabel={t("login.submit")}
        submitting={login.isPending}
      >
        <TextInput
          label={t("fields.loginOrEmail")}
          autoComplete="username"
          withAsterisk
          data-autofocus
          {...form.inputProps("login")}
        />
        <PasswordInput
          label={t("fields.password")}
          autoComplete="current-password"
          withAsterisk
          {...form.inputProps("password")}
        />
      </GuestForm>
      <SsoSignIn from={from} />
      <Stack gap={6}>
        <Group gap={6} justify="center">
          <Text size="sm" c="dimmed">
            {t("login.noAccount")}
          </Text>
          <Anchor component={Link} to="/auth/register" size="sm">
            {t("login.register")}
          </Anchor>
        </Group>
        <Group gap="md" justify="center">
          <Anchor component={Link} to="/auth/reset-password" size="sm">
            {t("login.forgotByEmail")}
          </Anchor>
          <Anchor component={Link} to="/auth/restore" size="sm">
            {t("login.forgotBySecret")}
          </Anchor>
        </Group>
      </Stack>
    </PageCard>
  );
}
