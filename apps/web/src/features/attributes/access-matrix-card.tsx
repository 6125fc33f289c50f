import { ActionIcon, Group, NativeSelect, Paper, Skeleton, Table, Text, Title, Tooltip } from "@mantine/core";
import type { AttributeAccess, AttributeDto } from "@planum/contracts";
import { IconRestore } from "@tabler/icons-react";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { useRoles } from "../admin/admin-api";
import { buildMatrix, columnChanges, defaultAccess } from "./access-matrix";
import { attributeKeys, attributesApi } from "./attributes-api";

const ACCESS: AttributeAccess[] = ["none", "read", "write"];

interface Props {
  spaceId: string;
  nodeId: string;
  attributes: AttributeDto[];
  canEdit: boolean;
}

/** Per-role access to each attribute (role × attribute → none | read | write); a role's own row beats its abilities. */
export function AccessMatrixCard({ spaceId, nodeId, attributes, canEdit }: Props) {
  const { t } = useTranslation("attributes");
  const queryClient = useQueryClient();
  const roles = useRoles(spaceId);
  const roleList = roles.data ?? [];
  const answers = useQueries({
    queries: roleList.map((role) => ({
      queryKey: attributeKeys.access(spaceId, nodeId, role.id),
      queryFn: () => attributesApi.forRole(nodeId, role.id),
    })),
  });
  const perRole = new Map(roleList.flatMap((role, i) => (answers[i]?.data ? [[role.id, answers[i].data]] : [])));
  const rows = buildMatrix(attributes, roleList, perRole);

  const apply = async (roleId: string, change: () => Promise<unknown>) => {
    try {
      await change();
    } catch (error) {
      notifyError(error);
    }
    await queryClient.invalidateQueries({ queryKey: attributeKeys.access(spaceId, nodeId, roleId) });
  };
  const set = (roleId: string, items: { attributeId: string; access: AttributeAccess }[]) =>
    items.length > 0 && apply(roleId, () => attributesApi.setAccess(nodeId, roleId, items));

  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
      <Title order={2} fz="lg" mb={4}>
        {t("access.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("access.hint")}
      </Text>
      {roles.isPending ? (
        <Skeleton h={120} />
      ) : roleList.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("access.noRoles")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={220 + roleList.length * 170}>
          <Table verticalSpacing={6} striped aria-label={t("access.title")} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={180}>{t("fields.name")}</Table.Th>
                {roleList.map((role) => (
                  <Table.Th key={role.id} miw={160}>
                    <Text size="sm" fw={600} truncate="end">
                      {role.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("access.default", { access: t(`access.levels.${defaultAccess(role.abilities)}`) })}
                    </Text>
                    {canEdit ? (
                      <NativeSelect
                        size="xs"
                        mt={4}
                        aria-label={t("access.column", { role: role.name })}
                        value=""
                        data={[
                          { value: "", label: t("access.setAll") },
                          ...ACCESS.map((value) => ({ value, label: t(`access.levels.${value}`) })),
                        ]}
                        onChange={(event) => {
                          const value = event.currentTarget.value as AttributeAccess;
                          if (value) void set(role.id, columnChanges(rows, role.id, value));
                        }}
                      />
                    ) : null}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.attribute.id}>
                  <Table.Td>
                    <Text size="sm">{row.attribute.name}</Text>
                  </Table.Td>
                  {roleList.map((role) => {
                    const cell = row.cells[role.id];
                    const label = t("access.cell", { attribute: row.attribute.name, role: role.name });
                    return (
                      <Table.Td key={role.id}>
                        <Group gap={4} wrap="nowrap">
                          <NativeSelect
                            size="xs"
                            aria-label={label}
                            disabled={!canEdit}
                            value={cell.access}
                            data={ACCESS.map((value) => ({ value, label: t(`access.levels.${value}`) }))}
                            onChange={(event) =>
                              void set(role.id, [
                                { attributeId: row.attribute.id, access: event.currentTarget.value as AttributeAccess },
                              ])
                            }
                            style={{ flex: 1 }}
                            fw={cell.overridden ? 700 : undefined}
                          />
                          {canEdit && cell.overridden ? (
                            <Tooltip label={t("access.reset")}>
                              <ActionIcon
                                size="sm"
                                variant="subtle"
                                aria-label={`${t("access.reset")}: ${label}`}
                                onClick={() =>
                                  void apply(role.id, () =>
                                    attributesApi.clearAccess(nodeId, role.id, row.attribute.id),
                                  )
                                }
                              >
                                <IconRestore size={14} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                        </Group>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
