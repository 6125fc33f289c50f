import { Button, Group, Stack, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { renameSpaceBody, type Space } from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { i18n } from "../../shared/i18n";
import { queryKeys } from "../../shared/query-keys";
import { notifySuccess } from "../../ui/notify";
import { useZodForm } from "../../ui/use-zod-form";
import { spacesApi } from "./spaces-api";

export function openRenameSpace(space: Space): void {
  const id = `rename-space-${space.id}`;
  modals.open({
    modalId: id,
    title: i18n.t("spaces:rename.title"),
    centered: true,
    closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
    children: <RenameSpaceForm space={space} onDone={() => modals.close(id)} />,
  });
}

function RenameSpaceForm({ space, onDone }: { space: Space; onDone: () => void }) {
  const { t } = useTranslation("spaces");
  const queryClient = useQueryClient();
  const form = useZodForm(renameSpaceBody, { name: space.name });
  const rename = useMutation({
    mutationFn: (name: string) => spacesApi.rename(space.id, name),
    onSuccess: (updated) => {
      queryClient.setQueryData<Space[]>(queryKeys.spaces, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
      notifySuccess(t("rename.done"));
      onDone();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = form.validate();
        if (body) rename.mutate(body.name);
      }}
    >
      <Stack gap="md">
        <TextInput label={t("fields.name")} withAsterisk data-autofocus {...form.inputProps("name")} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
