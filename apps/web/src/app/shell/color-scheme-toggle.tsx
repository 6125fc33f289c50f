import { ActionIcon, Tooltip } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDarkMode } from "../../features/profile";

export function ColorSchemeToggle() {
  const { t } = useTranslation("shell");
  const { dark, setDark } = useDarkMode();
  const label = dark ? t("theme.light") : t("theme.dark");
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => void setDark(!dark)}>
        {dark ? <IconSun size={20} /> : <IconMoon size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
