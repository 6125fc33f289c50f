import { useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useCallback } from "react";
import { getToken } from "../../shared/session-store";
import { notifyError } from "../../ui/notify";
import { profileApi, useStoreUser } from "./profile-api";

/** Dark mode: Mantine's colour scheme (kept in localStorage) and, when signed in, the profile's darkMode. */
export function useDarkMode() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const storeUser = useStoreUser();
  const dark = computed === "dark";
  const setDark = useCallback(
    async (next: boolean) => {
      setColorScheme(next ? "dark" : "light");
      if (!getToken()) return;
      try {
        storeUser(await profileApi.update({ darkMode: next }));
      } catch (error) {
        notifyError(error);
      }
    },
    [setColorScheme, storeUser],
  );
  return { dark, setDark };
}
