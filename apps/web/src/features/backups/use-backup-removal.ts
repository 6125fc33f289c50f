import type { Backup } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";

/**
 * Deleting a backup after the user confirms it, named by its target and date — the same on the administration page
 * and in a project's backups; only the call that deletes differs.
 */
export function useBackupRemoval(removeBackup: (backup: Backup) => Promise<unknown>, refresh: () => void) {
  const { t } = useTranslation("admin");
  const remove = useMutation({
    mutationFn: removeBackup,
    onSuccess: () => {
      notifySuccess(t("backups.deleted"));
      refresh();
    },
  });
  const askRemove = async (backup: Backup) => {
    const { confirmed } = await confirm({
      title: t("backups.deleteTitle"),
      message: t("backups.deleteMessage", {
        name: backup.targetName,
        date: dayjs(backup.createdAt).format("DD.MM.YYYY HH:mm"),
      }),
      confirmLabel: t("backups.delete"),
      danger: true,
    });
    if (confirmed) remove.mutate(backup);
  };
  return { askRemove, removing: remove.isPending };
}
