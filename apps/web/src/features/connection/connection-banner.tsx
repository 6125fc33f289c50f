import { Button, Group, Paper, Text } from "@mantine/core";
import { IconPlugConnectedX } from "@tabler/icons-react";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { getConnectionState, retryNow, subscribeConnection } from "../../shared/connection";

/** The tab's connection state as React state. */
export function useConnectionState() {
  return useSyncExternalStore(subscribeConnection, getConnectionState, getConnectionState);
}

/**
 * The one message shown while the server cannot be reached (instead of an error toast per failed call). It goes away
 * by itself once the server answers again; "Reconnect now" asks at once and never waits longer than one probe.
 */
export function ConnectionBanner() {
  const { t } = useTranslation("common");
  const state = useConnectionState();
  const { pathname } = useLocation();
  const [checking, setChecking] = useState(false);
  // the reconnect page says it itself
  if (state === "online" || pathname.startsWith("/disconnect")) return null;

  const retry = async () => {
    setChecking(true);
    try {
      await retryNow();
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="connection-banner"
      withBorder
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      pos="fixed"
      top={12}
      left="50%"
      maw="calc(100vw - 24px)"
      style={{ transform: "translateX(-50%)", zIndex: 1100, borderColor: "var(--mantine-color-orange-6)" }}
    >
      <Group gap="sm" wrap="nowrap">
        <IconPlugConnectedX size={22} stroke={1.5} color="var(--mantine-color-orange-6)" style={{ flexShrink: 0 }} />
        <div>
          <Text size="sm" fw={600}>
            {t("connection.lost")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("connection.retrying")}
          </Text>
        </div>
        <Button size="xs" variant="light" loading={checking} onClick={() => void retry()} style={{ flexShrink: 0 }}>
          {t("connection.retryNow")}
        </Button>
      </Group>
    </Paper>
  );
}
