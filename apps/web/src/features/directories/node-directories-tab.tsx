import { Badge, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconBook2, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDirectoriesLive, useNodeDirectories } from "./directories-api";

/**
 * The node panel's `directories` tab (spec §2): the directories seen at this node — its own and those kept on its
 * ancestors — each opening on the directories screen, and a way to create one here.
 */
export function NodeDirectoriesTab({ spaceId, nodeId }: { spaceId: string; nodeId: string }) {
  const { t } = useTranslation("directories");
  useDirectoriesLive(spaceId);
  const list = useNodeDirectories(spaceId, nodeId);
  if (list.isPending)
    return (
      <Center h={80}>
        <Loader size="sm" />
      </Center>
    );
  return (
    <Stack gap="xs">
      {(list.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noneHere")}
        </Text>
      ) : (
        (list.data ?? []).map((d) => (
          <Group key={d.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconBook2 size={16} style={{ flex: "none" }} aria-hidden />
              <Text component={Link} to={`/${spaceId}/directories/${d.id}`} size="sm" fw={600} truncate c="blue">
                {d.name}
              </Text>
              {d.nodeId !== nodeId ? (
                <Text size="xs" c="dimmed" truncate>
                  {t("inherited", { node: d.nodeName })}
                </Text>
              ) : null}
            </Group>
            <Badge variant="light" color="gray" style={{ flex: "none" }}>
              {t("rowCount", { count: d.rowCount })}
            </Badge>
          </Group>
        ))
      )}
      <Group>
        <Button
          component={Link}
          to={`/${spaceId}/directories?node=${nodeId}`}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
        >
          {t("openAll")}
        </Button>
      </Group>
    </Stack>
  );
}
