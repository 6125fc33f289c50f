import { ActionIcon, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import type { Space } from "@planum/contracts";
import { IconArrowRight, IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { confirm } from "../../ui/confirm-dialog";
import { CreateSpaceForm } from "./create-space-form";
import { openRenameSpace } from "./rename-space-modal";
import { useSpaceJobs } from "./space-jobs";
import { spaceRoleLabel, spaceTypeLabel } from "./space-labels";
import { spacesApi, useSpaces } from "./spaces-api";

/** /auth/select-space: the user's spaces with enter, rename and delete, and the forms that create new ones. */
export function SelectSpacePage() {
  const { t } = useTranslation("spaces");
  const spaces = useSpaces();
  const jobs = useSpaceJobs();
  const deleting = new Set(jobs.pending.filter((job) => job.kind === "space_delete").map((job) => job.spaceId));

  const remove = useMutation({
    mutationFn: async (space: Space) => {
      const job = await jobs.track("space_delete", space.id);
      try {
        return await spacesApi.remove(space.id);
      } catch (error) {
        jobs.cancel(job);
        throw error;
      }
    },
  });

  const askDelete = async (space: Space) => {
    const { confirmed } = await confirm({
      title: t("delete.title"),
      message: t("delete.message", { name: space.name }),
      confirmLabel: t("delete.confirm"),
      danger: true,
    });
    if (confirmed) remove.mutate(space);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t("select.title")}
        </Title>
        <Text c="dimmed">{t("select.description")}</Text>
      </Stack>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t("select.listTitle")}
            </Title>
            {spaces.isPending ? (
              <Stack gap="sm">
                <Skeleton h={72} radius="md" />
                <Skeleton h={72} radius="md" />
              </Stack>
            ) : spaces.data && spaces.data.length > 0 ? (
              <Stack
                component="ul"
                gap="sm"
                p={0}
                m={0}
                aria-label={t("select.listTitle")}
                style={{ listStyle: "none" }}
              >
                {spaces.data.map((space) => (
                  <SpaceRow
                    key={space.id}
                    space={space}
                    deleting={deleting.has(space.id)}
                    onRename={() => openRenameSpace(space)}
                    onDelete={() => void askDelete(space)}
                  />
                ))}
              </Stack>
            ) : (
              <Paper withBorder radius="md" p="lg">
                <Text c="dimmed">{t("select.empty")}</Text>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <CreateSpaceForm jobs={jobs} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function SpaceRow({
  space,
  deleting,
  onRename,
  onDelete,
}: {
  space: Space;
  deleting: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("spaces");
  const owner = space.role === "owner";
  return (
    <Paper component="li" withBorder radius="md" p="md" style={{ opacity: deleting ? 0.55 : 1 }}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: "1 1 220px" }}>
          <Text fw={600} size="lg" style={{ overflowWrap: "anywhere" }}>
            {space.name}
          </Text>
          <Group gap={6}>
            <Badge variant="light">{spaceTypeLabel(t, space.type)}</Badge>
            <Badge variant="outline" color="gray">
              {spaceRoleLabel(t, space.role)}
            </Badge>
            {space.demo ? (
              <Badge variant="light" color="grape">
                {t("badge.demo")}
              </Badge>
            ) : null}
            {deleting ? (
              <Badge variant="light" color="red">
                {t("badge.deleting")}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {owner ? (
            <>
              <Tooltip label={t("actions.rename")}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t("actions.rename")}
                  onClick={onRename}
                  disabled={deleting}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t("actions.delete")}>
                <ActionIcon
                  variant="default"
                  color="red"
                  size="lg"
                  aria-label={t("actions.delete")}
                  onClick={onDelete}
                  disabled={deleting}
                >
                  <IconTrash size={18} color="var(--mantine-color-red-6)" />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
          <Button
            component={Link}
            to={`/${space.id}`}
            rightSection={<IconArrowRight size={16} />}
            disabled={deleting}
            aria-label={t("actions.enterNamed", { name: space.name })}
          >
            {t("actions.enter")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
