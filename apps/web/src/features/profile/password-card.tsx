import { PasswordInput, Text, TextInput } from "@mantine/core";
import { changePasswordBody, type User, updateUserBody } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notifySuccess } from "../../ui/notify";
import { PasswordFields } from "../../ui/password-fields";
import { SectionCard } from "../../ui/section-card";
import { useZodForm } from "../../ui/use-zod-form";
import { profileApi, useStoreUser } from "./profile-api";

export function PasswordCard() {
  const { t } = useTranslation("profile");
  const form = useZodForm(changePasswordBody, { oldPassword: "", password: "", passwordConfirm: "" });
  const change = useMutation({
    mutationFn: profileApi.changePassword,
    onSuccess: () => {
      form.reset();
      notifySuccess(t("password.changed"), { long: true });
    },
  });
  return (
    <SectionCard
      title={t("password.title")}
      onSubmit={form.handleSubmit((body) => change.mutate(body))}
      submit={{ label: t("password.submit"), loading: change.isPending }}
    >
      <PasswordInput
        label={t("password.old")}
        autoComplete="current-password"
        withAsterisk
        {...form.inputProps("oldPassword")}
      />
      <PasswordFields form={form} label={t("password.new")} confirmLabel={t("password.confirm")} />
    </SectionCard>
  );
}

const secretBody = z.object({
  secretQuestion: updateUserBody.shape.secretQuestion.unwrap(),
  secretAnswer: updateUserBody.shape.secretAnswer.unwrap(),
});

/** The secret question used to restore the password without e-mail. */
export function SecretQuestionCard({ user }: { user: User }) {
  const { t } = useTranslation("profile");
  const storeUser = useStoreUser();
  const form = useZodForm(secretBody, { secretQuestion: user.secretQuestion ?? "", secretAnswer: "" });
  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: (updated) => {
      storeUser(updated);
      form.setValue("secretAnswer", "");
      notifySuccess(t("secret.saved"));
    },
  });
  return (
    <SectionCard
      title={t("secret.title")}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      submit={{ label: t("secret.submit"), loading: save.isPending, variant: "light" }}
    >
      {user.secretQuestion ? null : (
        <Text size="sm" c="orange">
          {t("secret.missing")}
        </Text>
      )}
      <TextInput label={t("secret.question")} withAsterisk {...form.inputProps("secretQuestion")} />
      <TextInput label={t("secret.answer")} withAsterisk {...form.inputProps("secretAnswer")} />
    </SectionCard>
  );
}
