import { Modal, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { Guide } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";

/** The system guide (spec §7 `GET /guide`) in the interface's language, opened from the user menu. */
export function GuideModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation("shell");
  const guide = useQuery({
    // The answer follows the X-Language header: a language switch reads it again.
    queryKey: ["guide", i18n.language],
    queryFn: () => api.get<Guide>("/guide"),
    enabled: opened,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={guide.data?.title ?? t("userMenu.guide")} size="lg">
      {!guide.data ? (
        <Skeleton h={200} />
      ) : (
        <Stack gap="md">
          {guide.data.sections.map((section) => (
            <section key={section.id} aria-labelledby={`guide-${section.id}`}>
              <Title order={3} size="h5" id={`guide-${section.id}`} mb={4}>
                {section.title}
              </Title>
              <Stack gap={6}>
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph} size="sm">
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
