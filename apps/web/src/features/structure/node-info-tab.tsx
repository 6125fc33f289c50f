import { Divider, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AttributeValue } from "@planum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { AttributeValueField } from "./attribute-value-field";
import { NodeComments } from "./node-comments";
import { PassportForm } from "./passport-form";
import { type EpsNode, structureApi, structureKeys, useNodeRole, useNodeValues } from "./structure-api";

/** node_info: the node's attribute values (those the caller may read), its key and passport, and comments. */
export function NodeInfoTab({ spaceId, node }: { spaceId: string; node: EpsNode }) {
  const { t } = useTranslation("structure");
  const queryClient = useQueryClient();
  const values = useNodeValues(spaceId, node.id);
  const role = useNodeRole(spaceId, node.id);
  const abilities = role.data?.abilities ?? [];

  const save = async (attributeId: string, value: AttributeValue) => {
    try {
      const updated = await structureApi.updateValues(node.id, [{ attributeId, value }]);
      queryClient.setQueryData(structureKeys.values(spaceId, node.id), (current: typeof updated | undefined) => {
        // the answer lists every visible value in definition order; keep the panel's order (the node's view)
        const fresh = new Map(updated.map((a) => [a.id, a]));
        return current?.map((a) => fresh.get(a.id) ?? a) ?? updated;
      });
    } catch (error) {
      notifyError(error);
      throw error;
    }
  };

  return (
    <Stack gap="lg">
      <section aria-labelledby="node-attributes">
        <Title order={3} fz="md" id="node-attributes" mb="xs">
          {t("sections.attributes")}
        </Title>
        {values.isPending ? (
          <Skeleton h={80} />
        ) : values.data && values.data.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm" verticalSpacing="xs">
            {values.data.map((attribute) => (
              <AttributeValueField
                key={attribute.id}
                attribute={attribute}
                onSave={(value) => save(attribute.id, value)}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {t("values.none")}
          </Text>
        )}
      </section>
      <Divider />
      <section aria-labelledby="node-passport">
        <Title order={3} fz="md" id="node-passport" mb="xs">
          {t("sections.passport")}
        </Title>
        <PassportForm spaceId={spaceId} node={node} writable={abilities.includes("eps:write")} />
      </section>
      <Divider />
      <section aria-labelledby="node-comments">
        <Title order={3} fz="md" id="node-comments" mb="xs">
          {t("sections.comments")}
        </Title>
        <NodeComments spaceId={spaceId} nodeId={node.id} abilities={abilities} />
      </section>
    </Stack>
  );
}
