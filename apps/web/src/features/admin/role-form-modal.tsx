import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { createRoleBody, type RoleDto, toLanguage } from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf } from "../../shared/api-error";
import { i18n } from "../../shared/i18n";
import { notifyErrors, notifySuccess } from "../../ui/notify";
import { issuesByField, issueText } from "../../ui/use-zod-form";
import { adminApi } from "./admin-api";
import { abilityKey, groupAbilities, toggleAbility } from "./role-abilities";

export function openRoleForm(spaceId: string, role?: RoleDto): void {
  const modalId = "role-form";
  modals.open({
    modalId,
    title: i18n.t(role ? "admin:roles.editTitle" : "admin:roles.createTitle"),
    centered: true,
    size: "xl",
    closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
    children: <RoleForm spaceId={spaceId} role={role} onDone={() => modals.close(modalId)} />,
  });
}

/** A role's name and abilities, domain by domain. */
function RoleForm({ spaceId, role, onDone }: { spaceId: string; role?: RoleDto; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [name, setName] = useState(role?.name ?? "");
  const [abilities, setAbilities] = useState<string[]>(role?.abilities ?? ["space:read", "eps:read"]);
  const [nameError, setNameError] = useState<string | undefined>();
  const language = toLanguage(i18n.language) ?? "ru";

  const save = useMutation({
    meta: { silentError: true },
    mutationFn: () =>
      role ? adminApi.updateRole(role.id, { name, abilities }) : adminApi.createRole({ name, abilities }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["space", spaceId, "roles"] });
      notifySuccess(t(role ? "roles.saved" : "roles.created"));
      onDone();
    },
    onError: (error) => {
      const rest = errorsOf(error).filter((e) => {
        if (e.params?.field !== "name") return true;
        setNameError(issueText({ code: e.code, params: e.params }, language));
        return false;
      });
      if (rest.length > 0) notifyErrors(rest);
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = createRoleBody.safeParse({ name, abilities });
        if (!parsed.success) {
          const issue = issuesByField(parsed.error).name;
          if (issue) return setNameError(issueText(issue, language));
        }
        save.mutate();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t("roles.name")}
          withAsterisk
          data-autofocus
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(undefined);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {groupAbilities().map((group) => (
            <Stack key={group.domain} gap={6}>
              <Text size="sm" fw={600}>
                {t(`domains.${group.domain}`)}
              </Text>
              {group.abilities.map((ability) => (
                <Checkbox
                  key={ability}
                  label={t(`abilities.${abilityKey(ability)}`)}
                  checked={abilities.includes(ability)}
                  onChange={(event) => {
                    // read now: React clears currentTarget before the state updater runs
                    const on = event.currentTarget.checked;
                    setAbilities((current) => toggleAbility(current, ability, on));
                  }}
                />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {role ? t("common:actions.save") : t("roles.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
