import { Grid, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { LANGUAGES, type Language, type User, updateUserBody } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { z } from "zod";
import { currentLanguage } from "../../shared/i18n";
import { useSystemState } from "../../shared/system-state";
import { notifySuccess } from "../../ui/notify";
import { SectionCard } from "../../ui/section-card";
import { useZodForm } from "../../ui/use-zod-form";
import { DelegationCard } from "../delegation";
import { useChangeLanguage } from "../language";
import { NoticeSettingsCard, PersonalAreaCard } from "../notices";
import { useMe } from "../session";
import { AvatarCard } from "./avatar-card";
import { PasswordCard, SecretQuestionCard } from "./password-card";
import { profileApi, useStoreUser } from "./profile-api";
import { useDarkMode } from "./use-dark-mode";

/**
 * /:spaceId/profile: personal data, avatar, password, secret question, language and appearance, the personal area
 * (the space's notices), the notice settings and the delegation of duties.
 */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const me = useMe();
  const { spaceId } = useParams();
  if (!me.data) return null;
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t("title")}
      </Title>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <PersonalCard user={me.data} />
            <PasswordCard />
            <SecretQuestionCard user={me.data} />
            {spaceId ? <PersonalAreaCard spaceId={spaceId} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <AvatarCard user={me.data} />
            <PreferencesCard />
            {spaceId ? <NoticeSettingsCard spaceId={spaceId} /> : null}
            {spaceId ? <DelegationCard spaceId={spaceId} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

const personalBody = z.object({
  lastName: updateUserBody.shape.lastName.unwrap(),
  firstName: updateUserBody.shape.firstName.unwrap(),
  email: updateUserBody.shape.email.unwrap(),
});

function PersonalCard({ user }: { user: User }) {
  const { t } = useTranslation("profile");
  const storeUser = useStoreUser();
  const form = useZodForm(personalBody, { lastName: user.lastName, firstName: user.firstName, email: user.email });
  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: (updated) => {
      storeUser(updated);
      notifySuccess(t("personal.saved"));
    },
  });
  return (
    <SectionCard
      title={t("personal.title")}
      aside={
        <Text size="sm" c="dimmed">
          {t("personal.login", { login: user.login })}
        </Text>
      }
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      submit={{ label: t("common:actions.save"), loading: save.isPending }}
    >
      <TextInput label={t("personal.lastName")} withAsterisk {...form.inputProps("lastName")} />
      <TextInput label={t("personal.firstName")} withAsterisk {...form.inputProps("firstName")} />
      <TextInput label={t("personal.email")} type="email" withAsterisk {...form.inputProps("email")} />
    </SectionCard>
  );
}

function PreferencesCard() {
  const { t } = useTranslation("profile");
  const changeLanguage = useChangeLanguage();
  const { data: systemState } = useSystemState();
  const { dark, setDark } = useDarkMode();
  const languages = systemState?.languages.length ? systemState.languages : LANGUAGES;
  return (
    <SectionCard title={t("preferences.title")}>
      <Select
        label={t("preferences.language")}
        value={currentLanguage()}
        allowDeselect={false}
        data={languages.map((language) => ({ value: language, label: t(`common:language.names.${language}`) }))}
        onChange={(value) => {
          if (value) void changeLanguage(value as Language);
        }}
      />
      <Switch
        label={t("preferences.darkMode")}
        checked={dark}
        onChange={(event) => void setDark(event.currentTarget.checked)}
      />
    </SectionCard>
  );
}
