import { ActionIcon, Badge, Checkbox, Group, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import {
  DELEGATION_DUTIES,
  type Delegation,
  type DelegationDuty,
  type ErrorCode,
  formatUserDate,
  parseUserDate,
} from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../shared/api-error";
import { notifySuccess } from "../../ui/notify";
import { SectionCard } from "../../ui/section-card";
import { useMe } from "../session";
import { useSpaceMembers } from "../spaces";
import { delegationApi, delegationKeys, useGivenDelegations, useReceivedDelegations } from "./delegation-api";

type Field = "toUserId" | "period" | "duties";
/** Which field a refusal of the server belongs under (the toast says it too). */
const FIELD_OF: Partial<Record<ErrorCode, Field>> = {
  DelegationToSelf: "toUserId",
  DelegationOutsideSpace: "toUserId",
  DelegationPeriod: "period",
  DelegationOverlap: "period",
  InvalidDate: "period",
  DelegationNoDuties: "duties",
};

/**
 * Delegation of duties in the profile (spec §6): hand one's approvals, timesheets, assignments or notices to another
 * member for a period (dates typed DD.MM.YYYY, spec §5), and the given and received lists. The server refuses a
 * delegation to oneself, to someone outside the space and overlapping periods; its message shows under the field.
 */
export function DelegationCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("delegation");
  const me = useMe();
  const queryClient = useQueryClient();
  const members = useSpaceMembers(spaceId);
  const given = useGivenDelegations(spaceId);
  const received = useReceivedDelegations(spaceId);
  const [toUserId, setToUserId] = useState<string | null>(null);
  const [startsOn, setStartsOn] = useState("");
  const [endsOn, setEndsOn] = useState("");
  const [duties, setDuties] = useState<DelegationDuty[]>([...DELEGATION_DUTIES]);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: delegationKeys.all(spaceId) });
  const create = useMutation({
    mutationFn: () =>
      delegationApi.create({
        toUserId: toUserId ?? "",
        duties,
        startsOn: parseUserDate(startsOn.trim()) ?? startsOn,
        endsOn: parseUserDate(endsOn.trim()) ?? endsOn,
        comment: comment.trim() || undefined,
      }),
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) return;
      const next: Partial<Record<Field, string>> = {};
      for (const e of error.errors) {
        const field = FIELD_OF[e.code] ?? (e.params?.field === "toUserId" ? "toUserId" : undefined);
        if (field && !next[field]) next[field] = e.message;
      }
      setErrors(next);
    },
    onSuccess: () => {
      setErrors({});
      setToUserId(null);
      setStartsOn("");
      setEndsOn("");
      setComment("");
      notifySuccess(t("given.saved"));
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: delegationApi.remove, onSuccess: () => void refresh() });
  const options = (members.data ?? [])
    .filter((m) => m.userId !== me.data?.id && m.status === "active")
    .map((m) => ({ value: m.userId, label: `${m.lastName} ${m.firstName}`.trim() || m.login }));
  return (
    <SectionCard
      title={t("title")}
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
      submit={{ label: t("form.submit"), loading: create.isPending, variant: "light" }}
    >
      <Text size="sm" c="dimmed">
        {t("hint")}
      </Text>
      <DelegationList
        title={t("given.title")}
        empty={t("given.none")}
        items={given.data}
        testId="delegations-given"
        person={(d) => t("given.to", { name: d.to.name })}
        onWithdraw={(d) => remove.mutate(d.id)}
      />
      <DelegationList
        title={t("received.title")}
        empty={t("received.none")}
        items={received.data}
        testId="delegations-received"
        person={(d) => t("received.from", { name: d.from.name })}
      />
      <Text fw={500} size="sm">
        {t("form.title")}
      </Text>
      <Select
        label={t("form.to")}
        placeholder={t("form.toPlaceholder")}
        data={options}
        value={toUserId}
        onChange={setToUserId}
        error={errors.toUserId}
        searchable
        data-testid="delegation-to"
      />
      <Group grow align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={t("form.startsOn")}
          placeholder={t("form.datePlaceholder")}
          value={startsOn}
          miw={140}
          onChange={(event) => setStartsOn(event.currentTarget.value)}
          error={errors.period}
          data-testid="delegation-starts"
        />
        <TextInput
          label={t("form.endsOn")}
          placeholder={t("form.datePlaceholder")}
          value={endsOn}
          miw={140}
          onChange={(event) => setEndsOn(event.currentTarget.value)}
          error={errors.period ? true : undefined}
          data-testid="delegation-ends"
        />
      </Group>
      <Checkbox.Group
        label={t("form.duties")}
        value={duties}
        onChange={(value) => setDuties(DELEGATION_DUTIES.filter((duty) => value.includes(duty)))}
        error={errors.duties}
      >
        <Stack gap={6} mt={6}>
          {DELEGATION_DUTIES.map((duty) => (
            <Checkbox key={duty} value={duty} label={t(`duty.${duty}`)} description={t(`dutyHint.${duty}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label={t("form.comment")}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
    </SectionCard>
  );
}

function DelegationList({
  title,
  empty,
  items,
  testId,
  person,
  onWithdraw,
}: {
  title: string;
  empty: string;
  items: Delegation[] | undefined;
  testId: string;
  person: (d: Delegation) => string;
  onWithdraw?: (d: Delegation) => void;
}) {
  const { t } = useTranslation("delegation");
  return (
    <Stack gap={6} data-testid={testId}>
      <Text fw={500} size="sm">
        {title}
      </Text>
      {items?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : null}
      {items?.map((d) => (
        <Group key={d.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="delegation">
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                {person(d)}
              </Text>
              {d.active ? (
                <Badge size="xs" variant="light" color="green">
                  {t("active")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("period", { from: formatUserDate(d.startsOn), to: formatUserDate(d.endsOn) })} ·{" "}
              {d.duties.map((duty) => t(`duty.${duty}`)).join(", ")}
              {d.comment ? ` · ${d.comment}` : ""}
            </Text>
          </Stack>
          {onWithdraw ? (
            <Tooltip label={t("given.withdraw")}>
              <ActionIcon variant="subtle" color="gray" aria-label={t("given.withdraw")} onClick={() => onWithdraw(d)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
