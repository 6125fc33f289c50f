import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type EpsKind, nameField, nodeKeyField } from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorsOf } from "../../shared/api-error";
import { i18n } from "../../shared/i18n";
import { notifyErrors, notifySuccess } from "../../ui/notify";
import { useZodForm } from "../../ui/use-zod-form";
import { structureApi, structureKeys } from "./structure-api";

/** What the "create node" form makes (spec §2 form flag "create node"): a tree node or a project's schedule. */
export type CreateKind = EpsKind | "schedule";

export interface CreateTarget {
  spaceId: string;
  kind: CreateKind;
  parent: { id: string; name: string } | null;
  /** Called with the new node's id (or the schedule's project id) once it exists. */
  onCreated: (id: string) => void;
}

const nodeForm = z.object({ name: nameField, key: nodeKeyField.optional() });

export function openCreateNode(target: CreateTarget): void {
  const modalId = `create-${target.kind}`;
  modals.open({
    modalId,
    title: i18n.t(`structure:create.title.${target.kind}`),
    centered: true,
    closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
    children: <CreateNodeForm target={target} onDone={() => modals.close(modalId)} />,
  });
}

function CreateNodeForm({ target, onDone }: { target: CreateTarget; onDone: () => void }) {
  const { t } = useTranslation("structure");
  const queryClient = useQueryClient();
  const form = useZodForm(nodeForm, { name: "", key: "" });
  const withKey = target.kind !== "schedule";
  const create = useMutation({
    meta: { silentError: true },
    mutationFn: async (body: z.infer<typeof nodeForm>) => {
      if (target.kind === "schedule") {
        await structureApi.createSchedule(target.parent!.id, body.name);
        return target.parent!.id;
      }
      return (await structureApi.create(target.kind, target.parent?.id ?? null, body)).id;
    },
    onSuccess: (id) => {
      const { spaceId } = target;
      if (target.kind === "schedule")
        void queryClient.invalidateQueries({ queryKey: structureKeys.schedules(spaceId, id) });
      else {
        // the parent's own row changes too (it may have got its first child): ask every loaded branch again
        void queryClient.invalidateQueries({ queryKey: ["space", spaceId, "eps", "children"] });
        void queryClient.invalidateQueries({ queryKey: structureKeys.wholeTree(spaceId) });
      }
      notifySuccess(t(`create.done.${target.kind}`));
      target.onCreated(id);
      onDone();
    },
    onError: (error) => {
      const rest = form.applyServerErrors(errorsOf(error));
      if (rest.length > 0) notifyErrors(rest);
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = form.validate({ key: withKey && form.values.key.trim() ? form.values.key : undefined });
        if (body) create.mutate(body);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {target.parent ? t("create.parent", { name: target.parent.name }) : t("create.topLevel")}
        </Text>
        <TextInput label={t("fields.name")} withAsterisk data-autofocus {...form.inputProps("name")} />
        {withKey ? (
          <TextInput label={t("fields.key")} description={t("create.keyHint")} {...form.inputProps("key")} />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t("create.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
