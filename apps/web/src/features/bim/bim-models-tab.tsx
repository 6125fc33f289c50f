import { ActionIcon, Badge, Button, FileButton, Group, Progress, Skeleton, Stack, Table, Text } from "@mantine/core";
import { type BimModel, errorMessage, isErrorCode } from "@planum/contracts";
import { IconCube, IconTrash, IconUpload } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../shared/i18n";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { useNodeRole } from "../structure/structure-api";
import { bimApi, bimKeys } from "./bim-api";
import { BimViewer } from "./bim-viewer";

/** Only files named as IFC are offered; the server checks the content itself. */
const ACCEPT = ".ifc,application/x-step";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/**
 * A project's 3D models tab: its IFC models (upload, conversion progress from `bim_model_upload_progress`,
 * delete) and the viewer of the one opened.
 */
export function BimModelsTab({ spaceId, projectId }: { spaceId: string; projectId: string }) {
  const { t } = useTranslation("bim");
  const queryClient = useQueryClient();
  const key = bimKeys.models(spaceId, projectId);
  const models = useQuery({ queryKey: key, queryFn: () => bimApi.models(projectId) });
  const role = useNodeRole(spaceId, projectId);
  const canWrite = role.data?.abilities.includes("eps:write") ?? false;
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [openedId, setOpenedId] = useState<string | null>(null);

  useRealtimeEvents((event) => {
    if (event.type !== "bim_model_upload_progress" || event.projectId !== projectId) return;
    setProgress((current) => ({ ...current, [event.modelId]: event.progress }));
    if (event.status === "error") {
      const code = event.error;
      const reason =
        code && isErrorCode(code) ? errorMessage(currentLanguage(), code, { reason: event.reason ?? "" }) : "";
      setFailure(t("failed", { name: event.name, reason }));
    }
    if (event.status !== "uploading") void queryClient.invalidateQueries({ queryKey: key });
  });

  const upload = useMutation({
    mutationFn: (file: File) => bimApi.upload(projectId, file),
    onMutate: () => setFailure(null),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => notifyError(error),
  });
  const remove = useMutation({
    mutationFn: (modelId: string) => bimApi.remove(projectId, modelId),
    onSuccess: (_, modelId) => {
      setOpenedId((current) => (current === modelId ? null : current));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notifyError(error),
  });
  const askDelete = async (model: BimModel) => {
    const { confirmed } = await confirm({ message: t("deleteMessage", { name: model.name }), danger: true });
    if (confirmed) remove.mutate(model.id);
  };

  const list = models.data ?? [];
  const opened = list.find((m) => m.id === openedId && m.status === "completed") ?? null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: "1 1 240px" }}>
          {t("intro")}
        </Text>
        {canWrite ? (
          <FileButton onChange={(file) => file && upload.mutate(file)} accept={ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                data-testid="bim-upload"
              >
                {t("upload")}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      {failure ? (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      {models.isPending ? (
        <Skeleton h={80} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("columns.name")}</Table.Th>
                <Table.Th>{t("columns.schema")}</Table.Th>
                <Table.Th>{t("columns.elements")}</Table.Th>
                <Table.Th>{t("columns.size")}</Table.Th>
                <Table.Th>{t("columns.status")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((model) => (
                <Table.Tr key={model.id} data-testid="bim-model-row">
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{model.name}</Table.Td>
                  <Table.Td>{model.ifcSchema}</Table.Td>
                  <Table.Td>{model.status === "completed" ? model.elementCount : "—"}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{megabytes(model.size)}</Table.Td>
                  <Table.Td miw={140}>
                    {model.status === "uploading" ? (
                      <Stack gap={2}>
                        <Text size="xs">{t("status.uploading")}</Text>
                        <Progress value={progress[model.id] ?? model.progress} size="sm" />
                      </Stack>
                    ) : (
                      <Badge variant="light" color={model.status === "completed" ? "teal" : "red"}>
                        {t(`status.${model.status}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-xs"
                        variant={opened?.id === model.id ? "filled" : "light"}
                        leftSection={<IconCube size={14} />}
                        disabled={model.status !== "completed"}
                        onClick={() => setOpenedId(opened?.id === model.id ? null : model.id)}
                      >
                        {t("open")}
                      </Button>
                      {canWrite ? (
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          onClick={() => void askDelete(model)}
                          aria-label={t("delete", { name: model.name })}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {opened ? (
        <BimViewer
          key={opened.id}
          spaceId={spaceId}
          model={opened}
          canEditProfiles={role.data?.abilities.includes("space:write") ?? false}
        />
      ) : null}
    </Stack>
  );
}
