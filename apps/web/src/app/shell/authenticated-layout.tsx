import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { User } from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { RealtimeProvider } from "../../features/realtime";
import { IdleWatcher, meQueryKey, RequireAuth, signOut, useMe } from "../../features/session";
import { api } from "../../shared/api-client";

/** Every signed-in route: the session check, the idle watcher, the socket, and the privacy-policy acceptance. */
export function AuthenticatedLayout() {
  return (
    <RequireAuth>
      <IdleWatcher />
      <RealtimeProvider>
        <PrivacyPolicyGate />
        <Outlet />
      </RealtimeProvider>
    </RequireAuth>
  );
}

/** A user who has not accepted the privacy policy (created by an administrator) accepts it before working. */
function PrivacyPolicyGate() {
  const { t } = useTranslation("shell");
  const queryClient = useQueryClient();
  const { data: user } = useMe();
  const accept = useMutation({
    mutationFn: () => api.put<User>("/users/accept-privacy-policy"),
    onSuccess: (updated) => queryClient.setQueryData(meQueryKey, updated),
  });
  const open = Boolean(user && user.privacyPolicyAcceptedAt === null);
  return (
    <Modal
      opened={open}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t("privacy.title")}
    >
      <Stack gap="md">
        <Text size="sm">{t("privacy.message")}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void signOut(queryClient)}>
            {t("userMenu.logout")}
          </Button>
          <Button loading={accept.isPending} onClick={() => accept.mutate()}>
            {t("privacy.accept")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
