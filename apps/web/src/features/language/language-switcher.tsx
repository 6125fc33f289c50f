import { Button, Menu } from "@mantine/core";
import { LANGUAGES, type Language, type User } from "@planum/contracts";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { chooseLanguage, currentLanguage, rememberGuestChoice, setAllowedLanguages } from "../../shared/i18n";
import { getToken } from "../../shared/session-store";
import { useSystemState } from "../../shared/system-state";
import { notifyError } from "../../ui/notify";
import { meQueryKey } from "../session";

/** Switches the language; when signed in the choice is also saved to the profile (GET /localization/set/{lang}). */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return async (language: Language) => {
    chooseLanguage(language);
    if (!getToken()) {
      rememberGuestChoice(language);
      return;
    }
    try {
      const user = await api.get<User>(`/localization/set/${language}`);
      queryClient.setQueryData(meQueryKey, user);
    } catch (error) {
      notifyError(error);
    }
  };
}

/** Applies the server's list of allowed languages once the system state is known. */
export function LanguageSync() {
  const { data } = useSystemState();
  useEffect(() => {
    if (data) setAllowedLanguages(data.languages);
  }, [data]);
  return null;
}

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const change = useChangeLanguage();
  const { data: systemState } = useSystemState();
  const active = currentLanguage();
  const languages = systemState?.languages.length ? systemState.languages : LANGUAGES;

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconLanguage size={18} />}
          aria-label={t("common:language.switch")}
          title={t("common:language.switch")}
          px={compact ? 8 : undefined}
        >
          {compact ? active.toUpperCase() : t(`common:language.names.${active}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("common:language.label")}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void change(language)}
            rightSection={language === active ? <IconCheck size={14} /> : null}
          >
            {i18n.t(`common:language.names.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
