import { Button, Menu, Text } from "@mantine/core";
import { IconCheck, IconChevronDown, IconLayoutGrid } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { spaceTypeLabel } from "./space-labels";
import { useSpaces } from "./spaces-api";

/** The header's menu of the user's spaces. */
export function SpaceSwitcher({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("spaces");
  const navigate = useNavigate();
  const spaces = useSpaces();
  const current = spaces.data?.find((space) => space.id === spaceId);

  return (
    <Menu position="bottom-start" shadow="md" width={280}>
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<IconChevronDown size={16} />}
          aria-label={t("switcher.label")}
          miw={0}
          maw={{ base: 180, sm: 320 }}
          styles={{ root: { flexShrink: 1 }, inner: { minWidth: 0 }, label: { minWidth: 0, overflow: "hidden" } }}
        >
          <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
            {current?.name ?? t("switcher.label")}
          </span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("switcher.title")}</Menu.Label>
        {spaces.data?.map((space) => (
          <Menu.Item
            key={space.id}
            onClick={() => navigate(`/${space.id}`)}
            rightSection={space.id === spaceId ? <IconCheck size={14} /> : null}
          >
            <Text size="sm" truncate="end" maw={200}>
              {space.name}
            </Text>
            <Text size="xs" c="dimmed">
              {spaceTypeLabel(t, space.type)}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLayoutGrid size={16} />} onClick={() => navigate("/auth/select-space")}>
          {t("switcher.all")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
