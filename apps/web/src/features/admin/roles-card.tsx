import { Badge, Button, Group, Skeleton, Table, Text } from "@mantine/core";
import type { RoleDto } from "@planum/contracts";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import { RowAction } from "../../ui/row-action";
import { SectionCard } from "../../ui/section-card";
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
    <SectionCard
      title={t("roles.title")}
      aside={
        canWrite ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openRoleForm(spaceId)}>
            {t("roles.create")}
          </Button>
        ) : null
      }
    >
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
                        <RowAction
                          label={t("roles.edit")}
                          ariaLabel={t("roles.editNamed", { name: role.name })}
                          icon={<IconPencil size={16} />}
                          onClick={() => openRoleForm(spaceId, role)}
                        />
                        <RowAction
                          label={t("roles.delete")}
                          ariaLabel={t("roles.deleteNamed", { name: role.name })}
                          icon={<IconTrash size={16} />}
                          color="red"
                          onClick={() => void remove(role)}
                        />
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
