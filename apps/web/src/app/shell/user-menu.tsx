import { Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconAdjustments, IconBook, IconChevronDown, IconLayoutGrid, IconLogout, IconUser } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { UserAvatar } from "../../features/profile";
import { signOut, useMe } from "../../features/session";
import { GuideModal } from "./guide-modal";

/** Avatar and name of the signed-in user, with the profile, the space choice, the system guide and logout. */
export function UserMenu({ spaceId }: { spaceId?: string }) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useMe();
  const [guideOpen, setGuideOpen] = useState(false);
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.login;

  return (
    <>
      <GuideModal opened={guideOpen} onClose={() => setGuideOpen(false)} />
      <Menu position="bottom-end" shadow="md" width={240}>
        <Menu.Target>
          <UnstyledButton
            aria-label={t("userMenu.open")}
            data-testid="user-menu"
            style={{ borderRadius: 8, padding: 4 }}
          >
            <Group gap={8} wrap="nowrap">
              <UserAvatar user={user} size={32} radius="xl" />
              <Text size="sm" fw={500} visibleFrom="md" maw={200} truncate="end" data-testid="user-menu-name">
                {fullName}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
              {fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
          </Menu.Label>
          {spaceId ? (
            <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(`/${spaceId}/profile`)}>
              {t("userMenu.profile")}
            </Menu.Item>
          ) : null}
          {spaceId ? (
            <Menu.Item leftSection={<IconAdjustments size={16} />} onClick={() => navigate(`/${spaceId}/viewsettings`)}>
              {t("userMenu.viewSettings")}
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconLayoutGrid size={16} />} onClick={() => navigate("/auth/select-space")}>
            {t("userMenu.spaces")}
          </Menu.Item>
          <Menu.Item leftSection={<IconBook size={16} />} onClick={() => setGuideOpen(true)}>
            {t("userMenu.guide")}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut(queryClient)}>
            {t("userMenu.logout")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
