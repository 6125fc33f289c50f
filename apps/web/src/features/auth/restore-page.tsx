import { Anchor, Paper, Text, TextInput } from "@mantine/core";
import { changeForgottenPasswordBody, secretQuestionQuery } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PageCard } from "../../ui/centered-page";
import { PasswordFields } from "../../ui/password-fields";
import { useZodForm } from "../../ui/use-zod-form";
import { changeForgottenPassword, secretQuestionRequest } from "./auth-api";
import { GuestForm } from "./guest-form";

/** Restore by secret question: the login first, then the question is shown with the answer and new password. */
export function RestorePage() {
  const { t } = useTranslation("auth");
  const [step, setStep] = useState<{ login: string; question: string } | null>(null);

  return (
    <PageCard title={t("restore.title")} description={step ? t("restore.answerDescription") : t("restore.description")}>
      {step ? (
        <AnswerStep login={step.login} question={step.question} onBack={() => setStep(null)} />
      ) : (
        <LoginStep onFound={setStep} />
      )}
      <Anchor component={Link} to="/auth/login" size="sm" ta="center">
        {t("common:actions.backToLogin")}
      </Anchor>
    </PageCard>
  );
}

function LoginStep({ onFound }: { onFound: (step: { login: string; question: string }) => void }) {
  const { t } = useTranslation("auth");
  const form = useZodForm(secretQuestionQuery, { login: "" });
  const find = useMutation({
    mutationFn: (login: string) =>
      secretQuestionRequest(login).then((answer) => ({ login, question: answer.question })),
    onSuccess: onFound,
  });
  return (
    <GuestForm
      onSubmit={form.handleSubmit((body) => find.mutate(body.login))}
      submitLabel={t("restore.findQuestion")}
      submitting={find.isPending}
    >
      <TextInput label={t("fields.loginOrEmail")} autoComplete="username" withAsterisk {...form.inputProps("login")} />
    </GuestForm>
  );
}

function AnswerStep({ login, question, onBack }: { login: string; question: string; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const form = useZodForm(changeForgottenPasswordBody, { login, secretAnswer: "", password: "", passwordConfirm: "" });
  const change = useMutation({
    mutationFn: changeForgottenPassword,
    onSuccess: () => navigate("/auth/success?kind=password-changed", { replace: true }),
  });
  return (
    <GuestForm
      onSubmit={form.handleSubmit((body) => change.mutate(body))}
      submitLabel={t("restore.submit")}
      submitting={change.isPending}
      onBack={onBack}
    >
      <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
        <Text size="xs" c="dimmed">
          {t("fields.secretQuestion")}
        </Text>
        <Text fw={500} style={{ overflowWrap: "anywhere" }}>
          {question}
        </Text>
      </Paper>
      <TextInput label={t("fields.secretAnswer")} withAsterisk data-autofocus {...form.inputProps("secretAnswer")} />
      <PasswordFields form={form} label={t("fields.newPassword")} confirmLabel={t("fields.passwordConfirm")} />
    </GuestForm>
  );
}
