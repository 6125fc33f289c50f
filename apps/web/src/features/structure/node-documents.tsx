import { ActionIcon, Group, Skeleton, Table, Text, Tooltip } from "@mantine/core";
import type { EpsDocument } from "@planum/contracts";
import { IconDownload, IconFileTypePdf, IconFileTypeXls, IconFileZip, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { downloadBlob } from "../../ui/download-blob";
import { notifyError } from "../../ui/notify";
import { documentsApi, documentsKey } from "./node-documents-api";
import { useNodeRole } from "./structure-api";

const ICON = (document: EpsDocument) =>
  document.mediaType === "application/pdf" ? (
    <IconFileTypePdf size={18} />
  ) : document.mediaType === "application/zip" ? (
    <IconFileZip size={18} />
  ) : (
    <IconFileTypeXls size={18} />
  );

/** The node's documents tab: the reports and prints kept with the node, to download again or delete. */
export function NodeDocuments({ spaceId, nodeId }: { spaceId: string; nodeId: string }) {
  const { t, i18n } = useTranslation("structure");
  const queryClient = useQueryClient();
  const key = documentsKey(spaceId, nodeId);
  const documents = useQuery({ queryKey: key, queryFn: () => documentsApi.list(nodeId) });
  const role = useNodeRole(spaceId, nodeId);
  const canWrite = role.data?.abilities.includes("eps:write") ?? false;
  const remove = useMutation({
    mutationFn: (documentId: string) => documentsApi.remove(nodeId, documentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: notifyError,
  });
  const download = async (document: EpsDocument) => {
    try {
      downloadBlob(await documentsApi.download(nodeId, document.id), document.name);
    } catch (error) {
      notifyError(error);
    }
  };
  const ask = async (document: EpsDocument) => {
    const { confirmed } = await confirm({ message: t("documents.deleteMessage", { name: document.name }) });
    if (confirmed) remove.mutate(document.id);
  };
  if (documents.isPending) return <Skeleton h={80} />;
  if (!documents.data?.length)
    return (
      <Text size="sm" c="dimmed">
        {t("documents.none")}
      </Text>
    );
  const size = (bytes: number) =>
    bytes < 1024 * 1024
      ? t("documents.kb", { count: Math.max(1, Math.round(bytes / 1024)) })
      : t("documents.mb", { value: (bytes / 1024 / 1024).toFixed(1) });
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={4} aria-label={t("tabs.documents")}>
        <Table.Tbody>
          {documents.data.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td w={1}>{ICON(document)}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {document.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`documents.origin.${document.origin}`)} · {size(document.size)} ·{" "}
                  {new Date(document.createdAt).toLocaleString(i18n.language)}
                  {document.createdByName ? ` · ${document.createdByName}` : ""}
                </Text>
              </Table.Td>
              <Table.Td w={1}>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t("documents.download")}>
                    <ActionIcon
                      variant="default"
                      aria-label={`${t("documents.download")}: ${document.name}`}
                      onClick={() => download(document)}
                    >
                      <IconDownload size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {canWrite && (
                    <Tooltip label={t("documents.delete")}>
                      <ActionIcon
                        variant="default"
                        color="red"
                        aria-label={`${t("documents.delete")}: ${document.name}`}
                        onClick={() => ask(document)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
