import { Alert, Anchor, Checkbox, Group, SimpleGrid, Text, TextInput } from "@mantine/core";
import { registerBody } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorsOf } from "../../shared/api-error";
import { currentLanguage } from "../../shared/i18n";
import { useSystemState } from "../../shared/system-state";
import { PageCard } from "../../ui/centered-page";
import { notifyErrors } from "../../ui/notify";
import { PasswordFields } from "../../ui/password-fields";
import { useZodForm } from "../../ui/use-zod-form";
import { registerRequest } from "./auth-api";
import { GuestForm } from "./guest-form";

const EMPTY = {
  lastName: "",
  firstName: "",
  email: "",
  login: "",
  password: "",
  passwordConfirm: "",
  secretQuestion: "",
  secretAnswer: "",
  acceptPrivacyPolicy: false,
};

export function RegisterPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { data: systemState } = useSystemState();
  const form = useZodForm(registerBody, EMPTY);

  const register = useMutation({
    mutationFn: registerRequest,
    meta: { silentError: true },
    onSuccess: () => navigate("/auth/success?kind=registered", { replace: true }),
    onError: (error) => {
      const rest = form.applyServerErrors(errorsOf(error));
      if (rest.length > 0) notifyErrors(rest);
    },
  });

  if (systemState && !systemState.registrationOpen) {
    return (
      <PageCard title={t("register.title")}>
        <Alert color="yellow">{t("register.closed")}</Alert>
        <Anchor component={Link} to="/auth/login" size="sm">
          {t("common:actions.backToLogin")}
        </Anchor>
      </PageCard>
    );
  }

  return (
    <PageCard title={t("register.title")} description={t("register.description")}>
      <GuestForm
        onSubmit={form.handleSubmit((body) => register.mutate(body), { language: currentLanguage() })}
        submitLabel={t("register.submit")}
        submitting={register.isPending}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t("fields.lastName")}
            autoComplete="family-name"
            withAsterisk
            {...form.inputProps("lastName")}
          />
          <TextInput
            label={t("fields.firstName")}
            autoComplete="given-name"
            withAsterisk
            {...form.inputProps("firstName")}
          />
        </SimpleGrid>
        <TextInput
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.inputProps("email")}
        />
        <TextInput
          label={t("fields.login")}
          description={t("register.loginHint")}
          autoComplete="username"
          withAsterisk
          {...form.inputProps("login")}
        />
        <PasswordFields
          form={form}
          label={t("fields.password")}
          confirmLabel={t("fields.passwordConfirm")}
          sideBySide
        />
        <TextInput
          label={t("fields.secretQuestion")}
          description={t("register.secretHint")}
          withAsterisk
          {...form.inputProps("secretQuestion")}
        />
        <TextInput label={t("fields.secretAnswer")} withAsterisk {...form.inputProps("secretAnswer")} />
        <Checkbox label={t("fields.acceptPrivacyPolicy")} {...form.checkboxProps("acceptPrivacyPolicy")} />
      </GuestForm>
      <Group gap={6} justify="center">
        <Text size="sm" c="dimmed">
          {t("register.haveAccount")}
        </Text>
        <Anchor component={Link} to="/auth/login" size="sm">
          {t("register.signIn")}
        </Anchor>
      </Group>
    </PageCard>
  );
}
