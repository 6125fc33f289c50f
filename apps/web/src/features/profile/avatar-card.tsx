import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MEDIA_TYPES,
  type ErrorCode,
  errorMessage,
  toLanguage,
  type User,
} from "@planum/contracts";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { SectionCard } from "../../ui/section-card";
import { useObjectUrl } from "../../ui/use-object-url";
import { profileApi, useStoreUser } from "./profile-api";
import { initialsOf, UserAvatar } from "./user-avatar";

const MAX_MB = `${AVATAR_MAX_BYTES / 1024 / 1024} MB`;

/** Avatar: choose an image (checked here: type and 2 MB), see it, then upload; or delete the current one. */
export function AvatarCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation("profile");
  const storeUser = useStoreUser();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ code: ErrorCode; params?: Record<string, string> } | null>(null);
  const preview = useObjectUrl(file);

  const upload = useMutation({
    mutationFn: profileApi.uploadAvatar,
    onSuccess: (updated) => {
      storeUser(updated);
      setFile(null);
      notifySuccess(t("avatar.uploaded"));
    },
  });
  const remove = useMutation({
    mutationFn: profileApi.deleteAvatar,
    onSuccess: (updated) => {
      storeUser(updated);
      notifySuccess(t("avatar.deleted"));
    },
  });

  const choose = (chosen: File | null) => {
    setProblem(null);
    if (!chosen) return;
    if (!(AVATAR_MEDIA_TYPES as readonly string[]).includes(chosen.type)) {
      setProblem({ code: "UnsupportedFileType" });
      return;
    }
    if (chosen.size > AVATAR_MAX_BYTES) {
      setProblem({ code: "FileTooLarge", params: { max: MAX_MB } });
      return;
    }
    setFile(chosen);
  };

  const askDelete = async () => {
    const { confirmed } = await confirm({ message: t("avatar.deleteMessage"), danger: true });
    if (confirmed) remove.mutate();
  };

  const language = toLanguage(i18n.language) ?? "ru";
  return (
    <SectionCard title={t("avatar.title")}>
      <Group gap="lg" wrap="nowrap" align="center">
        {preview ? (
          <Avatar src={preview} size={88} radius={88} alt={t("avatar.preview")}>
            {initialsOf(user)}
          </Avatar>
        ) : (
          <UserAvatar user={user} size={88} radius={88} />
        )}
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {preview ? t("avatar.previewHint") : t("avatar.hint", { max: MAX_MB })}
          </Text>
          {problem ? (
            <Text size="sm" c="red" role="alert">
              {errorMessage(language, problem.code, problem.params)}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Group gap="sm">
        {file ? (
          <>
            <Button onClick={() => upload.mutate(file)} loading={upload.isPending}>
              {t("avatar.upload")}
            </Button>
            <Button variant="default" onClick={() => setFile(null)} disabled={upload.isPending}>
              {t("common:actions.cancel")}
            </Button>
          </>
        ) : (
          <>
            <FileButton onChange={choose} accept={AVATAR_MEDIA_TYPES.join(",")}>
              {(props) => (
                <Button variant="light" leftSection={<IconPhotoUp size={18} />} {...props}>
                  {t("avatar.choose")}
                </Button>
              )}
            </FileButton>
            {user.hasAvatar ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => void askDelete()}
                loading={remove.isPending}
              >
                {t("avatar.delete")}
              </Button>
            ) : null}
          </>
        )}
      </Group>
    </SectionCard>
  );
}
