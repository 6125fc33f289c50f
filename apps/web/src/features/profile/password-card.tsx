import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { changePasswordBody, type User, updateUserBody } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notifySuccess } from "../../ui/notify";
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
    <Paper withBorder radius="md" p="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = form.validate();
          if (body) change.mutate(body);
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t("password.title")}
          </Title>
          <PasswordInput
            label={t("password.old")}
            autoComplete="current-password"
            withAsterisk
            {...form.inputProps("oldPassword")}
          />
          <PasswordInput
            label={t("password.new")}
            autoComplete="new-password"
            withAsterisk
            {...form.inputProps("password")}
          />
          <PasswordInput
            label={t("password.confirm")}
            autoComplete="new-password"
            withAsterisk
            {...form.inputProps("passwordConfirm")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t("password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
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
    <Paper withBorder radius="md" p="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = form.validate();
          if (body) save.mutate(body);
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t("secret.title")}
          </Title>
          {user.secretQuestion ? null : (
            <Text size="sm" c="orange">
              {t("secret.missing")}
            </Text>
          )}
          <TextInput label={t("secret.question")} withAsterisk {...form.inputProps("secretQuestion")} />
          <TextInput label={t("secret.answer")} withAsterisk {...form.inputProps("secretAnswer")} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={save.isPending}>
              {t("secret.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
