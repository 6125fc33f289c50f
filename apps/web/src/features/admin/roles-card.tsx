import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Table, Text, Title, Tooltip } from "@mantine/core";
import type { RoleDto } from "@planum/contracts";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import { adminApi, useRoles } from "./admin-api";
import { abilityKey } from "./role-abilities";
import { openRoleForm } from "./role-form-modal";

/** The space's roles with their abilities and how many members hold each. */
export function RolesCard({ spaceId, canWrite }: { spaceId: string; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const roles = useRoles(spaceId);

  const remove = async (role: RoleDto) => {
    const { confirmed } = await confirm({
      title: t("roles.deleteTitle"),
      message: t("roles.deleteMessage", { name: role.name, members: role.members }),
      confirmLabel: t("roles.delete"),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await adminApi.deleteRole(role.id);
      notifySuccess(t("roles.deleted"));
      void queryClient.invalidateQueries({ queryKey: ["space", spaceId, "roles"] });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t("roles.title")}
        </Title>
        {canWrite ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openRoleForm(spaceId)}>
            {t("roles.create")}
          </Button>
        ) : null}
      </Group>
      {roles.isPending ? (
        <Skeleton h={100} />
      ) : roles.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("roles.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label={t("roles.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("roles.name")}</Table.Th>
                <Table.Th>{t("roles.abilities")}</Table.Th>
                <Table.Th w={110}>{t("roles.members")}</Table.Th>
                {canWrite ? <Table.Th w={84} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.data?.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {role.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {role.abilities.map((ability) => (
                        <Badge key={ability} size="sm" variant="light" color="gray" tt="none">
                          {t(`abilities.${abilityKey(ability)}`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{role.members}</Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={t("roles.edit")}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t("roles.editNamed", { name: role.name })}
                            onClick={() => openRoleForm(spaceId, role)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t("roles.delete")}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t("roles.deleteNamed", { name: role.name })}
                            onClick={() => void remove(role)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
