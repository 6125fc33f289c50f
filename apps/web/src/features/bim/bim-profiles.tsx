import { ActionIcon, Button, Checkbox, ColorInput, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import type { BimAppearanceProfile, BimAppearanceRule } from "@planum/contracts";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { bimKeys, bimViewerApi } from "./bim-api";

interface Props {
  spaceId: string;
  /** The profile to edit; null: a new one. */
  profile: BimAppearanceProfile | null;
  /** IFC types of the opened model, offered for the rules. */
  types: string[];
  onClose: () => void;
  onSaved: (profile: BimAppearanceProfile | null) => void;
}

/** Edits an appearance profile of the space: its name and, per IFC type, a colour or hiding. */
export function BimProfileEditor({ spaceId, profile, types, onClose, onSaved }: Props) {
  const { t } = useTranslation("bim");
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile?.name ?? "");
  const [rules, setRules] = useState<BimAppearanceRule[]>(profile?.rules ?? []);
  const done = (saved: BimAppearanceProfile | null) => {
    void queryClient.invalidateQueries({ queryKey: bimKeys.profiles(spaceId) });
    onSaved(saved);
  };
  const save = useMutation({
    mutationFn: () =>
      profile
        ? bimViewerApi.updateProfile(spaceId, profile.id, { name: name.trim(), rules })
        : bimViewerApi.createProfile(spaceId, { name: name.trim(), rules }),
    onSuccess: done,
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => bimViewerApi.deleteProfile(spaceId, profile!.id),
    onSuccess: () => done(null),
    onError: notifyError,
  });
  const change = (index: number, patch: Partial<BimAppearanceRule>) =>
    setRules(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  const unused = types.filter((type) => !rules.some((rule) => rule.ifcType === type));

  return (
    <Modal opened onClose={onClose} title={profile ? t("profiles.edit") : t("profiles.new")} size="lg">
      <Stack gap="xs">
        <TextInput
          label={t("profiles.name")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        {rules.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("profiles.noRules")}
          </Text>
        ) : null}
        {rules.map((rule, index) => (
          <Group key={rule.ifcType} gap="xs" wrap="wrap" align="flex-end" data-testid="bim-profile-rule">
            <Text size="sm" style={{ flex: "1 1 160px", overflowWrap: "anywhere" }}>
              {rule.ifcType.replace(/^Ifc/, "")}
            </Text>
            <ColorInput
              size="xs"
              w={130}
              aria-label={t("profiles.colour", { type: rule.ifcType })}
              placeholder={t("profiles.ownColour")}
              disabled={rule.hidden}
              value={rule.colour ?? ""}
              onChange={(value) => change(index, { colour: /^#[0-9a-f]{6}$/i.test(value) ? value : null })}
              format="hex"
            />
            <Checkbox
              size="xs"
              label={t("profiles.hidden")}
              checked={rule.hidden}
              onChange={(event) => change(index, { hidden: event.currentTarget.checked })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("profiles.removeRule", { type: rule.ifcType })}
              onClick={() => setRules(rules.filter((_, i) => i !== index))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Select
          size="xs"
          searchable
          placeholder={t("profiles.addType")}
          aria-label={t("profiles.addType")}
          leftSection={<IconPlus size={14} />}
          data={unused.map((type) => ({ value: type, label: type.replace(/^Ifc/, "") }))}
          value={null}
          onChange={(type) => type && setRules([...rules, { ifcType: type, colour: "#4dabf7", hidden: false }])}
        />
        <Group justify="space-between" mt="xs">
          {profile ? (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t("profiles.delete")}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("profiles.cancel")}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              {t("profiles.save")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
