import { ActionIcon, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import type { AttributeDto } from "@planum/contracts";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import { childrenQuery, ROOT, StructureNav, useAbilities, useNode, useStructureLive } from "../structure";
import { AccessMatrixCard } from "./access-matrix-card";
import { openAttributeForm } from "./attribute-form-modal";
import { attributeKeys, attributesApi, useAttributesAt } from "./attributes-api";
import { PlacePicker } from "./place-picker";

/** `/:spaceId/attributes`: the attributes applying at a chosen node, their definitions and per-role access. */
export function AttributesPage() {
  const { t } = useTranslation("attributes");
  const { spaceId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { can } = useAbilities(spaceId);
  useStructureLive(spaceId);
  const roots = useQuery(childrenQuery(spaceId, ROOT));
  const nodeId = params.get("node") ?? roots.data?.[0]?.id ?? null;
  const node = useNode(spaceId, nodeId);
  const attributes = useAttributesAt(spaceId, nodeId);
  const canAdmin = can("attribute:admin");

  const managedHere = (a: AttributeDto) => a.scope === "space" || a.scopeId === nodeId;
  const remove = async (attribute: AttributeDto) => {
    const { confirmed } = await confirm({
      title: t("delete.title"),
      message: t("delete.message", { name: attribute.name }),
      confirmLabel: t("delete.confirm"),
      danger: true,
    });
    if (!confirmed || !nodeId) return;
    try {
      await attributesApi.remove(nodeId, attribute.id);
      notifySuccess(t("delete.done"));
      void queryClient.invalidateQueries({ queryKey: attributeKeys.all(spaceId) });
    } catch (error) {
      notifyError(error);
    }
  };

  const header = (
    <>
      <StructureNav spaceId={spaceId} active="attributes" />
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t("title")}
      </Title>
    </>
  );
  if (roots.isPending)
    return (
      <Stack gap="md">
        {header}
        <Skeleton h={200} />
      </Stack>
    );
  if (!nodeId)
    return (
      <Stack gap="md">
        {header}
        <Paper withBorder radius="md" p="lg">
          <Text>{t("noNodes")}</Text>
          <Anchor component={Link} to={`/${spaceId}`} size="sm">
            {t("toStructure")}
          </Anchor>
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="md">
      {header}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <PlacePicker spaceId={spaceId} nodeId={nodeId} onChange={(id) => setParams({ node: id }, { replace: true })} />
        {canAdmin && node.data ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openAttributeForm({ spaceId, node: { id: node.data.id, name: node.data.name } })}
          >
            {t("create")}
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <Title order={2} fz="lg" mb="sm">
          {t("list.title", { name: node.data?.name ?? "" })}
        </Title>
        {attributes.isPending ? (
          <Skeleton h={160} />
        ) : attributes.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("list.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" highlightOnHover aria-label={t("list.label")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("fields.name")}</Table.Th>
                  <Table.Th>{t("fields.type")}</Table.Th>
                  <Table.Th>{t("fields.scope")}</Table.Th>
                  <Table.Th>{t("fields.target")}</Table.Th>
                  <Table.Th>{t("fields.details")}</Table.Th>
                  {canAdmin ? <Table.Th w={84} /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attributes.data?.map((attribute) => (
                  <Table.Tr key={attribute.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {attribute.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`types.${attribute.type}`)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c={attribute.scope === "space" ? "blue" : "dimmed"} fw={500}>
                        {attribute.scope === "space"
                          ? t("scope.space")
                          : attribute.scopeId === nodeId
                            ? t("scope.here")
                            : t(`scope.inherited.${attribute.scope}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`targets.${attribute.target}`)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {attribute.type === "list"
                          ? attribute.listValues.join(", ")
                          : [
                              attribute.settings.unit,
                              attribute.settings.precision !== undefined
                                ? t("list.precision", { digits: attribute.settings.precision })
                                : null,
                            ]
                              .filter(Boolean)
                              .join(" · ")}
                      </Text>
                    </Table.Td>
                    {canAdmin ? (
                      <Table.Td>
                        {managedHere(attribute) ? (
                          <Group gap={2} wrap="nowrap">
                            <Tooltip label={t("edit")}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t("editNamed", { name: attribute.name })}
                                onClick={() => node.data && openAttributeForm({ spaceId, node: node.data, attribute })}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t("delete.button")}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t("delete.named", { name: attribute.name })}
                                onClick={() => void remove(attribute)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {can("roles:read") && attributes.data && attributes.data.length > 0 ? (
        <AccessMatrixCard
          spaceId={spaceId}
          nodeId={nodeId}
          attributes={attributes.data.filter((a) => a.target === "node")}
          canEdit={can("roles:write")}
        />
      ) : null}
    </Stack>
  );
}
