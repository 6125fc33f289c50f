import { Badge, Group, Skeleton, Table, Text } from "@mantine/core";
import type { SpaceStorage, StoredFileInfo } from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { queryKeys } from "../../shared/query-keys";
import { confirm } from "../../ui/confirm-dialog";
import { type BYTE_UNITS, formatBytes } from "../../ui/format-bytes";
import { notifySuccess } from "../../ui/notify";
import { RowAction } from "../../ui/row-action";
import { SectionCard } from "../../ui/section-card";

/**
 * The space's storage (space:admin): files and bytes of each area with the largest file it takes, and the latest
 * files, which the administrator may delete (backups are deleted where they are listed).
 */
export function StorageCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const usage = useQuery({
    queryKey: queryKeys.spaceStorage(spaceId),
    queryFn: () => api.get<SpaceStorage>(`/space/${encodeURIComponent(spaceId)}/storage`),
  });
  const unit = (key: (typeof BYTE_UNITS)[number]) => t(`storage.units.${key}`);
  const remove = useMutation({
    mutationFn: (file: StoredFileInfo) => api.delete<null>(`/storage/${encodeURIComponent(file.id)}`),
    onSuccess: () => {
      notifySuccess(t("storage.deleted"));
      void queryClient.invalidateQueries({ queryKey: queryKeys.spaceStorage(spaceId) });
    },
  });
  const askRemove = async (file: StoredFileInfo) => {
    const { confirmed } = await confirm({
      title: t("storage.deleteTitle"),
      message: t("storage.deleteMessage", { name: file.name }),
      confirmLabel: t("storage.delete"),
      danger: true,
    });
    if (confirmed) remove.mutate(file);
  };

  return (
    <SectionCard title={t("storage.title")}>
      {!usage.data ? (
        <Skeleton h={120} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-label={t("storage.areasLabel")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("storage.area")}</Table.Th>
                  <Table.Th>{t("storage.files")}</Table.Th>
                  <Table.Th>{t("storage.used")}</Table.Th>
                  <Table.Th>{t("storage.maxFile")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usage.data.areas.map((area) => (
                  <Table.Tr key={area.area}>
                    <Table.Td>{t(`storage.areas.${area.area}`)}</Table.Td>
                    <Table.Td>{area.files}</Table.Td>
                    <Table.Td>{formatBytes(area.bytes, unit)}</Table.Td>
                    <Table.Td>{formatBytes(area.maxBytes, unit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {usage.data.files.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("storage.none")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" aria-label={t("storage.filesLabel")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("storage.name")}</Table.Th>
                    <Table.Th>{t("storage.area")}</Table.Th>
                    <Table.Th>{t("storage.size")}</Table.Th>
                    <Table.Th>{t("storage.stored")}</Table.Th>
                    <Table.Th w={48} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {usage.data.files.map((file) => (
                    <Table.Tr key={file.id}>
                      <Table.Td>
                        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                          {file.name}
                        </Text>
                        {file.ownerLogin ? (
                          <Text size="xs" c="dimmed">
                            {file.ownerLogin}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {/* The label keeps its whole width: a squeezed column cut "Резервные копии" to an ellipsis. */}
                        <Badge variant="light" color="gray" styles={{ label: { overflow: "visible" } }}>
                          {t(`storage.areas.${file.area}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatBytes(file.size, unit)}</Table.Td>
                      <Table.Td>{dayjs(file.createdAt).format("DD.MM.YYYY HH:mm")}</Table.Td>
                      <Table.Td>
                        {file.area === "backup" ? null : (
                          <Group justify="flex-end">
                            <RowAction
                              label={t("storage.delete")}
                              ariaLabel={t("storage.deleteNamed", { name: file.name })}
                              icon={<IconTrash size={18} />}
                              color="red"
                              onClick={() => void askRemove(file)}
                            />
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </SectionCard>
  );
}
