import {
  ActionIcon,
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { AVATAR_MEDIA_TYPES, type EpsPhoto } from "@planum/contracts";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { confirm } from "../../ui/confirm-dialog";
import { useObjectUrl } from "../../ui/use-object-url";
import { structureKeys, useNodeRole } from "./structure-api";

/** A photo of a node's gallery as `GET /eps/{id}/photos` answers. */
export type NodePhoto = EpsPhoto;

/** The image types the server accepts (it checks the bytes; the picker only narrows the choice). */
const ACCEPT = AVATAR_MEDIA_TYPES.join(",");

const photoPath = (nodeId: string, photoId?: string) =>
  `/eps/${encodeURIComponent(nodeId)}/photos${photoId ? `/${encodeURIComponent(photoId)}` : ""}`;

/** Under the node's key, so the live `eps_updated` refetch of a node also refreshes its gallery. */
const photosKey = (spaceId: string, nodeId: string) => [...structureKeys.node(spaceId, nodeId), "photos"] as const;
const photoBlobKey = (spaceId: string, photoId: string) => ["space", spaceId, "eps", "photo-blob", photoId] as const;

/** The image as an object URL: the bytes need the Authorization header, so they are fetched as a blob. */
function usePhotoUrl(spaceId: string, nodeId: string, photoId: string): string | null {
  const blob = useQuery({
    queryKey: photoBlobKey(spaceId, photoId),
    queryFn: () => api.get<Blob>(photoPath(nodeId, photoId), { responseType: "blob" }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data;
  return useObjectUrl(blob);
}

/** The node-info panel's gallery tab: thumbnails, a larger view, upload and delete for those who may change the node. */
export function NodeGallery({ spaceId, nodeId }: { spaceId: string; nodeId: string }) {
  const { t } = useTranslation("structure");
  const queryClient = useQueryClient();
  const key = photosKey(spaceId, nodeId);
  const photos = useQuery({ queryKey: key, queryFn: () => api.get<NodePhoto[]>(photoPath(nodeId)) });
  const role = useNodeRole(spaceId, nodeId);
  const canWrite = role.data?.abilities.includes("eps:write") ?? false;
  const [opened, setOpened] = useState<NodePhoto | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append("file", file);
      return api.post<NodePhoto>(photoPath(nodeId), undefined, { formData });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (photoId: string) => api.delete<null>(photoPath(nodeId, photoId)),
    onSuccess: (_, photoId) => {
      setOpened((current) => (current?.id === photoId ? null : current));
      queryClient.removeQueries({ queryKey: photoBlobKey(spaceId, photoId) });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const askDelete = async (photo: NodePhoto) => {
    const { confirmed } = await confirm({ message: t("gallery.deleteMessage", { name: photo.name }), danger: true });
    if (confirmed) remove.mutate(photo.id);
  };

  return (
    <Stack gap="sm">
      {canWrite ? (
        <Group justify="flex-end">
          <FileButton onChange={(file) => file && upload.mutate(file)} accept={ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={14} />}
                loading={upload.isPending}
              >
                {t("gallery.upload")}
              </Button>
            )}
          </FileButton>
        </Group>
      ) : null}
      {photos.isPending ? (
        <Skeleton h={120} />
      ) : (photos.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("gallery.none")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
          {(photos.data ?? []).map((photo) => (
            <Thumbnail
              key={photo.id}
              spaceId={spaceId}
              nodeId={nodeId}
              photo={photo}
              onOpen={() => setOpened(photo)}
              onDelete={canWrite ? () => void askDelete(photo) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={opened !== null} onClose={() => setOpened(null)} title={opened?.name} size="xl" centered>
        {opened ? <LargeView spaceId={spaceId} nodeId={nodeId} photo={opened} /> : null}
      </Modal>
    </Stack>
  );
}

function Thumbnail({
  spaceId,
  nodeId,
  photo,
  onOpen,
  onDelete,
}: {
  spaceId: string;
  nodeId: string;
  photo: NodePhoto;
  onOpen: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation("structure");
  const url = usePhotoUrl(spaceId, nodeId, photo.id);
  return (
    <Box pos="relative">
      <UnstyledButton onClick={onOpen} aria-label={t("gallery.open", { name: photo.name })} w="100%">
        {url ? (
          <Image src={url} alt={photo.caption ?? photo.name} h={120} radius="sm" fit="cover" />
        ) : (
          <Skeleton h={120} radius="sm" />
        )}
      </UnstyledButton>
      {onDelete ? (
        <ActionIcon
          pos="absolute"
          top={4}
          right={4}
          size="sm"
          color="red"
          variant="filled"
          onClick={onDelete}
          aria-label={t("gallery.delete", { name: photo.name })}
        >
          <IconTrash size={14} />
        </ActionIcon>
      ) : null}
    </Box>
  );
}

function LargeView({ spaceId, nodeId, photo }: { spaceId: string; nodeId: string; photo: NodePhoto }) {
  const url = usePhotoUrl(spaceId, nodeId, photo.id);
  if (!url)
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  return <Image src={url} alt={photo.caption ?? photo.name} fit="contain" mah="75vh" />;
}
