import { Alert, Button, Group, Text } from "@mantine/core";
import type { Version } from "@planum/contracts";
import { IconRefresh } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { workspaceApi, workspaceKeys } from "./workspace-api";

/**
 * The version's file details (assignments, activity codes, UDF values) failed to import: why, and — for whoever may
 * write the schedule — a retry that starts a new job after what the failed one had written.
 */
export function DetailsFailedAlert({
  version,
  scheduleId,
  canRetry,
}: {
  version: Version;
  scheduleId: string;
  canRetry: boolean;
}) {
  const { t } = useTranslation("workspace");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await workspaceApi.retryDetails(version.id);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.versions(scheduleId) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="red" py={6} title={t("importDetails.failed")} style={{ flex: "none" }} data-testid="details-failed">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }} lineClamp={3}>
          {version.detailsError}
        </Text>
        {canRetry && !version.locked && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            loading={busy}
            onClick={retry}
            style={{ flex: "none" }}
          >
            {t("importDetails.retry")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
