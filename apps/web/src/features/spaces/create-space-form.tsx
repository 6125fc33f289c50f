import { Button, Divider, Paper, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { createSpaceBody, SPACE_TYPES, type Space } from "@planum/contracts";
import { IconSparkles } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../shared/query-keys";
import { notifySuccess } from "../../ui/notify";
import { useZodForm } from "../../ui/use-zod-form";
import type { SpaceJobs } from "./space-jobs";
import { spacesApi } from "./spaces-api";

export function CreateSpaceForm({ jobs }: { jobs: SpaceJobs }) {
  const { t } = useTranslation("spaces");
  const queryClient = useQueryClient();
  const form = useZodForm(createSpaceBody, { name: "", type: "site" });

  const addToList = (space: Space) => {
    queryClient.setQueryData<Space[]>(queryKeys.spaces, (list) => (list ? [...list, space] : [space]));
    void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
  };

  const create = useMutation({
    mutationFn: spacesApi.create,
    onSuccess: (space) => {
      addToList(space);
      notifySuccess(t("create.done", { name: space.name }), { long: true });
      form.reset();
    },
  });

  const demo = useMutation({
    mutationFn: async () => {
      const space = await spacesApi.create({ name: t("demo.name"), type: "corporate" });
      addToList(space);
      const job = await jobs.track("demo_space", space.id);
      try {
        await spacesApi.fillDemo(space.id);
      } catch (error) {
        jobs.cancel(job);
        throw error;
      }
      return space;
    },
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t("create.title")}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const body = form.validate();
            if (body) create.mutate(body);
          }}
        >
          <Stack gap="md">
            <TextInput label={t("fields.name")} withAsterisk {...form.inputProps("name")} />
            <Radio.Group
              label={t("fields.type")}
              value={String(form.values.type)}
              onChange={(value) => form.setValue("type", value)}
              error={form.errorOf("type")}
            >
              <Stack gap={8} mt={6}>
                {SPACE_TYPES.map((type) => (
                  <Radio key={type} value={type} label={t(`type.${type}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Button type="submit" loading={create.isPending}>
              {t("create.submit")}
            </Button>
          </Stack>
        </form>
        <Divider label={t("create.or")} labelPosition="center" />
        <Stack gap={6}>
          <Button
            variant="light"
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
            leftSection={<IconSparkles size={18} />}
            loading={demo.isPending}
            onClick={() => demo.mutate()}
          >
            {t("demo.submit")}
          </Button>
          <Text size="xs" c="dimmed">
            {t("demo.hint")}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
